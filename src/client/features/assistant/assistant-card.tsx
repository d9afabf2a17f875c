import { Card, Stack, Text, Title } from '@mantine/core';
import { Chat } from './chat';

/** The dashboard's Parenting Assistant card. */
export function AssistantCard() {
  return (
    <Card component="section" aria-labelledby="assistant-card-title" h="100%">
      <Stack gap={2} mb="md">
        <Title order={2} fz="lg" id="assistant-card-title">
          Parenting Assistant
        </Title>
        <Text size="sm" c="dimmed">
          Ask me anything about parenting
        </Text>
      </Stack>
      <Chat height="16rem" />
    </Card>
  );
}
