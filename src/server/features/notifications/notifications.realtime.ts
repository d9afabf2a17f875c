import type { TopicOwner } from '../../realtime/ws-route';
import type { AuthenticatedUser } from '../../principal';
import { NOTIFICATIONS_CHANNEL, notificationMessage, unreadMessage } from '../../../shared/schemas/notifications';
import { notificationsTopic } from './notifications.service';

/**
 * Notifications own the channel `notifications:me` on /ws: each signed-in user (staff too, whose
 * count stays 0) hears their own topic, `notifications:<user id>`, and nobody else's; no other
 * name under the prefix exists. What is sent comes from signals the service publishes after
 * commit; none is replayed, so the client reloads its count on every (re)join.
 */
export function createNotificationTopics(): TopicOwner<AuthenticatedUser> {
  return {
    prefix: 'notifications',
    topicFor: async (user, channel) => (channel === NOTIFICATIONS_CHANNEL ? notificationsTopic(user.id) : undefined),
    refusal: (channel) => `There is no channel '${channel}': join ${NOTIFICATIONS_CHANNEL} for your own notifications.`,
    deliveryOfEvent: () => undefined,
    deliveryOfSignal(signal) {
      const audience = (user: AuthenticatedUser) => notificationsTopic(user.id) === signal.topic;
      const { kind, ...data } = signal.data;
      // Parsed, not trusted: a signal from an instance on another release is dropped rather than sent malformed.
      const parsed = kind === 'notification' ? notificationMessage.safeParse({ type: 'notification', ...data }) : unreadMessage.safeParse({ type: 'unread', ...data });
      return parsed.success ? { message: parsed.data, audience } : undefined;
    },
  };
}
