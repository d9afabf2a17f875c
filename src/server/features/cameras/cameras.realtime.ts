import type { TopicOwner } from '../../realtime/ws-route';
import { isStaff, type AuthenticatedUser } from '../../principal';
import { CAMERA_CHANNEL_PREFIX, cameraClosedMessage, cameraOpenedMessage, type CameraClosedMessage } from '../../../shared/schemas/cameras';
import type { ActivityDto } from '../../../shared/schemas/monitoring';
import { cameraRoomTopic, type CamerasService } from './cameras.service';

/**
 * The cameras own `camera:<camera id>` on /ws: what a player listens to, to hear that its camera
 * closed. All cameras of a classroom share one topic. A child's departure (an `activity.created`
 * outbox event for their family) tells that family at once; pausing or switching off a camera
 * (a signal from the cameras service) tells every listener.
 */
export function createCameraTopics(cameras: CamerasService): TopicOwner<AuthenticatedUser> {
  return {
    prefix: CAMERA_CHANNEL_PREFIX.slice(0, -1),
    topicFor: (user, channel) => cameras.roomTopicFor(user, channel.slice(CAMERA_CHANNEL_PREFIX.length)),
    refusal: (channel) => `You cannot watch camera '${channel.slice(CAMERA_CHANNEL_PREFIX.length)}'.`,
    deliveryOfEvent(event) {
      if (event.type !== 'activity.created' || event.familyId === null) return undefined;
      const { activity, classroomId } = event.payload as { activity: ActivityDto; classroomId: number };
      if (activity.type !== 'departure' || activity.childIds.length === 0) return undefined;
      const familyId = event.familyId;
      const message: CameraClosedMessage = { type: 'camera_closed', reason: 'departed', childIds: activity.childIds };
      return {
        topic: cameraRoomTopic(classroomId),
        delivery: { message, audience: (user) => !isStaff(user) && user.familyId === familyId },
      };
    },
    deliveryOfSignal(signal) {
      const closed = cameraClosedMessage.safeParse(signal.data);
      if (closed.success) return { message: closed.data };
      const opened = cameraOpenedMessage.safeParse(signal.data);
      return opened.success ? { message: opened.data } : undefined;
    },
  };
}
