import { NOTIFICATIONS_CHANNEL } from '../../../shared/schemas/notifications';
import { trpc } from '../../lib/trpc';
import { useRealtimeChannel } from '../../lib/use-realtime-channel';

/**
 * Keeps the bell's count (and the lists, when open) live: its own socket on notifications:me,
 * reopened with backoff. Nothing is replayed on a rejoin, so every (re)join reloads the count.
 * Idle while nobody is signed in.
 */
export function useLiveNotifications(enabled: boolean) {
  const utils = trpc.useUtils();
  useRealtimeChannel(enabled ? NOTIFICATIONS_CHANNEL : null, {
    onJoin: () => {
      void utils.notifications.unreadCount.invalidate();
      void utils.notifications.list.invalidate();
    },
    onMessage: (message) => {
      if (message.type !== 'notification' && message.type !== 'unread') return;
      utils.notifications.unreadCount.setData(undefined, { unread: message.unread });
      void utils.notifications.list.invalidate();
    },
  });
}
