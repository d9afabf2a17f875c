import type { EventType } from '../../../shared/schemas/events';

/** Whose events a webhook receives: a family's (its guardians register it) or a nursery's (its staff do). */
export type WebhookAudience = 'family' | 'nursery';

/** Each event a family's webhook can send, in a parent's words; the code beside it is what an app receives. */
const FAMILY_EVENTS: Record<EventType, string> = {
  'booking.created': 'A booking is made',
  'booking.status_changed': 'A booking is confirmed or cancelled',
  'activity.created': 'The nursery logs an activity for your child',
  'child.created': 'A child is added to your family',
  'child.updated': "A child's details change",
  'post.created': 'Someone in your family posts in the community',
};

/** A nursery is sent only its activities (src/shared/schemas/events.ts says who receives each event). */
const NURSERY_EVENTS: Partial<Record<EventType, string>> = {
  'activity.created': 'Staff log an activity at your nursery',
};

export const EVENT_LABELS: Record<WebhookAudience, Partial<Record<EventType, string>>> = { family: FAMILY_EVENTS, nursery: NURSERY_EVENTS };
