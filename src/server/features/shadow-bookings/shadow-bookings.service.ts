import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  TIME_TAKEN_MESSAGE,
  addDays,
  bookingWindow,
  checkBookingRules,
  openSlotsOn,
  unknownNames,
  weekdayOf,
  type Availability,
  type BookingStatus,
  type CancelReason,
  type TimeRange,
} from '../../../shared/booking-rules';
import { localDate } from '../../../shared/dates';
import { priceLabel } from '../../../shared/display';
import { CURRENCY, type Page, type PageInput } from '../../../shared/schemas/common';
import type {
  BookingDto,
  CreateBookingInput,
  TeacherAvailabilityDto,
  teacherAvailabilityInput,
} from '../../../shared/schemas/shadow-bookings';
import type { Database } from '../../db/database';
import { familyScopeOf, findOwnChild, requireFamily } from '../../db/family-scope';
import { pageOf } from '../../db/keyset';
import { writeEvents, type DomainEvent } from '../../db/outbox';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { AuthenticatedUser } from '../../principal';
import { buildCalendar, zonedTimeToUtc, type CalendarEvent } from './shadow-bookings.ics';
import * as repo from './shadow-bookings.repository';

type ActorRole = 'parent' | 'teacher';

/** Every status change anyone may make; any other (from, to) pair is refused with 409. */
const allowedTransitions: Record<ActorRole, Partial<Record<BookingStatus, readonly BookingStatus[]>>> = {
  parent: { pending: ['cancelled'] },
  teacher: { pending: ['confirmed', 'cancelled'] },
};

/** A parent cancels; a teacher cancelling a pending request declines it. */
const cancelReasonOf: Record<ActorRole, CancelReason> = { parent: 'parent', teacher: 'declined' };

export interface BookingLimits {
  /** Requests one parent may have waiting for one teacher's confirmation. */
  maxPendingPerTeacher: number;
  /** Requests one parent may have waiting in all. */
  maxPending: number;
  /** Hours a request may wait for its teacher before it expires. */
  pendingTtlHours: number;
}

const EXCLUSION_VIOLATION = '23P01';
const CHILD_OVERLAP_CONSTRAINT = 'shadow_bookings_child_no_overlap';

function toBookingDto(row: repo.BookingRow): BookingDto {
  return {
    id: row.id,
    teacherId: row.teacher_id,
    childId: row.child_id,
    sessionType: row.session_type,
    nurseryId: row.nursery_id,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    cancelReason: row.cancel_reason,
    notes: row.notes,
    totalPrice: row.total_price,
    currency: CURRENCY,
    paymentStatus: row.payment_status,
    createdAt: row.created_at.toISOString(),
    teacherName: row.teacher_name ?? unknownNames.teacher,
    childName: row.child_name ?? unknownNames.child,
    nurseryName: row.session_type === 'nursery' ? (row.nursery_name ?? unknownNames.nursery) : null,
    bookedBy: row.booked_by,
  };
}

/** A booking's status change as the outbox records it: the booking as REST answers it, and what changed. */
function statusChanged(booking: BookingDto, from: BookingStatus, familyId: number, occurredAt: Date): DomainEvent {
  return {
    type: 'booking.status_changed',
    familyId,
    payload: { bookingType: 'shadow-teacher', from, to: booking.status, cancelReason: booking.cancelReason, booking },
    occurredAt,
  };
}

function requireOwnParentId(user: AuthenticatedUser, parentId: number) {
  if (parentId !== user.id) throw forbidden('You can only list your own bookings: use your own user id as parentId.');
}

/** A teacher account acts for the shadow teacher it is linked to. */
function linkedTeacherId(user: AuthenticatedUser): number | null {
  return user.role === 'teacher' ? user.shadowTeacherId : null;
}

