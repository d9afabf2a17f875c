import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { useNow } from '../../lib/use-now';
import { NotificationItem, useMarkAllRead } from './notification-items';

/** /notifications: every notification, newest first, a page at a time. */
export function NotificationsPage() {
  const history = trpc.notifications.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor, staleTime: 0, refetchOnMount: 'always' });
  const unread = trpc.notifications.unreadCount.useQuery(undefined);
  const markAll = useMarkAllRead();
  const now = useNow();
  const items = history.data?.pages.flatMap((page) => page.items);
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Activities about your children, daily reports, bookings, replies and messages."
        actions={
          <Button variant="light" disabled={!unread.data?.unread} loading={markAll.isPending} onClick={() => markAll.mutate({})}>
            Mark all as read
          </Button>
        }
      />
      <Card withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <QueryState
          query={{ ...history, data: items }}
          signInTo="see your notifications"
          loading={<Text c="dimmed" size="sm" p="sm">Loading your notifications...</Text>}
          empty={{
            title: 'Nothing here yet',
            description: "When staff log something about your children, a booking changes or someone replies to you, you'll see it here.",
            icon: <IconBellOff size={22} stroke={1.6} aria-hidden />,
          }}
        >
          {(list) => (
            <Stack gap="xs">
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {list.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} now={now} />
                  </li>
                ))}
              </Stack>
              <Group justify="center">
                {history.hasNextPage ? (
                  <Button variant="light" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                    Show older notifications
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed" py="xs">
                    That's every notification.
                  </Text>
                )}
              </Group>
            </Stack>
          )}
        </QueryState>
      </Card>
    </>
  );
}
