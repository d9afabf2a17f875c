import type { Insertable } from 'kysely';
import type { PageInput } from '../../../shared/schemas/common';
import type { Db, MentalHealthBookingsTable } from '../../db/database';
import { newestFirst, readPage } from '../../db/keyset';

// ---- Catalogue --------------------------------------------------------------------------

export function listServices(db: Db) {
  return db.selectFrom('mental_health_services').select(['id', 'title', 'description']).orderBy('position').orderBy('id').execute();
}

export function listServiceOptions(db: Db) {
  return db
    .selectFrom('mental_health_service_options')
    .select(['service_id', 'id', 'name', 'price'])
    .orderBy('service_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listSpecialists(db: Db) {
  return db
    .selectFrom('specialists')
    .select(['id', 'name', 'specialty', 'qualifications', 'experience', 'languages', 'bio', 'image'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listSessionTypes(db: Db) {
  return db.selectFrom('specialist_session_types').select(['id', 'name', 'minutes', 'price']).orderBy('position').orderBy('id').execute();
}

export function listTimeWindows(db: Db) {
  return db.selectFrom('mental_health_time_windows').select(['id', 'label']).orderBy('position').orderBy('id').execute();
}

export function listArticles(db: Db) {
  return db
    .selectFrom('mental_health_articles')
    .select(['id', 'slug', 'title', 'category', 'author', 'published_on', 'excerpt'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findServiceOption(db: Db, serviceId: string, optionId: string) {
  return db
    .selectFrom('mental_health_service_options')
    .select(['service_id', 'id', 'price'])
    .where('service_id', '=', serviceId)
    .where('id', '=', optionId)
    .executeTakeFirst();
}

export function findService(db: Db, serviceId: string) {
  return db.selectFrom('mental_health_services').select('id').where('id', '=', serviceId).executeTakeFirst();
}

export function findSpecialist(db: Db, specialistId: string) {
  return db.selectFrom('specialists').select('id').where('id', '=', specialistId).executeTakeFirst();
}

export function findSessionType(db: Db, sessionTypeId: string) {
  return db.selectFrom('specialist_session_types').select(['id', 'price']).where('id', '=', sessionTypeId).executeTakeFirst();
}

export function findTimeWindow(db: Db, windowId: string) {
  return db.selectFrom('mental_health_time_windows').select('id').where('id', '=', windowId).executeTakeFirst();
}

// ---- Bookings ---------------------------------------------------------------------------

/** Bookings with the names of what they book, for showing them. */
function bookingsWithNames(db: Db) {
  return db
    .selectFrom('mental_health_bookings as b')
    .innerJoin('mental_health_time_windows as w', 'w.id', 'b.time_window')
    .leftJoin('mental_health_services as s', 's.id', 'b.service_id')
    .leftJoin('mental_health_service_options as o', (join) => join.onRef('o.service_id', '=', 'b.service_id').onRef('o.id', '=', 'b.option_id'))
    .leftJoin('specialists as sp', 'sp.id', 'b.specialist_id')
    .leftJoin('specialist_session_types as st', 'st.id', 'b.session_type_id')
    .leftJoin('children as c', 'c.id', 'b.child_id')
    .leftJoin('users as booker', 'booker.id', 'b.parent_id')
    .select([
      'b.id',
      'b.family_id',
      'b.child_id',
      'b.service_id',
      'b.option_id',
      'b.specialist_id',
      'b.session_type_id',
      'b.session_date',
      'b.time_window',
      'b.notes',
      'b.price',
      'b.status',
      'b.created_at',
      'w.label as time_window_label',
      's.title as service_title',
      'o.name as option_name',
      'sp.name as specialist_name',
      'st.name as session_type_name',
      'st.minutes as session_minutes',
      'c.name as child_name',
      'booker.name as booked_by',
    ]);
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingsWithNames>['executeTakeFirstOrThrow']>>;

export async function insertBooking(db: Db, booking: Insertable<MentalHealthBookingsTable>): Promise<number> {
  const { id } = await db.insertInto('mental_health_bookings').values(booking).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findBookingOfFamily(db: Db, bookingId: number, familyId: number) {
  return bookingsWithNames(db).where('b.id', '=', bookingId).where('b.family_id', '=', familyId).executeTakeFirst();
}

const NEWEST_BOOKINGS_FIRST = newestFirst('mental-health-bookings', 'b.created_at', 'b.id');

/** A page of the family's bookings, newest first. */
export function pageBookingsOfFamily(db: Db, familyId: number, page: PageInput) {
  return readPage(bookingsWithNames(db).where('b.family_id', '=', familyId), NEWEST_BOOKINGS_FIRST, page);
}

/** Locks one of the family's bookings; another family's reads as absent. */
export function lockBookingOfFamily(db: Db, bookingId: number, familyId: number) {
  return db
    .selectFrom('mental_health_bookings')
    .select(['id', 'status'])
    .where('id', '=', bookingId)
    .where('family_id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateBookingStatus(db: Db, bookingId: number, status: 'pending' | 'confirmed' | 'cancelled') {
  await db.updateTable('mental_health_bookings').set({ status }).where('id', '=', bookingId).execute();
}
