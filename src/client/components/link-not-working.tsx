import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink } from './links';

/** The page a single-use link (a password reset, a family invitation) shows once it has been used or has expired. */
export function LinkNotWorking({ title, why, next }: { title: string; why: string; next: { to: '/' | '/forgot-password'; label: ReactNode } }) {
  return (
    <Card maw={420} mx="auto" mt={{ base: 'md', sm: 48 }} p="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Alert color="orange" variant="light" icon={<IconClockX size={20} aria-hidden />}>
          <Text size="sm">{why}</Text>
        </Alert>
        <Text size="sm" ta="center">
          <AnchorLink to={next.to} fw={600}>
            {next.label}
          </AnchorLink>
        </Text>
      </Stack>
    </Card>
  );
}
