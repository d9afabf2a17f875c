import type { FastifyInstance, FastifyReply } from 'fastify';
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
