import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-styles';
import { greeting, longDate } from '../../../../shared/display';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { useCurrentUser } from '../../../lib/use-current-user';

// The dialog brings the date picker; load it when a parent opens it, not with the dashboard.
const AddChildDialog = lazyNamed(() => import('../../../features/children/add-child-dialog'), 'AddChildDialog');

/** 'Good morning, Sarah Thompson' and today's date; the user's name, or 'Parent' when signed out. */
export function DashboardHeader({ now = new Date() }: { now?: Date }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [addingChild, setAddingChild] = useState(false);
  // Signed out, a child cannot be added yet: sign in first, then come back here.
  const addChild = () => (user ? setAddingChild(true) : void navigate({ to: '/sign-in', search: { redirect: '/' } }));
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {greeting(now.getHours())}, {user?.name ?? 'Parent'}
        </Title>
        <Text c="dimmed" size="sm">
          {longDate(now)}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={addChild}>
          Add Child
        </Button>
        <DeferredTooltip label="Settings">
          {/* Settings live on the Profile page: personal details, children and API access. */}
          <ActionIcon component={Link} to="/profile" variant="default" size={36} aria-label="Settings">
            <IconSettings size={18} aria-hidden />
          </ActionIcon>
        </DeferredTooltip>
      </Group>
      {addingChild && (
        <Suspense>
          <AddChildDialog onClose={() => setAddingChild(false)} />
        </Suspense>
      )}
    </Group>
  );
}