function describeSession(row: repo.BookingRow): string {
  const where = row.session_type === 'nursery' ? 'Nursery session' : row.session_type === 'home' ? 'Home session' : 'Rehabilitation session';
  const price = priceLabel(row.total_price);
  const status = row.status === 'confirmed' ? 'Confirmed by the teacher' : 'Waiting for the teacher to confirm';
  return [`${where} with ${row.teacher_name ?? unknownNames.teacher} for ${row.child_name ?? unknownNames.child}.`, status, `Total ${price}`, row.notes]
    .filter(Boolean)
    .join('\n');
}

function requests(count: number): string {
  return `${count} booking request${count === 1 ? '' : 's'}`;
}

export function createBookingsService(deps: { db: Kysely<Database>; timeZone: string; publicOrigin: string; limits: BookingLimits; now?: () => Date }) {
  const { db, timeZone, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const uidDomain = new URL(deps.publicOrigin).hostname;
  const expiresNote = `requests not confirmed within ${limits.pendingTtlHours} hours expire`;

  /** Requests made before this instant have expired. */
  function expiryCutoff(): Date {
    return new Date(now().getTime() - limits.pendingTtlHours * 3_600_000);
  }

  /**
   * Expiry is lazy: every read or write that depends on which requests still wait first expires
   * the stale ones it concerns, so it needs no timer and holds with any number of instances.
   * Each expiry records its booking.status_changed in the same transaction (the caller's, when given).
   */
  async function expireStale(scope: Parameters<typeof repo.expirePendingBookings>[2], trx?: Transaction<Database>): Promise<number[]> {
    const expire = async (t: Transaction<Database>) => {
      const ids = await repo.expirePendingBookings(t, { cutoff: expiryCutoff(), ttlHours: limits.pendingTtlHours }, scope);
      const events: DomainEvent[] = [];
      for (const id of ids) {
        const row = (await repo.findBooking(t, id))!;
        // An erased family's booking is told to no one.
        if (row.family_id !== null) events.push(statusChanged(toBookingDto(row), 'pending', row.family_id, now()));
      }
      await writeEvents(t, events);
      return ids;
    };
    return trx ? expire(trx) : db.transaction().execute(expire);
  }

  async function requireTeacher(teacherId: number, field: 'teacherId' | 'id') {
    const teacher = await repo.findTeacher(db, teacherId);
    if (!teacher) {
      throw field === 'teacherId'
        ? badInput('teacherId', 'That shadow teacher was not found. Please choose another.')
        : notFound('That shadow teacher');
    }
    return { ...teacher, availability: teacher.availability as Availability[] };
  }

  return {
    async create(user: AuthenticatedUser, input: CreateBookingInput): Promise<BookingDto> {
      const familyId = requireFamily(user);
      const child = await findOwnChild(db, user, input.childId);
      if (!child) throw notFound('That child');
      const teacher = await requireTeacher(input.teacherId, 'teacherId');

      const problem = checkBookingRules(input, { name: teacher.name, hourlyRate: teacher.hourly_rate, availability: teacher.availability }, localDate(now(), timeZone));
      if (problem) throw badInput(problem.field, problem.message, problem.field === 'totalPrice' ? 'price_mismatch' : 'validation_failed');
      if (input.nurseryId !== null && !(await repo.findNursery(db, input.nurseryId))) {
        throw badInput('nurseryId', 'That nursery was not found. Please choose another.');
      }

      // Before the transaction, in a statement of its own, so that it commits even when the
      // booking is then refused: a stale request must not keep holding the time it asked for.
      await expireStale({ teacherId: teacher.id, childId: child.id, familyId });
      const createdAt = now();
      try {
        return await db.transaction().execute(async (trx) => {
          await repo.lockDiaries(trx, { teacherId: teacher.id, childId: child.id, familyId });
          const waiting = await repo.countPendingOfFamily(trx, familyId, teacher.id, expiryCutoff());
          if (waiting.withTeacher >= limits.maxPendingPerTeacher) {
            throw new AppError(
              'booking_limit_reached',
              `You already have ${requests(waiting.withTeacher)} waiting for ${teacher.name} to confirm, the most you can hold with one teacher. ` +
                `Cancel one in My Bookings, or wait until ${teacher.name} confirms or declines one (${expiresNote}), then book again.`,
            );
          }
          if (waiting.total >= limits.maxPending) {
            throw new AppError(
              'booking_limit_reached',
              `You already have ${requests(waiting.total)} waiting for teachers to confirm, the most you can hold at once. ` +
                `Cancel one in My Bookings, or wait until a teacher confirms or declines one (${expiresNote}), then book again.`,
            );
          }
          const bookingId = await repo.insertBooking(trx, {
            family_id: familyId,
            parent_id: user.id,
            teacher_id: teacher.id,
            child_id: child.id,
            session_type: input.sessionType,
            nursery_id: input.nurseryId,
            location: input.location,
            start_date: input.startDate,
            end_date: input.endDate,
            start_time: input.startTime,
            end_time: input.endTime,
            status: 'pending',
            notes: input.notes,
            total_price: input.totalPrice,
            payment_status: 'unpaid',
            created_at: createdAt,
          });
          await repo.insertBookingEvent(trx, {
            booking_id: bookingId,
            actor_id: user.id,
            actor_role: 'parent',
            from_status: null,
            to_status: 'pending',
            occurred_at: createdAt,
          });
          const booking = toBookingDto((await repo.findBooking(trx, bookingId))!);
          await writeEvents(trx, [{ type: 'booking.created', familyId, payload: { bookingType: 'shadow-teacher', booking }, occurredAt: createdAt }]);
          return booking;
        });
      } catch (error) {
        // The exclusion constraints decide races: whoever commits first keeps the time.
        const { code, constraint } = error as { code?: string; constraint?: string };
        if (code !== EXCLUSION_VIOLATION) throw error;
        throw constraint === CHILD_OVERLAP_CONSTRAINT
          ? new AppError('slot_unavailable', `${TIME_TAKEN_MESSAGE}: ${child.name} already has a session booked then.`)
          : new AppError('slot_unavailable', TIME_TAKEN_MESSAGE);
      }
    },

    async listForParent(user: AuthenticatedUser, parentId: number = user.id): Promise<BookingDto[]> {
      requireOwnParentId(user, parentId);
      await expireStale({ familyId: familyScopeOf(user) });
      return (await repo.listBookingsOfFamily(db, familyScopeOf(user))).map(toBookingDto);
    },

    async pageForParent(user: AuthenticatedUser, page: PageInput, parentId: number = user.id): Promise<Page<BookingDto>> {
      requireOwnParentId(user, parentId);
      await expireStale({ familyId: familyScopeOf(user) });
      return pageOf(await repo.pageBookingsOfFamily(db, familyScopeOf(user), page), toBookingDto);
    },

    /** One booking the caller takes part in, as its parent or as the teacher it books. */
    async get(user: AuthenticatedUser, bookingId: number): Promise<BookingDto> {
      const actor = { familyId: familyScopeOf(user), teacherId: linkedTeacherId(user) };
      if (!(await repo.findBookingOfActor(db, bookingId, actor))) throw notFound('That booking');
      await expireStale({ bookingId });
      return toBookingDto((await repo.findBookingOfActor(db, bookingId, actor))!);
    },

    /** Parents cancel their own pending bookings; a linked teacher confirms or declines theirs. */
    async updateStatus(user: AuthenticatedUser, bookingId: number, to: BookingStatus): Promise<BookingDto> {
      const teacherId = linkedTeacherId(user);
      // A refusal is returned rather than thrown, so that an expiry found on the way is kept.
      const refusal = await db.transaction().execute(async (trx) => {
        const booking = await repo.lockBookingOfActor(trx, bookingId, { familyId: familyScopeOf(user), teacherId });
        if (!booking) throw notFound('That booking');
        // Locked first, so no one else can be expiring it: a request past its time is expired
        // here even when nothing has read it since, and is never confirmed late.
        const expired = (await expireStale({ bookingId: booking.id }, trx)).length > 0;
        const from = expired ? 'cancelled' : booking.status;
        const roles: ActorRole[] = [];
        if (booking.family_id === user.familyId) roles.push('parent');
        if (teacherId !== null && booking.teacher_id === teacherId) roles.push('teacher');

        const role = roles.find((r) => allowedTransitions[r][from]?.includes(to));
        if (!role) {
          if (expired || booking.cancel_reason === 'expired') {
            return `This booking expired: the teacher did not confirm it within ${limits.pendingTtlHours} hours, so its status can no longer be changed.`;
          }
          const allowed = [...new Set(roles.flatMap((r) => allowedTransitions[r][from] ?? []))];
          return from === to
            ? `This booking is already ${from}.`
            : allowed.length > 0
              ? `You can only change a ${from} booking to ${allowed.join(' or ')}.`
              : `This booking is ${from}, so its status can no longer be changed.`;
        }
        await repo.updateBookingStatus(trx, booking.id, to, to === 'cancelled' ? cancelReasonOf[role] : null);
        const changedAt = now();
        await repo.insertBookingEvent(trx, { booking_id: booking.id, actor_id: user.id, actor_role: role, from_status: from, to_status: to, occurred_at: changedAt });
        // An erased family's booking is told to no one.
        if (booking.family_id !== null) await writeEvents(trx, [statusChanged(toBookingDto((await repo.findBooking(trx, booking.id))!), from, booking.family_id, changedAt)]);
        return null;
      });
      if (refusal) throw new AppError('booking_not_cancellable', refusal);
      return toBookingDto((await repo.findBooking(db, bookingId))!);
    },

    async availability(input: z.output<typeof teacherAvailabilityInput>): Promise<TeacherAvailabilityDto> {
      const teacher = await requireTeacher(input.id, 'id');
      await expireStale({ teacherId: teacher.id });
      const window = bookingWindow(localDate(now(), timeZone));
      const from = input.from && input.from > window.first ? input.from : window.first;
      const to = input.to && input.to < window.last ? input.to : window.last;

      const booked = new Map<string, TimeRange[]>();
      for (const range of await repo.listBookedRanges(db, teacher.id, from, to)) {
        booked.set(range.start_date, [...(booked.get(range.start_date) ?? []), { startTime: range.start_time, endTime: range.end_time }]);
      }
      const dates: TeacherAvailabilityDto['dates'] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const weekday = weekdayOf(date);
        const slots = openSlotsOn(teacher.availability, weekday, booked.get(date) ?? []);
        if (slots.length > 0) dates.push({ date, weekday, slots });
      }
      return { teacherId: teacher.id, timeZone, dates };
    },

    /** The family's sessions that still take place, as an iCalendar feed. */
    async calendarFor(user: Pick<AuthenticatedUser, 'familyId'>): Promise<string> {
      await expireStale({ familyId: familyScopeOf(user) });
      const rows = await repo.listLiveBookingsOfFamily(db, familyScopeOf(user));
      const events = rows.map(
        (row): CalendarEvent => ({
          uid: `shadow-booking-${row.id}@${uidDomain}`,
          start: zonedTimeToUtc(row.start_date, row.start_time, timeZone),
          end: zonedTimeToUtc(row.end_date, row.end_time, timeZone),
          summary: `Shadow teacher: ${row.teacher_name ?? unknownNames.teacher} with ${row.child_name ?? unknownNames.child}`,
          location: row.session_type === 'nursery' ? (row.nursery_name ?? unknownNames.nursery) : row.location,
          description: describeSession(row),
          status: row.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
        }),
      );
      return buildCalendar(events, { name: 'Nestling bookings', now: now() });
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
