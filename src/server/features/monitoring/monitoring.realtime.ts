import type { TopicOwner } from '../../realtime/ws-route';
import { isStaff, type AuthenticatedUser } from '../../principal';
import { classroomChannel } from '../../../shared/schemas/monitoring';
import type { DeliverableActivity, MonitoringService } from './monitoring.service';

/**
 * Monitoring owns the classroom channels on /ws: a camera id (the spec's form, so the default
 * for names without a prefix) or `classroom:<id>`. Every channel of a classroom listens to the
 * classroom's one topic; an activity about particular children reaches only their families and
 * staff, a classroom-wide one every listener.
 */
export function createMonitoringTopics(monitoring: MonitoringService): TopicOwner<AuthenticatedUser> {
  return {
    prefix: 'classroom',
    async topicFor(user, channel) {
      const target = await monitoring.findVisibleChannel(user, channel);
      return target && classroomChannel(target.classroomId);
    },
    refusal: (channel, { wasListening }) =>
      wasListening ? `You can no longer watch camera '${channel}'.` : `You cannot watch camera '${channel}'.`,
    async deliveryOf(event, local) {
      // From another instance only ids arrive; the activity is then loaded from the saved row.
      const found = (local as DeliverableActivity | undefined) ?? (await monitoring.activityForDelivery(Number(event.data.activityId)));
      if (!found) return undefined;
      const { activity, familyIds } = found;
      return {
        message: { type: 'activity', data: activity },
        audience: familyIds.length === 0 ? undefined : (user) => isStaff(user) || (user.familyId !== null && familyIds.includes(user.familyId)),
      };
    },
  };
}
