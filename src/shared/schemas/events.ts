import { z } from 'zod';
import { bookingStatuses, cancelReasons } from '../booking-rules';
import { childOutput } from './children';
import { postOutput } from './community';
import { mentalHealthBookingOutput, mentalHealthBookingStatuses } from './mental-health';
import { activityOutput } from './monitoring';
import { bookingOutput } from './shadow-bookings';

/**
 * Every domain event the outbox records and webhooks deliver. A receiver subscribes to some of
 * them; `booking.*` covers shadow-teacher and mental-health bookings alike (`bookingType`).
 */
export const eventTypes = ['booking.created', 'booking.status_changed', 'activity.created', 'child.created', 'child.updated', 'post.created'] as const;
export const eventType = z.enum(eventTypes);
export type EventType = z.infer<typeof eventType>;

/** The envelope every event shares, as a webhook delivers it: `data` is the outbox's payload. */
function event<const T extends EventType, D extends z.ZodType>(type: T, data: D, description: string) {
  return z
    .object({
      type: z.literal(type),
      /** When the change happened (ISO 8601, UTC). */
      timestamp: z.iso.datetime(),
      data,
    })
    .meta({ title: type, description });
}

const shadowTeacher = z.literal('shadow-teacher');
const mentalHealth = z.literal('mental-health');
const cancelReason = z.enum(cancelReasons).nullable().describe('Set when `to` is cancelled: parent, declined, or expired (a pending request nobody answered in time).');

export const bookingCreatedEvent = event(
  'booking.created',
  z.discriminatedUnion('bookingType', [
    z.object({ bookingType: shadowTeacher, booking: bookingOutput }),
    z.object({ bookingType: mentalHealth, booking: mentalHealthBookingOutput }),
  ]),
  'A family booked a shadow teacher or a mental-health session: the booking as GET answers it. Sent to the family.',
);

export const bookingStatusChangedEvent = event(
  'booking.status_changed',
  z.discriminatedUnion('bookingType', [
    z.object({ bookingType: shadowTeacher, from: z.enum(bookingStatuses), to: z.enum(bookingStatuses), cancelReason, booking: bookingOutput }),
    z.object({ bookingType: mentalHealth, from: z.enum(mentalHealthBookingStatuses), to: z.enum(mentalHealthBookingStatuses), cancelReason, booking: mentalHealthBookingOutput }),
  ]),
  'A booking was confirmed or cancelled (by the parent, declined by the teacher, or expired unanswered): the status before, after, and the booking as it is now. Sent to the family.',
);

export const activityCreatedEvent = event(
  'activity.created',
  z.object({ activity: activityOutput, classroomId: z.number().int().describe('The classroom it was logged for (its channel on /ws is classroom:<classroomId>).') }),
  "Staff logged an activity: sent to the nursery's staff, and to each family with a child it is about (every family of the classroom for a classroom-wide one).",
);

export const childCreatedEvent = event('child.created', z.object({ child: childOutput }), "A child joined the family: the child as GET /api/children answers it. Sent to the family.");

export const childUpdatedEvent = event('child.updated', z.object({ child: childOutput }), "A child's details changed: the child as it is now. Sent to the family.");

export const postCreatedEvent = event(
  'post.created',
  z.object({ post: postOutput }),
  "An adult of the family posted in the community: the post as GET answers it. Sent to the author's family only, not to every family that can read the post.",
);

/** Any event, told apart by `type`: what a webhook receiver parses. */
export const domainEvent = z.discriminatedUnion('type', [bookingCreatedEvent, bookingStatusChangedEvent, activityCreatedEvent, childCreatedEvent, childUpdatedEvent, postCreatedEvent]);
export type DomainEventBody = z.infer<typeof domainEvent>;

/** Each type's schema, for documents that list the events one by one (OpenAPI `webhooks`). */
export const eventSchemas = {
  'booking.created': bookingCreatedEvent,
  'booking.status_changed': bookingStatusChangedEvent,
  'activity.created': activityCreatedEvent,
  'child.created': childCreatedEvent,
  'child.updated': childUpdatedEvent,
  'post.created': postCreatedEvent,
} satisfies Record<EventType, z.ZodType>;
