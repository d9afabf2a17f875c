import type { TopicOwner } from '../../realtime/ws-route';
import { isStaff, type AuthenticatedUser } from '../../principal';
import { timeAgo } from '../../../shared/relative-time';
import { classroomChannel, type ActivityDto } from '../../../shared/schemas/monitoring';
import type { MonitoringService } from './monitoring.service';

/**
 * Monitoring owns the classroom channels on /ws: a camera id (the spec's form, so the default
 * for names without a prefix) or `classroom:<id>`. Every channel of a classroom listens to the
 * classroom's one topic. Each `activity.created` outbox event has one audience, the nursery's
 * staff or one family (the outbox writes one per family the activity is about, every family of
 * the room for a classroom-wide one), so each listener receives an activity exactly once.
 */
export function createMonitoringTopics(monitoring: MonitoringService, now: () => Date = () => new Date()): TopicOwner<AuthenticatedUser> {
  return {
    prefix: 'classroom',
    async topicFor(user, channel) {
      const target = await monitoring.findVisibleChannel(user, channel);
      return target && classroomChannel(target.classroomId);
    },
    refusal: (channel, { wasListening }) =>
      wasListening ? `You can no longer watch camera '${channel}'.` : `You cannot watch camera '${channel}'.`,
    deliveryOfEvent(event) {
      if (event.type !== 'activity.created') return undefined;
      const { activity, classroomId } = event.payload as { activity: ActivityDto; classroomId: number };
      const { familyId, nurseryId } = event;
      return {
        topic: classroomChannel(classroomId),
        delivery: {
          // timeAgo as of sending: a replayed activity is not "just now".
          message: { type: 'activity', data: { ...activity, timeAgo: timeAgo(new Date(activity.occurredAt), now()) }, eventId: event.id },
          audience: (user) => (familyId !== null ? !isStaff(user) && user.familyId === familyId : isStaff(user) && user.nurseryId === nurseryId),
        },
      };
    },
  };
}
