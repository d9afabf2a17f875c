import { ActionIcon, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useDropdownOnDemand } from '../../components/dropdown-on-demand';
import { useCurrentUser } from '../../lib/use-current-user';
import { useNow } from '../../lib/use-now';
import { trpc } from '../../lib/trpc';
import { NotificationItem, useMarkAllRead } from './notification-items';
import './notifications.css';

/** How many the bell's list shows; the rest are on /notifications. */
const LATEST = 8;

/** 'Notifications', or 'Notifications, 3 unread': the count is part of the button's name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The bell: the unread count, and a popover with the latest notifications, "Mark all as
 * read" and a way to the whole history. Signed out, a plain bell whose list says to sign in.
 */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const signedIn = user !== null;
  // Kept live by LiveNotifications (app/shell/notifications-popover.tsx), once for both bells.
  const count = trpc.notifications.unreadCount.useQuery(undefined, { enabled: signedIn });
  const unread = signedIn ? (count.data?.unread ?? 0) : 0;
  const [opened, setOpened] = useState(false);
  const dropdown = useDropdownOnDemand();
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={340} trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" className="nestling-bell" aria-label={bellLabel(unread)} onClick={() => {
            dropdown.mount();
            setOpened((o) => !o);
          }}
        >
          <IconBell size={20} aria-hidden />
          {unread > 0 && (
            <span className="nestling-bell-count" aria-hidden>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </ActionIcon>
      </Popover.Target>
      {dropdown.mounted && (
        <Popover.Dropdown p="xs" aria-label="Notifications" role="dialog">
          {opened && <LatestNotifications signedIn={signedIn} unread={unread} onNavigate={() => setOpened(false)} />}
        </Popover.Dropdown>
      )}
    </Popover>
  );
}

function LatestNotifications({ signedIn, unread, onNavigate }: { signedIn: boolean; unread: number; onNavigate: () => void }) {
  const latest = trpc.notifications.list.useQuery({ limit: LATEST }, { enabled: signedIn, staleTime: 0, refetchOnMount: 'always' });
  const markAll = useMarkAllRead();
  const now = useNow();
  const items = latest.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between" px="xs" pt={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          Notifications
        </Text>
        {signedIn && (
          <Button variant="subtle" size="compact-sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate({})}>
            Mark all as read
          </Button>
        )}
      </Group>
      {!signedIn ? (
        <Text size="sm" c="dimmed" px="xs" pb="xs">
          Sign in to see your notifications.
        </Text>
      ) : latest.isPending ? (
        <Text size="sm" c="dimmed" px="xs" pb="xs">
          Loading...
        </Text>
      ) : latest.error ? (
        <Text size="sm" c="dimmed" px="xs" pb="xs" role="alert">
          We couldn't load your notifications just now.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs" pb="xs">
          You're all caught up.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} now={now} onNavigate={onNavigate} />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {signedIn && (
        <Button component={Link} to="/notifications" variant="light" size="xs" onClick={onNavigate}>
          See all notifications
        </Button>
      )}
    </Stack>
  );
}
