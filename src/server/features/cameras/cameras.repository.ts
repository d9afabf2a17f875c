import { sql } from 'kysely';
import { CAMERA_TOKEN_TTL_MS } from '../../../shared/schemas/cameras';
import type { Db } from '../../db/database';

/** When a session's last token ran out: the end of a viewing whose player stopped renewing. */
const tokenRanOut = sql<Date>`s.last_seen_at + ${sql.lit(CAMERA_TOKEN_TTL_MS / 1000)} * interval '1 second'`;

/**
 * When a session ended, as of now: when its player ended it, or, once it has not been renewed
 * since `staleBefore`, when its last token ran out. Computed from the row, so every instance
 * agrees before the sweep writes it down.
 */
const endedAsOf = (staleBefore: Date) => sql<Date | null>`coalesce(s.ended_at, CASE WHEN s.last_seen_at < ${staleBefore} THEN ${tokenRanOut} END)`;

export type CameraRow = {
  id: string;
  name: string;
  classroom_id: number;
  classroom_name: string;
  nursery_id: number;
  stream_source: string | null;
  enabled: boolean;
  paused_at: Date | null;
};

export async function findCamera(db: Db, cameraId: string): Promise<CameraRow | undefined> {
  return db
    .selectFrom('cameras')
    .innerJoin('classrooms', 'classrooms.id', 'cameras.classroom_id')
    .select(['cameras.id', 'cameras.name', 'cameras.classroom_id', 'classrooms.name as classroom_name', 'classrooms.nursery_id', 'cameras.stream_source', 'cameras.enabled', 'cameras.paused_at'])
    .where('cameras.id', '=', cameraId)
    .executeTakeFirst();
}

export async function listNurseryCameras(db: Db, nurseryId: number): Promise<CameraRow[]> {
  return db
    .selectFrom('cameras')
    .innerJoin('classrooms', 'classrooms.id', 'cameras.classroom_id')
    .select(['cameras.id', 'cameras.name', 'cameras.classroom_id', 'classrooms.name as classroom_name', 'classrooms.nursery_id', 'cameras.stream_source', 'cameras.enabled', 'cameras.paused_at'])
    .where('classrooms.nursery_id', '=', nurseryId)
    .orderBy('classrooms.name')
    .orderBy('cameras.name')
    .execute();
}

export async function updateCamera(db: Db, cameraId: string, values: { enabled?: boolean; paused_at?: Date | null }) {
  await db.updateTable('cameras').set(values).where('id', '=', cameraId).execute();
}

export async function openingHoursOn(db: Db, nurseryId: number, weekday: number) {
  return db.selectFrom('nursery_opening_hours').select(['opens_at', 'closes_at']).where('nursery_id', '=', nurseryId).where('weekday', '=', weekday).executeTakeFirst();
}

export async function openingHoursOf(db: Db, nurseryId: number) {
  return db.selectFrom('nursery_opening_hours').select(['weekday', 'opens_at', 'closes_at']).where('nursery_id', '=', nurseryId).orderBy('weekday').execute();
}

export async function replaceOpeningHours(db: Db, nurseryId: number, days: { weekday: number; opens_at: number; closes_at: number }[]) {
  await db.deleteFrom('nursery_opening_hours').where('nursery_id', '=', nurseryId).execute();
  if (days.length > 0) await db.insertInto('nursery_opening_hours').values(days.map((day) => ({ nursery_id: nurseryId, ...day }))).execute();
}

/**
 * The family's children in a classroom and whether each is checked in now: status online or
 * nap, and their latest arrival or departure is an arrival.
 */
