import type { FastifyInstance } from 'fastify';
import { CALENDAR_PATH } from '../../../shared/schemas/shadow-bookings';
import { notSignedIn } from '../../errors';
import type { BookingsService } from './shadow-bookings.service';


/**
 * The signed-in parent's bookings as an iCalendar feed. A plain route rather than a procedure,
 * because the REST adapter only speaks JSON. The auth hook has already resolved the session
 * cookie or bearer token.
 */
export function registerBookingCalendarRoute(app: FastifyInstance, bookings: BookingsService) {
  app.get(CALENDAR_PATH, { schema: { hide: true } }, async (request, reply) => {
    const user = request.auth?.user;
    if (!user) throw notSignedIn();
    const calendar = await bookings.calendarFor(user);
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="nestling-bookings.ics"')
      .header('Cache-Control', 'private, no-store')
      .send(calendar);
  });
}
