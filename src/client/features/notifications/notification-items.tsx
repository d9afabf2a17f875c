import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { timeAgo } from '../../../shared/relative-time';
import type { NotificationDto } from '../../../shared/schemas/notifications';
import { trpc } from '../../lib/trpc';
import './notifications.css';

/** Marking one read keeps the count and the lists in step at once, before the live update arrives. */
export function useMarkRead() {
  const utils = trpc.useUtils();
  return trpc.notifications.markRead.useMutation({
    onSuccess: () => {
      void utils.notifications.unreadCount.invalidate();
      void utils.notifications.list.invalidate();
    },
  });
}

export function useMarkAllRead() {
  const utils = trpc.useUtils();
  return trpc.notifications.markAllRead.useMutation({
    onSuccess: (result) => {
      utils.notifications.unreadCount.setData(undefined, { unread: result.unread });
      void utils.notifications.list.invalidate();
    },
  });
}

/**
 * One notification as a link to where it leads; unread ones carry a dot and say so to screen
 * readers. Following it marks it read.
 */
export function NotificationItem({ notification, now, onNavigate }: { notification: NotificationDto; now: Date; onNavigate?: () => void }) {
  const router = useRouter();
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
  return (
    <UnstyledButton
      component="a"
      href={notification.link}
      className="nestling-notification"
      data-unread={unread || undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        if (unread) markRead.mutate({ id: notification.id });
        onNavigate?.();
        router.history.push(notification.link);
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className="nestling-notification-dot" data-unread={unread || undefined} aria-hidden mt={6} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
            {unread && <span className="nestling-visually-hidden">Unread: </span>}
            {notification.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {notification.body}
          </Text>
          <Text size="xs" c="dimmed">
            {timeAgo(new Date(notification.createdAt), now)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
