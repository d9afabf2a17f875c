import { useEffect } from 'react';
import { closeCodes } from '../../../shared/realtime-constants';
import { NOTIFICATIONS_CHANNEL } from '../../../shared/schemas/notifications';
import { feedUrl, retryDelay } from '../../lib/use-activity-feed';
import { trpc } from '../../lib/trpc';

const loadDecoder = () => import('../../../shared/realtime').then((module) => module.decodeServerMessage);

/**
 * Keeps the bell's count (and the lists, when open) live: its own socket on notifications:me,
 * reopened with backoff. Nothing is replayed on a rejoin, so every (re)join reloads the count.
 * Idle while nobody is signed in.
 */
export function useLiveNotifications(enabled: boolean) {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = async () => {
      const decodeServerMessage = await loadDecoder();
      if (stopped) return;
      const current = new WebSocket(feedUrl(NOTIFICATIONS_CHANNEL));
      socket = current;
      current.addEventListener('open', () => current.send(JSON.stringify({ type: 'join', channel: NOTIFICATIONS_CHANNEL })));
      current.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const decoded = decodeServerMessage(event.data);
        if (!decoded.ok) return;
        const message = decoded.message;
        if (message.type === 'joined') {
          attempt = 0;
          void utils.notifications.unreadCount.invalidate();
          void utils.notifications.list.invalidate();
        } else if (message.type === 'notification' || message.type === 'unread') {
          utils.notifications.unreadCount.setData(undefined, { unread: message.unread });
          void utils.notifications.list.invalidate();
        }
      });
      current.addEventListener('close', (event) => {
        if (stopped) return;
        if (event.code === closeCodes.notSignedIn || event.code === closeCodes.notAllowed) return;
        retryTimer = setTimeout(() => void connect(), retryDelay(attempt));
        attempt += 1;
      });
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close(1000, 'left the page');
    };
  }, [enabled, utils]);
}
