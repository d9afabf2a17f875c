import type { EventType } from '../../../shared/schemas/events';

/** Each event a webhook can send, in a parent's words; the code beside it is what an app receives. */
export const EVENT_LABELS: Record<EventType, string> = {
  'booking.created': 'A booking is made',
  'booking.status_changed': 'A booking is confirmed or cancelled',
  'activity.created': 'The nursery logs an activity for your child',
  'child.created': 'A child is added to your family',
  'child.updated': "A child's details change",
  'post.created': 'Someone in your family posts in the community',
};
