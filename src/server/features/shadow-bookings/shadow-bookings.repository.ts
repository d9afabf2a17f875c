import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { BookingStatus, CancelReason } from '../../../shared/booking-rules';
import type { PageInput } from '../../../shared/schemas/common';
import type { BookingEventsTable, Db, ShadowBookingsTable } from '../../db/database';
import { type Keyset, newestFirst, readPage } from '../../db/keyset';

/** Bookings with the names of their teacher, child and nursery; a name is null once its row is gone. */
function bookingsWithNames(db: Db) {
  return db
    .selectFrom('shadow_bookings as b')
    .leftJoin('shadow_teachers as t', 't.id', 'b.teacher_id')
    .leftJoin('children as c', 'c.id', 'b.child_id')
    .leftJoin('nurseries as n', 'n.id', 'b.nursery_id')
    .leftJoin('users as booker', 'booker.id', 'b.parent_id')
    .select([
      'b.id',
      'b.family_id',
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
      'b.cancel_reason',
      'b.notes',
      'b.total_price',
      'b.payment_status',
      'b.created_at',
      't.name as teacher_name',
      'c.name as child_name',
      'n.name as nursery_name',
      'booker.name as booked_by',
    ]);
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingsWithNames>['executeTakeFirstOrThrow']>>;

export function findTeacher(db: Db, teacherId: number) {
  return db.selectFrom('shadow_teachers').select(['id', 'name', 'hourly_rate', 'availability']).where('id', '=', teacherId).executeTakeFirst();
}

// Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)).
const TEACHER_DIARY_LOCK = 0x5b00_0001;
const CHILD_DIARY_LOCK = 0x5b00_0002;
const FAMILY_REQUESTS_LOCK = 0x5b00_0003;

/**
 * Queues, until this transaction ends, every other booking of the same teacher, the same child
 * or the same family. Without the first two, two overlapping inserts each wait on the other's
 * unfinished row in the exclusion index, a deadlock PostgreSQL breaks only after a second; the
 * exclusion constraints still decide who wins. The family's lock makes counting its pending
 * requests and adding one a single step, so simultaneous requests cannot all pass the limit.
 * Every booking takes the three in this fixed order, so they cannot deadlock.
 */
export async function lockDiaries(db: Db, keys: { teacherId: number; childId: number; familyId: number }) {
  await sql`SELECT pg_advisory_xact_lock(${TEACHER_DIARY_LOCK}::int, ${keys.teacherId}::int)`.execute(db);
  await sql`SELECT pg_advisory_xact_lock(${CHILD_DIARY_LOCK}::int, ${keys.childId}::int)`.execute(db);
  await sql`SELECT pg_advisory_xact_lock(${FAMILY_REQUESTS_LOCK}::int, ${keys.familyId}::int)`.execute(db);
}

/** The family's requests still waiting for a teacher: in all, and with one teacher. Older than `since` counts as expired. */
export function countPendingOfFamily(db: Db, familyId: number, teacherId: number, since: Date) {
  return db
    .selectFrom('shadow_bookings')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere('teacher_id', '=', teacherId).as('withTeacher')])
    .where('family_id', '=', familyId)
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
}

/**
 * Cancels, as 'expired', the pending bookings made before `cutoff` that concern any of the
 * given teacher, child, family or booking, and records each change as a 'system' event at the
 * moment it expired (made + ttl). One statement, so a booking never changes without its event.
 * Idempotent and safe for any number of server instances: rows another transaction holds are
 * skipped rather than waited for (no deadlocks); that transaction either expires them itself
 * or, if it rolls back, the next caller does. Returns the ids it expired.
 */
