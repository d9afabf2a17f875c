import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ApiScope } from '../../../shared/api-scopes';
import type { EventPage, ListedEvent, listEventsInput } from '../../../shared/schemas/event-log';
import { eventTypes, type EventType } from '../../../shared/schemas/events';
import type { Database } from '../../db/database';
import { eventAudienceOf, readEvents } from '../../db/event-log';
import type { AuthenticatedUser } from '../../principal';

/** The read scope a token needs to see each kind of event in the log. */
const READ_SCOPE_OF: Record<EventType, ApiScope> = {
  'booking.created': 'bookings:read',
  'booking.status_changed': 'bookings:read',
  'activity.created': 'activities:read',
  'child.created': 'children:read',
  'child.updated': 'children:read',
  'post.created': 'community:read',
};

/**
 * Which kinds of event a caller sees: a token those its read scopes cover; a carer all but
 * bookings, which are a guardian's (as GET /api/shadow-bookings is).
 */
export function visibleEventTypes(user: AuthenticatedUser, tokenScopes: readonly ApiScope[] | null): EventType[] {
  return eventTypes.filter(
    (type) => (tokenScopes === null || tokenScopes.includes(READ_SCOPE_OF[type])) && !(user.familyRole === 'carer' && READ_SCOPE_OF[type] === 'bookings:read'),
  );
}

export function createEventsService(deps: { db: Kysely<Database> }) {
  return {
    /** The caller's events after `after`, oldest first: their family's, or for staff their nursery's. */
    async list(user: AuthenticatedUser, tokenScopes: readonly ApiScope[] | null, input: z.output<typeof listEventsInput>): Promise<EventPage> {
      const events = await readEvents(deps.db, {
        after: input.after,
        audience: eventAudienceOf(user),
        types: visibleEventTypes(user, tokenScopes),
        limit: input.limit + 1,
      });
      const items = events.slice(0, input.limit).map(
        (event) => ({ id: event.id, type: event.type, timestamp: event.occurredAt.toISOString(), data: event.payload }) as ListedEvent,
      );
      return { items, hasMore: events.length > input.limit };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
