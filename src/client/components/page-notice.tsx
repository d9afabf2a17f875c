import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from './links';

/** A page that only tells something (a link has expired, an email is on its way), then offers one way on. */
export function PageNotice({
  title,
  color,
  icon,
  next,
  children,
}: {
  title: string;
  color: 'blue' | 'orange';
  icon: ReactNode;
  next: { to: '/' | '/forgot-password' | '/sign-in'; label: ReactNode };
  children: ReactNode;
}) {
  return (
    <Card maw={420} mx="auto" mt={{ base: 'md', sm: 48 }} p="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Alert color={color} variant="light" icon={icon}>
          <Text size="sm">{children}</Text>
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