export async function expirePendingBookings(
  db: Db,
  expiry: { cutoff: Date; ttlHours: number },
  scope: { teacherId?: number; childId?: number; familyId?: number; bookingId?: number },
): Promise<number[]> {
  const concerns = [
    scope.teacherId !== undefined && sql`teacher_id = ${scope.teacherId}`,
    scope.childId !== undefined && sql`child_id = ${scope.childId}`,
    scope.familyId !== undefined && sql`family_id = ${scope.familyId}`,
    scope.bookingId !== undefined && sql`id = ${scope.bookingId}`,
  ].filter((condition) => condition !== false);
  if (concerns.length === 0) throw new Error('expirePendingBookings needs a scope');
  const { rows } = await sql<{ id: number }>`
    WITH stale AS (
      SELECT id FROM shadow_bookings
       WHERE status = 'pending' AND created_at < ${expiry.cutoff} AND (${sql.join(concerns, sql` OR `)})
       FOR UPDATE SKIP LOCKED
    ), expired AS (
      UPDATE shadow_bookings AS b SET status = 'cancelled', cancel_reason = 'expired'
        FROM stale WHERE b.id = stale.id
      RETURNING b.id, b.created_at
    )
    INSERT INTO booking_events (booking_id, actor_id, actor_role, from_status, to_status, occurred_at)
    SELECT id, NULL, 'system', 'pending', 'cancelled', created_at + make_interval(hours => ${expiry.ttlHours}::int)
      FROM expired
    RETURNING booking_id AS id`.execute(db);
  return rows.map((row) => row.id);
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
export function listBookingsOfFamily(db: Db, familyId: number) {
  return bookingsWithNames(db).where('b.family_id', '=', familyId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
}

const NEWEST_BOOKINGS_FIRST = newestFirst('shadow-bookings', 'b.created_at', 'b.id');

/** A page of the family's bookings, newest first. */
export function pageBookingsOfFamily(db: Db, familyId: number, page: PageInput) {
  return readPage(bookingsWithNames(db).where('b.family_id', '=', familyId), NEWEST_BOOKINGS_FIRST, page);
}

/** The family's bookings that still take place, in the order they happen. */
export function listLiveBookingsOfFamily(db: Db, familyId: number) {
  return bookingsWithNames(db)
    .where('b.family_id', '=', familyId)
    .where('b.status', '<>', 'cancelled')
    .orderBy('b.start_date')
    .orderBy('b.start_time')
    .orderBy('b.id')
    .execute();
}

/**
 * Locks a booking the caller takes part in: as an adult of its family, or as the teacher it books.
 * Any other booking reads as absent.
 */
export function lockBookingOfActor(db: Db, bookingId: number, actor: BookingActor) {
  return db
    .selectFrom('shadow_bookings as b')
    .select(['b.id', 'b.family_id', 'b.teacher_id', 'b.status', 'b.cancel_reason'])
    .where('b.id', '=', bookingId)
    .where((eb) => takesPart(eb, actor))
    .forUpdate()
    .executeTakeFirst();
}

/** A booking the caller takes part in, with its names; any other reads as absent. */
export function findBookingOfActor(db: Db, bookingId: number, actor: BookingActor) {
  return bookingsWithNames(db)
    .where('b.id', '=', bookingId)
    .where((eb) => takesPart(eb, actor))
    .executeTakeFirst();
}

interface BookingActor {
  /** 0 for an account with no family. */
  familyId: number;
  teacherId: number | null;
}

/** As an adult of the booking's family, or as the teacher it books. */
function takesPart(eb: ExpressionBuilder<{ b: ShadowBookingsTable }, 'b'>, actor: BookingActor) {
  const parties = [eb('b.family_id', '=', actor.familyId)];
  if (actor.teacherId !== null) parties.push(eb('b.teacher_id', '=', actor.teacherId));
  return eb.or(parties);
}

export async function updateBookingStatus(db: Db, bookingId: number, status: BookingStatus, cancelReason: CancelReason | null) {
  await db.updateTable('shadow_bookings').set({ status, cancel_reason: cancelReason }).where('id', '=', bookingId).execute();
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

interface TeacherFilter {
  specialization?: string;
  location?: string;
}

function teachersMatching(db: Db, filter: TeacherFilter) {
  let query = db.selectFrom('shadow_teachers').selectAll();
  // @> (array contains) is what the GIN index on specialization serves.
  if (filter.specialization) query = query.where('specialization', '@>', sql<string[]>`ARRAY[${filter.specialization}]::text[]`);
  if (filter.location) query = query.where('location', 'ilike', likePattern(filter.location));
  return query;
}

/** Best rated first. */
export function listShadowTeachers(db: Db, filter: TeacherFilter) {
  return teachersMatching(db, filter).orderBy('rating', 'desc').orderBy('id').execute();
}

const BEST_RATED_TEACHERS_FIRST: Keyset = {
  list: 'shadow-teachers',
  columns: [
    { expression: sql.ref('rating'), type: 'int4', direction: 'desc' },
    { expression: sql.ref('id'), type: 'int4', direction: 'asc' },
  ],
};

/** A page of the teachers, best rated first, in the order of listShadowTeachers. */
export function pageShadowTeachers(db: Db, filter: TeacherFilter, page: PageInput) {
  return readPage(teachersMatching(db, filter), BEST_RATED_TEACHERS_FIRST, page);
}

/** A nursery session must name a nursery that exists. */
export function findNursery(db: Db, id: number) {
  return db.selectFrom('nurseries').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
