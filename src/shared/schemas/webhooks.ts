import { z } from 'zod';

/**
 * Every domain event the outbox records and webhooks deliver. A receiver subscribes to some of
 * them; `booking.*` covers shadow-teacher and mental-health bookings alike (`bookingType`).
 */
export const eventTypes = ['booking.created', 'booking.status_changed', 'activity.created', 'child.created'] as const;
export const eventType = z.enum(eventTypes);
export type EventType = z.infer<typeof eventType>;
