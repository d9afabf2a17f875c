import { sql, type Insertable } from 'kysely';
import type { BookingStatus } from '../../../shared/booking-rules';
import type { BookingEventsTable, Db, ShadowBookingsTable } from '../../db/database';

/** Bookings with the names of their teacher, child and nursery; a name is null once its row is gone. */
function bookingsWithNames(db: Db) {
  return db
    .selectFrom('shadow_bookings as b')
    .leftJoin('shadow_teachers as t', 't.id', 'b.teacher_id')
    .leftJoin('children as c', 'c.id', 'b.child_id')
    .leftJoin('nurseries as n', 'n.id', 'b.nursery_id')
    .select([
      'b.id',
      'b.parent_id',
      'b.teacher_id',
      'b.child_id',
      'b.session_type',
      'b.nursery_id',
      'b.location',
      'b.start_date',
      'b.end_date',
      'b.start_time',
      'b.end_time',
      'b.status',
      'b.notes',
      'b.total_price',
      'b.payment_status',
      'b.created_at',
      't.name as teacher_name',
      'c.name as child_name',
      'n.name as nursery_name',
    ]);
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingsWithNames>['executeTakeFirstOrThrow']>>;

export function findTeacher(db: Db, teacherId: number) {
  return db.selectFrom('shadow_teachers').select(['id', 'name', 'hourly_rate', 'availability']).where('id', '=', teacherId).executeTakeFirst();
}

// Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)).
const TEACHER_DIARY_LOCK = 0x5b00_0001;
const CHILD_DIARY_LOCK = 0x5b00_0002;

/**
 * Queues, until this transaction ends, every other booking of the same teacher or the same
 * child. Without it two overlapping inserts each wait on the other's unfinished row in the
 * exclusion index, a deadlock PostgreSQL breaks only after a second. Taken in this fixed
 * order, the locks cannot deadlock; the exclusion constraints still decide who wins.
 */
export async function lockDiaries(db: Db, keys: { teacherId: number; childId: number }) {
  await sql`SELECT pg_advisory_xact_lock(${TEACHER_DIARY_LOCK}::int, ${keys.teacherId}::int)`.execute(db);
  await sql`SELECT pg_advisory_xact_lock(${CHILD_DIARY_LOCK}::int, ${keys.childId}::int)`.execute(db);
}

export async function insertBooking(db: Db, booking: Insertable<ShadowBookingsTable>): Promise<number> {
  const { id } = await db.insertInto('shadow_bookings').values(booking).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertBookingEvent(db: Db, event: Insertable<BookingEventsTable>) {
  await db.insertInto('booking_events').values(event).execute();
}

export function findBooking(db: Db, bookingId: number) {
  return bookingsWithNames(db).where('b.id', '=', bookingId).executeTakeFirst();
}

/** Newest first. */
export function listBookingsOfParent(db: Db, parentId: number) {
  return bookingsWithNames(db).where('b.parent_id', '=', parentId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
}

/** The parent's bookings that still take place, in the order they happen. */
export function listLiveBookingsOfParent(db: Db, parentId: number) {
  return bookingsWithNames(db)
    .where('b.parent_id', '=', parentId)
    .where('b.status', '<>', 'cancelled')
    .orderBy('b.start_date')
    .orderBy('b.start_time')
    .orderBy('b.id')
    .execute();
}

/**
 * Locks a booking the caller takes part in: as its parent, or as the teacher it books.
 * Any other booking reads as absent.
 */
export function lockBookingOfActor(db: Db, bookingId: number, actor: { userId: number; teacherId: number | null }) {
  return db
    .selectFrom('shadow_bookings')
    .select(['id', 'parent_id', 'teacher_id', 'status'])
    .where('id', '=', bookingId)
    .where((eb) => {
      const parties = [eb('parent_id', '=', actor.userId)];
      if (actor.teacherId !== null) parties.push(eb('teacher_id', '=', actor.teacherId));
      return eb.or(parties);
    })
    .forUpdate()
    .executeTakeFirst();
}

export async function updateBookingStatus(db: Db, bookingId: number, status: BookingStatus) {
  await db.updateTable('shadow_bookings').set({ status }).where('id', '=', bookingId).execute();
}

/** The teacher's live sessions on the given dates, to leave out of their availability. */
export function listBookedRanges(db: Db, teacherId: number, from: string, to: string) {
  return db
    .selectFrom('shadow_bookings')
    .select(['start_date', 'start_time', 'end_time'])
    .where('teacher_id', '=', teacherId)
    .where('status', '<>', 'cancelled')
    .where('start_date', '>=', from)
    .where('start_date', '<=', to)
    .orderBy('start_date')
    .orderBy('start_time')
    .execute();
}

/** Escapes LIKE wildcards so user text matches literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listShadowTeachers(db: Db, filter: { specialization?: string; location?: string }) {
  let query = db.selectFrom('shadow_teachers').selectAll();
  // @> (array contains) is what the GIN index on specialization serves.
  if (filter.specialization) query = query.where('specialization', '@>', sql<string[]>`ARRAY[${filter.specialization}]::text[]`);
  if (filter.location) query = query.where('location', 'ilike', likePattern(filter.location));
  return query.orderBy('rating', 'desc').orderBy('id').execute();
}

/** A nursery session must name a nursery that exists. */
export function findNursery(db: Db, id: number) {
  return db.selectFrom('nurseries').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
