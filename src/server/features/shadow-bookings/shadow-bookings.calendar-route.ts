import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireFamilyRole } from '../../trpc/family-roles';
import { RAW_ROUTE_SCOPES, requireScopeOfToken } from '../../trpc/token-scopes';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { CALENDAR_SUBSCRIPTION_FEED_PREFIX } from '../../../shared/schemas/calendar-subscription';
import { CALENDAR_PATH } from '../../../shared/schemas/shadow-bookings';
import { notFound, notSignedIn } from '../../errors';
import type { CalendarSubscriptionService } from './calendar-subscription.service';
import type { BookingsService } from './shadow-bookings.service';

function sendCalendar(reply: FastifyReply, calendar: string) {
  return reply
    .header('Content-Type', 'text/calendar; charset=utf-8')
    .header('Content-Disposition', 'inline; filename="nestling-bookings.ics"')
    .header('Cache-Control', 'private, no-store')
    .send(calendar);
}

/**
 * A parent's bookings as an iCalendar feed. Plain routes rather than procedures, because the REST
 * adapter only speaks JSON. The first is for the signed-in caller (the auth hook has already
 * resolved the session cookie or bearer token); the second is the secret subscription address
 * that calendar apps poll, since they cannot send credentials.
 */
export function registerBookingCalendarRoute(app: FastifyInstance, deps: { bookings: BookingsService; subscriptions: CalendarSubscriptionService }) {
  app.get(CALENDAR_PATH, { schema: { hide: true } }, async (request, reply) => {
    const user = request.auth?.user;
    if (!user) throw notSignedIn();
    requireScopeOfToken(request, RAW_ROUTE_SCOPES.calendarFeed);
    // Bookings are for guardians: a carer may not read them this way either.
    requireFamilyRole('shadowBookings.calendar', user);
    return sendCalendar(reply, await deps.bookings.calendarFor(user));
  });

  // The address is the credential: its requests are not logged at info, where the URL would be.
  const feedOptions = { schema: { hide: true }, logLevel: 'warn' } as const;
  app.get<{ Params: { file: string } }>(`${CALENDAR_SUBSCRIPTION_FEED_PREFIX}:file`, feedOptions, async (request, reply) => {
    const calendar = await deps.subscriptions.calendarFor(request.params.file);
    // A revoked address answers as one that never existed.
    if (calendar === undefined) throw notFound('That calendar');
    return sendCalendar(reply, calendar);
  });
}

const calendarBody = { 'text/calendar': { schema: { type: 'string', description: 'An iCalendar (RFC 5545) document: one VEVENT per booking.' } } } as const;
const feedDescription =
  "One event per shadow-teacher booking of the caller's family (pending, confirmed and cancelled, with STATUS to match), " +
  'in the nursery\'s time zone. Answers are never cached.';

/** The feeds above, for the OpenAPI document (the adapter documents only procedures). */
export const calendarFeedPaths: ZodOpenApiPathsObject = {
  [CALENDAR_PATH.replace(/^\/api/, '')]: {
    get: {
      operationId: 'shadow-bookings-calendar',
      summary: 'Your bookings as a calendar feed',
      description: `${feedDescription} Needs a session or a bearer token; calendar apps, which cannot send one, use GET /calendar/{token}.ics.`,
      tags: ['shadow bookings'],
      security: [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.calendarFeed] }],
      responses: { '200': { description: 'The feed.', content: calendarBody } },
    },
  },
  [`${CALENDAR_SUBSCRIPTION_FEED_PREFIX.replace(/^\/api/, '')}{token}.ics`]: {
    get: {
      operationId: 'calendar-subscription-feed',
      summary: 'A calendar subscription feed',
      description: `${feedDescription} The address is the credential (create it with POST /calendar-subscription); a revoked or unknown one answers 404.`,
      tags: ['calendar'],
      security: [],
      requestParams: { path: z.object({ token: z.string() }) },
      responses: { '200': { description: 'The feed.', content: calendarBody }, '404': { description: 'No such subscription, or it was revoked.' } },
    },
  },
};
