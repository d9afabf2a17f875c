import { Card, Text, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { Chat } from './chat';

export function AssistantPage() {
  return (
    <>
      <PageHeader title="Parenting Assistant" description="Friendly, practical answers drawn from trusted guidance. For anything urgent, contact your doctor." />
      <Card component="section" aria-labelledby="assistant-title" maw={900}>
        <Title order={2} fz="lg" id="assistant-title" mb="md">
          Ask me anything about parenting
        </Title>
        <Chat height="max(22rem, calc(100dvh - 22rem))" />
        <Text size="xs" c="dimmed" mt="sm">
          The assistant can make mistakes. It does not replace advice from your child's doctor or therapist.
        </Text>
      </Card>
    </>
  );
}