export async function familyChildrenIn(db: Db, familyId: number, classroomId: number) {
  return db
    .selectFrom('children as c')
    .select([
      'c.id',
      'c.name',
      'c.pronouns',
      'c.status',
      (eb) =>
        eb
          .selectFrom('activities as a')
          .innerJoin('activity_children as ac', 'ac.activity_id', 'a.id')
          .select('a.type')
          .whereRef('ac.child_id', '=', 'c.id')
          .where('a.type', 'in', ['arrival', 'departure'])
          .orderBy('a.occurred_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('last_movement'),
      (eb) =>
        eb
          .selectFrom('activities as a')
          .innerJoin('activity_children as ac', 'ac.activity_id', 'a.id')
          .select((inner) => inner.fn.max('a.occurred_at').as('at'))
          .whereRef('ac.child_id', '=', 'c.id')
          .where('a.type', '=', 'departure')
          .as('last_departure'),
    ])
    .where('c.family_id', '=', familyId)
    .where('c.classroom_id', '=', classroomId)
    .execute();
}

/** Whether the family has any child in the classroom, checked in or not. */
export async function familyHasChildIn(db: Db, familyId: number, classroomId: number) {
  const row = await db.selectFrom('children').select('id').where('family_id', '=', familyId).where('classroom_id', '=', classroomId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertSession(db: Db, values: { userId: number; cameraId: string; at: Date }) {
  return db
    .insertInto('camera_viewing_sessions')
    .values({ user_id: values.userId, camera_id: values.cameraId, started_at: values.at, last_seen_at: values.at })
    .returning(['id', 'started_at'])
    .executeTakeFirstOrThrow();
}

export async function findSession(db: Db, sessionId: number, staleBefore: Date) {
  return db
    .selectFrom('camera_viewing_sessions as s')
    .select(['s.id', 's.user_id', 's.camera_id', endedAsOf(staleBefore).as('ended_at')])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number, at: Date) {
  await db.updateTable('camera_viewing_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
}

/** Ends a session now, or when its last token ran out if that was earlier (a player back after a long pause). */
export async function endSession(db: Db, sessionId: number, at: Date) {
  await db
    .updateTable('camera_viewing_sessions as s')
    .set({ ended_at: sql`least(${at}::timestamptz, ${tokenRanOut})` })
    .where('s.id', '=', sessionId)
    .where('s.ended_at', 'is', null)
    .execute();
}

/** Writes down the end of sessions not renewed since `staleBefore` (a closed tab): when their last token ran out. */
export async function endStaleSessions(db: Db, staleBefore: Date) {
  const result = await db
    .updateTable('camera_viewing_sessions as s')
    .set({ ended_at: tokenRanOut })
    .where('s.ended_at', 'is', null)
    .where('s.last_seen_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteSessionsBefore(db: Db, startedBefore: Date) {
  const result = await db.deleteFrom('camera_viewing_sessions').where('started_at', '<', startedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The family's children's classrooms. */
export async function classroomsOfFamily(db: Db, familyId: number) {
  return db
    .selectFrom('classrooms')
    .select(['classrooms.id', 'classrooms.name', sql<string[]>`coalesce((SELECT array_agg(c.id ORDER BY c.id) FROM cameras c WHERE c.classroom_id = classrooms.id), '{}'::text[])`.as('camera_ids')])
    .where('classrooms.id', 'in', (eb) => eb.selectFrom('children').select('classroom_id').where('family_id', '=', familyId).where('classroom_id', 'is not', null).$narrowType<{ classroom_id: number }>())
    .orderBy('classrooms.name')
    .execute();
}

/** Who watched any camera of these classrooms since a time: one row per viewer and classroom, with their last start. */
export async function viewersOf(db: Db, classroomIds: number[], since: Date) {
  if (classroomIds.length === 0) return [];
  return db
    .selectFrom('camera_viewing_sessions as s')
    .innerJoin('cameras', 'cameras.id', 's.camera_id')
    .innerJoin('users', 'users.id', 's.user_id')
    .select(['cameras.classroom_id', 'users.id as user_id', 'users.name', 'users.role', 'users.family_id', (eb) => eb.fn.max('s.started_at').as('last_started_at')])
    .where('cameras.classroom_id', 'in', classroomIds)
    .where('s.started_at', '>=', since)
    .groupBy(['cameras.classroom_id', 'users.id', 'users.name', 'users.role', 'users.family_id'])
    .execute();
}

export async function nurseryLog(db: Db, nurseryId: number, options: { cameraId?: string; since: Date; staleBefore: Date; limit: number }) {
  let query = db
    .selectFrom('camera_viewing_sessions as s')
    .innerJoin('cameras', 'cameras.id', 's.camera_id')
    .innerJoin('classrooms', 'classrooms.id', 'cameras.classroom_id')
    .innerJoin('users', 'users.id', 's.user_id')
    .select(['s.id', 's.camera_id', 'cameras.name as camera_name', 'users.name as viewer_name', 'users.role as viewer_role', 's.started_at', endedAsOf(options.staleBefore).as('ended_at')])
    .where('classrooms.nursery_id', '=', nurseryId)
    .where('s.started_at', '>=', options.since);
  if (options.cameraId) query = query.where('s.camera_id', '=', options.cameraId);
  return query.orderBy('s.started_at', 'desc').orderBy('s.id', 'desc').limit(options.limit).execute();
}

export async function readSecret(db: Db, name: string): Promise<unknown> {
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

/** Stores a secret unless another instance stored one first: the first one wins, for everyone. */
export async function storeSecretOnce(db: Db, name: string, value: unknown, at: Date) {
  await db.insertInto('server_secrets').values({ name, value: JSON.stringify(value), created_at: at }).onConflict((oc) => oc.column('name').doNothing()).execute();
}
