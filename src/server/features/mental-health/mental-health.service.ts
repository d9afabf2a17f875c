import type { Kysely } from 'kysely';
import { BOOKING_WINDOW_DAYS, isInBookingWindow, unknownNames } from '../../../shared/booking-rules';
import { localDate } from '../../../shared/dates';
import { CURRENCY, type Page, type PageInput } from '../../../shared/schemas/common';
import type {
  CreateMentalHealthBookingInput,
  MentalHealthArticleDto,
  MentalHealthBookingDto,
  MentalHealthServiceDto,
  SessionTypeDto,
  SpecialistDto,
  TimeWindowDto,
} from '../../../shared/schemas/mental-health';
import type { Database } from '../../db/database';
import { AppError, badInput, notFound } from '../../errors';
import type { AuthenticatedUser } from '../../principal';
import { familyScopeOf, findOwnChild, requireFamily } from '../../db/family-scope';
import { pageOf } from '../../db/keyset';
import { writeEvents } from '../../db/outbox';
import * as repo from './mental-health.repository';

function toBookingDto(row: repo.BookingRow): MentalHealthBookingDto {
  const isService = row.service_id !== null;
  return {
    id: row.id,
    kind: isService ? 'service' : 'specialist',
    serviceId: row.service_id,
    optionId: row.option_id,
    specialistId: row.specialist_id,
    sessionTypeId: row.session_type_id,
    // The catalogue rows a booking names cannot be deleted while it exists, so these are present.
    title: (isService ? row.service_title : row.specialist_name) ?? '',
    detail: isService ? (row.option_name ?? '') : `${row.session_type_name ?? ''} (${row.session_minutes ?? 0} minutes)`,
    date: row.session_date,
    timeWindow: row.time_window,
    timeWindowLabel: row.time_window_label,
    childId: row.child_id,
    childName: row.child_id === null ? null : (row.child_name ?? unknownNames.child),
    notes: row.notes,
    price: row.price,
    currency: CURRENCY,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    bookedBy: row.booked_by,
  };
}

export function createMentalHealthService(deps: { db: Kysely<Database>; timeZone: string; now?: () => Date }) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  /** The catalogue price of what the input names, in cents; the client never sets it. */
  async function catalogPrice(input: CreateMentalHealthBookingInput): Promise<number> {
    if (input.kind === 'service') {
      if (!(await repo.findService(db, input.serviceId!))) throw badInput('serviceId', 'That service was not found. Please choose another.');
      const option = await repo.findServiceOption(db, input.serviceId!, input.optionId!);
      if (!option) throw badInput('optionId', 'That option is not offered for this service. Please choose another.');
      return option.price;
    }
    if (!(await repo.findSpecialist(db, input.specialistId!))) throw badInput('specialistId', 'That specialist was not found. Please choose another.');
    const sessionType = await repo.findSessionType(db, input.sessionTypeId!);
    if (!sessionType) {
      const names = (await repo.listSessionTypes(db)).map((t) => t.id).join(', ');
      throw badInput('sessionTypeId', `Choose a session type: ${names}.`);
    }
    return sessionType.price;
  }

  return {
    async listServices(): Promise<MentalHealthServiceDto[]> {
      const [services, options] = await Promise.all([repo.listServices(db), repo.listServiceOptions(db)]);
      return services.map((service) => ({
        id: service.id,
        title: service.title,
        description: service.description,
        options: options.filter((o) => o.service_id === service.id).map((o) => ({ id: o.id, name: o.name, price: o.price, currency: CURRENCY })),
      }));
    },

    async listSpecialists(): Promise<SpecialistDto[]> {
      return repo.listSpecialists(db);
    },

    async listSessionTypes(): Promise<SessionTypeDto[]> {
      return (await repo.listSessionTypes(db)).map((type) => ({ ...type, currency: CURRENCY }));
    },

    async listTimeWindows(): Promise<TimeWindowDto[]> {
      return repo.listTimeWindows(db);
    },

    async listArticles(): Promise<MentalHealthArticleDto[]> {
      return (await repo.listArticles(db)).map((a) => ({
        id: a.id,
        slug: a.slug,
        title: a.title,
        category: a.category,
        author: a.author,
        date: a.published_on,
        excerpt: a.excerpt,
      }));
    },

    async createBooking(user: AuthenticatedUser, input: CreateMentalHealthBookingInput): Promise<MentalHealthBookingDto> {
      if (!isInBookingWindow(input.date, localDate(now(), timeZone))) {
        throw badInput('date', `Choose a date from tomorrow up to ${BOOKING_WINDOW_DAYS} days ahead.`);
      }
      if (!(await repo.findTimeWindow(db, input.timeWindow))) {
        const windows = (await repo.listTimeWindows(db)).map((w) => w.id).join(', ');
        throw badInput('timeWindow', `Choose a preferred time: ${windows}.`);
      }
      const price = await catalogPrice(input);
      const familyId = requireFamily(user);
      if (input.childId !== null && !(await findOwnChild(db, user, input.childId))) throw notFound('That child');

      const createdAt = now();
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertBooking(trx, {
          family_id: familyId,
          parent_id: user.id,
          child_id: input.childId,
          service_id: input.kind === 'service' ? input.serviceId! : null,
          option_id: input.kind === 'service' ? input.optionId! : null,
          specialist_id: input.kind === 'specialist' ? input.specialistId! : null,
          session_type_id: input.kind === 'specialist' ? input.sessionTypeId! : null,
          session_date: input.date,
          time_window: input.timeWindow,
          notes: input.notes,
          price,
          status: 'pending',
          created_at: createdAt,
        });
        const booking = toBookingDto((await repo.findBookingOfFamily(trx, id, familyId))!);
        await writeEvents(trx, [{ type: 'booking.created', familyId, payload: { bookingType: 'mental-health', booking }, occurredAt: createdAt }]);
        return booking;
      });
    },

    async listBookings(user: AuthenticatedUser, page: PageInput): Promise<Page<MentalHealthBookingDto>> {
      return pageOf(await repo.pageBookingsOfFamily(db, familyScopeOf(user), page), toBookingDto);
    },

    /** A parent may cancel their own booking while it is pending; another family's answers 404. */
    async getBooking(user: AuthenticatedUser, bookingId: number): Promise<MentalHealthBookingDto> {
      const row = await repo.findBookingOfFamily(db, bookingId, familyScopeOf(user));
      if (!row) throw notFound('That booking');
      return toBookingDto(row);
    },

    async cancelBooking(user: AuthenticatedUser, bookingId: number): Promise<MentalHealthBookingDto> {
      return db.transaction().execute(async (trx) => {
        const booking = await repo.lockBookingOfFamily(trx, bookingId, familyScopeOf(user));
        if (!booking) throw notFound('That booking');
        if (booking.status !== 'pending') {
          throw new AppError('booking_not_cancellable', booking.status === 'cancelled' ? 'This booking is already cancelled.' : `This booking is ${booking.status}, so it can no longer be cancelled.`);
        }
        await repo.updateBookingStatus(trx, booking.id, 'cancelled');
        const cancelled = toBookingDto((await repo.findBookingOfFamily(trx, booking.id, familyScopeOf(user)))!);
        await writeEvents(trx, [
          {
            type: 'booking.status_changed',
            familyId: familyScopeOf(user),
            payload: { bookingType: 'mental-health', from: 'pending', to: 'cancelled', cancelReason: 'parent', booking: cancelled },
            occurredAt: now(),
          },
        ]);
        return cancelled;
      });
    },
  };
}

export type MentalHealthService = ReturnType<typeof createMentalHealthService>;
