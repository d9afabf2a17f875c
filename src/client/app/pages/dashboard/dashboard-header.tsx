import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { greeting, longDate } from '../../../../shared/display';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { AddChildButton } from '../../../features/children/add-child-button';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useServerClock } from '../../../lib/server-clock';

/** 'Good morning, Sarah Thompson' and today's date; the user's name, or 'Parent' when signed out. */
export function DashboardHeader({ now = new Date() }: { now?: Date }) {
  const { user } = useCurrentUser();
  // Until hydrated, the clock the server rendered with (lib/server-clock.ts).
  const serverClock = useServerClock();
  const clock = useMounted() ? undefined : serverClock;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {greeting(clock?.hour ?? now.getHours())}, {user?.name ?? 'Parent'}
        </Title>
        <Text c="dimmed" size="sm">
          {clock?.date ?? longDate(now)}
        </Text>
      </Stack>
      <Group gap="xs">
        <AddChildButton />
        <DeferredTooltip label="Settings">
          {/* Settings live on the Profile page: personal details, children and API access. */}
          <ActionIcon component={Link} to="/profile" variant="default" size={36} aria-label="Settings">
            <IconSettings size={18} aria-hidden />
          </ActionIcon>
        </DeferredTooltip>
      </Group>
    </Group>
  );
}
