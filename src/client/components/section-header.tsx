import { Anchor, Group, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';

/** A dashboard section's title, with a link to the full screen on the right. */
export function SectionHeader({ id, title, to, linkLabel }: { id: string; title: string; to: LinkProps['to']; linkLabel: string }) {
  return (
    <Group justify="space-between">
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      <Anchor component={Link} to={to} size="sm">
        {linkLabel}
      </Anchor>
    </Group>
  );
}
