import { sql, type ExpressionBuilder } from 'kysely';
import type { PageInput } from '../../../shared/schemas/common';
import type { Database, Db } from '../../db/database';
import { familyScopeOf } from '../../db/family-scope';
import { newestFirst, readPage } from '../../db/keyset';
import { isStaff, type AuthenticatedUser } from '../../principal';

/**
 * The classrooms a user may watch: a parent's children's classrooms, or every classroom of a
 * staff member's nursery. Everything private in monitoring is scoped through this one query.
 */
export function visibleClassroomIds(db: Db, user: Pick<AuthenticatedUser, 'familyId' | 'role' | 'nurseryId'>) {
  if (isStaff(user)) {
    return db.selectFrom('classrooms').select('classrooms.id').where('classrooms.nursery_id', '=', user.nurseryId ?? -1);
  }
  return db
    .selectFrom('children')
    .select('children.classroom_id as id')
    .where('children.family_id', '=', familyScopeOf(user))
    .where('children.classroom_id', 'is not', null);
}

export function listCameras(db: Db, user: AuthenticatedUser) {
  return db
    .selectFrom('cameras')
    .select(['cameras.id', 'cameras.name'])
    .where('cameras.classroom_id', 'in', visibleClassroomIds(db, user))
    .orderBy('cameras.name')
    .execute();
}

export function findVisibleCamera(db: Db, user: AuthenticatedUser, cameraId: string) {
  return db
    .selectFrom('cameras')
    .select(['cameras.id', 'cameras.name', 'cameras.classroom_id'])
    .where('cameras.id', '=', cameraId)
    .where('cameras.classroom_id', 'in', visibleClassroomIds(db, user))
    .executeTakeFirst();
}

/** The ids of the children an activity is about, in order; empty for a classroom-wide one. */
function childIdsOf(eb: ExpressionBuilder<Database, 'activities'>) {
  return sql<number[]>`coalesce((SELECT array_agg(ac.child_id ORDER BY ac.child_id) FROM activity_children ac WHERE ac.activity_id = ${eb.ref('activities.id')}), '{}')`.as(
    'child_ids',
  );
}

const activityColumns = ['activities.id', 'activities.type', 'activities.description', 'activities.occurred_at', 'activities.camera_id'] as const;

/**
 * The activities a user may read: those of the classrooms they may watch, and for a parent only
 * the classroom-wide ones and those about one of their own children. Staff read them all.
 */
function readableActivities(db: Db, user: AuthenticatedUser) {
  const query = db.selectFrom('activities').where('activities.classroom_id', 'in', visibleClassroomIds(db, user));
  if (isStaff(user)) return query;
  return query.where((eb) =>
    eb.or([
      eb.not(eb.exists(eb.selectFrom('activity_children').select('activity_children.child_id').whereRef('activity_children.activity_id', '=', 'activities.id'))),
      eb.exists(
        eb
          .selectFrom('activity_children')
          .innerJoin('children', 'children.id', 'activity_children.child_id')
          .select('activity_children.child_id')
          .whereRef('activity_children.activity_id', '=', 'activities.id')
          .where('children.family_id', '=', familyScopeOf(user)),
      ),
    ]),
  );
}

/**
 * With a camera's classroom, that classroom's activities (a classroom's cameras share one log);
 * without, those of every classroom the user may watch.
 */
function activitiesIn(db: Db, user: AuthenticatedUser, classroomId: number | undefined) {
  const query = readableActivities(db, user).select((eb) => [...activityColumns, childIdsOf(eb), photosOf(eb, user)]);
  return classroomId === undefined ? query : query.where('activities.classroom_id', '=', classroomId);
}

/** Newest first, before the given activity when there is one. */
export function listActivities(
  db: Db,
  user: AuthenticatedUser,
  options: { classroomId?: number; limit: number; before?: { occurredAt: Date; id: number } },
) {
  let query = activitiesIn(db, user, options.classroomId);
  if (options.before) {
    const { occurredAt, id } = options.before;
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('activities.occurred_at', 'activities.id'), '<', tuple(occurredAt, id)),
    );
  }
  return query.orderBy('activities.occurred_at', 'desc').orderBy('activities.id', 'desc').limit(options.limit).execute();
}

const NEWEST_ACTIVITIES_FIRST = newestFirst('activities', 'activities.occurred_at', 'activities.id');

/** A page of the activities the user may read, newest first. */
export function pageActivities(db: Db, user: AuthenticatedUser, options: { classroomId?: number }, page: PageInput) {
  return readPage(activitiesIn(db, user, options.classroomId), NEWEST_ACTIVITIES_FIRST, page);
}

/** One activity the user may read; any other reads as absent. */
export function findVisibleActivity(db: Db, user: AuthenticatedUser, activityId: number) {
  return activitiesIn(db, user, undefined).where('activities.id', '=', activityId).executeTakeFirst();
}

export function findVisibleActivityPosition(db: Db, user: AuthenticatedUser, activityId: number) {
  return readableActivities(db, user)
    .select(['activities.id', 'activities.occurred_at'])
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
}

export function findVisibleClassroom(db: Db, user: AuthenticatedUser, classroomId: number) {
  return db
    .selectFrom('classrooms')
    .select(['classrooms.id', 'classrooms.name'])
    .where('classrooms.id', '=', classroomId)
    .where('classrooms.id', 'in', visibleClassroomIds(db, user))
    .executeTakeFirst();
}

/** The children among these ids in any classroom the user may watch (for staff: any child at their nursery). */
export function findChildrenInVisibleClassrooms(db: Db, user: AuthenticatedUser, childIds: number[]) {
  return db
    .selectFrom('children')
    .select(['children.id', 'children.name', 'children.classroom_id', 'children.photos_allowed'])
    .where('children.id', 'in', childIds)
    .where('children.classroom_id', 'in', visibleClassroomIds(db, user))
    .execute();
}

export async function insertActivity(
  db: Db,
  values: { classroomId: number; cameraId: string | null; childIds: number[]; type: string; description: string; occurredAt: Date; createdBy: number },
) {
  const row = await db
    .insertInto('activities')
    .values({
      classroom_id: values.classroomId,
      camera_id: values.cameraId,
      type: values.type,
      description: values.description,
      occurred_at: values.occurredAt,
      created_by: values.createdBy,
    })
    .returning(['id', 'type', 'description', 'occurred_at', 'camera_id'])
    .executeTakeFirstOrThrow();
  const childIds = [...values.childIds].sort((a, b) => a - b);
  if (childIds.length > 0) {
    await db
      .insertInto('activity_children')
      .values(childIds.map((childId) => ({ activity_id: row.id, child_id: childId })))
      .execute();
  }
  return { ...row, child_ids: childIds };
}

/**
 * Moves a child's live state to this activity, unless a later activity already did: logging
 * something that happened earlier must not undo what happened since.
 */
export function applyActivityToChild(
  db: Db,
  values: { childId: number; status: string | undefined; currentActivity: string; occurredAt: Date },
) {
  return db
    .updateTable('children')
    .set({
      ...(values.status === undefined ? {} : { status: values.status }),
      current_activity: values.currentActivity,
      last_update: values.occurredAt,
    })
    .where('id', '=', values.childId)
    .where((eb) => eb.or([eb('last_update', 'is', null), eb('last_update', '<=', values.occurredAt)]))
    .executeTakeFirst();
}

/** The families of these children, whose adults alone (with staff) may read an activity about them. */
export async function familyIdsOf(db: Db, childIds: number[]): Promise<number[]> {
  if (childIds.length === 0) return [];
  const rows = await db.selectFrom('children').select('family_id').distinct().where('id', 'in', childIds).execute();
  return rows.map((row) => row.family_id);
}

/**
 * Who an activity reaches beyond the classroom: its nursery's staff, and the families it names or,
 * when it names none, every family with a child in the classroom.
 */
export async function activityAudience(db: Db, classroomId: number, namedFamilyIds: number[]) {
  const { nursery_id: nurseryId } = await db.selectFrom('classrooms').select('nursery_id').where('id', '=', classroomId).executeTakeFirstOrThrow();
  if (namedFamilyIds.length > 0) return { nurseryId, familyIds: namedFamilyIds };
  const rows = await db.selectFrom('children').select('family_id').distinct().where('classroom_id', '=', classroomId).orderBy('family_id').execute();
  return { nurseryId, familyIds: rows.map((row) => row.family_id) };
}

/** The classrooms a user may watch, with their cameras and children, for the staff page. */
export async function listClassroomRoster(db: Db, user: AuthenticatedUser) {
  const classrooms = await db
    .selectFrom('classrooms')
    .select(['classrooms.id', 'classrooms.name'])
    .where('classrooms.id', 'in', visibleClassroomIds(db, user))
    .orderBy('classrooms.name')
    .execute();
  const ids = classrooms.map((classroom) => classroom.id);
  if (ids.length === 0) return { classrooms, cameras: [], children: [] };
  const [cameras, children] = await Promise.all([
    db.selectFrom('cameras').select(['id', 'name', 'classroom_id']).where('classroom_id', 'in', ids).orderBy('name').execute(),
    db
      .selectFrom('children')
      .select(['id', 'name', 'status', 'current_activity', 'last_update', 'classroom_id', 'photos_allowed'])
      .where('classroom_id', 'in', ids)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { classrooms, cameras, children };
}

// ---- Photos -----------------------------------------------------------------------------

/** Who is asking, as far as photos care: staff of a nursery, or the adults of a family. */
export type PhotoViewer = Pick<AuthenticatedUser, 'familyId' | 'role' | 'nurseryId'>;

/** A family sees an activity's photos only when one of its children is tagged in them. */
function tagsOfFamily(eb: ExpressionBuilder<Database, 'activities'>, viewer: PhotoViewer) {
  return eb.exists(
    eb
      .selectFrom('activity_photo_tags')
      .innerJoin('children', 'children.id', 'activity_photo_tags.child_id')
      .select('activity_photo_tags.child_id')
      .whereRef('activity_photo_tags.activity_id', '=', 'activities.id')
      .where('children.family_id', '=', familyScopeOf(viewer)),
  );
}

export interface ActivityPhotoRow {
  id: string;
  width: number;
  height: number;
}

/**
 * The activity's photos the viewer may see, in order, as JSON: all of them for staff (who read
 * only their nursery's activities), none for a family with no child tagged in them.
 */
function photosOf(eb: ExpressionBuilder<Database, 'activities'>, viewer: PhotoViewer) {
  const photos = sql<ActivityPhotoRow[]>`coalesce((
    SELECT json_agg(json_build_object('id', ap.image_id, 'width', i.width, 'height', i.height) ORDER BY ap.position)
    FROM activity_photos ap JOIN images i ON i.id = ap.image_id
    WHERE ap.activity_id = ${eb.ref('activities.id')}), '[]'::json)`;
  if (isStaff(viewer)) return photos.as('photos');
  return eb.case().when(tagsOfFamily(eb, viewer)).then(photos).else(sql<ActivityPhotoRow[]>`'[]'::json`).end().as('photos');
}

/**
 * Holds the tagged children's rows until the transaction ends, so a family's opting out of
 * photos and a staff member's tagging happen one after the other: the tag sees the choice.
 */
export function lockTaggedChildren(db: Db, childIds: number[]) {
  return db.selectFrom('children').select(['id', 'name', 'photos_allowed']).where('id', 'in', childIds).orderBy('id').forShare().execute();
}

/**
 * Holds the uploads until the transaction ends: the image sweep, and another activity taking
 * the same photo, wait; then answers those of them another activity already shows.
 */
export async function lockPhotosInUse(db: Db, imageIds: string[]): Promise<{ present: string[]; inUse: string[] }> {
  const present = await db.selectFrom('images').select('id').where('id', 'in', imageIds).orderBy('id').forUpdate().execute();
  const inUse = await db.selectFrom('activity_photos').select('image_id').where('image_id', 'in', imageIds).execute();
  return { present: present.map((row) => row.id), inUse: inUse.map((row) => row.image_id) };
}

export async function attachPhotos(db: Db, activityId: number, imageIds: string[], taggedChildIds: number[]) {
  await db
    .insertInto('activity_photos')
    .values(imageIds.map((imageId, index) => ({ activity_id: activityId, image_id: imageId, position: index + 1 })))
    .execute();
  if (taggedChildIds.length > 0) {
    await db.insertInto('activity_photo_tags').values(taggedChildIds.map((childId) => ({ activity_id: activityId, child_id: childId }))).execute();
  }
}

/** Which of these images an activity shows: they stay while it does. */
export async function photosAmong(db: Db, imageIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('activity_photos').select('image_id').where('image_id', 'in', imageIds).execute();
  return rows.map((row) => row.image_id);
}

/**
 * One photo of one activity, when the viewer may see it: staff of the activity's nursery, or a
 * family with a child tagged in it. With it, what a download's file name needs: the activity's
 * type and time, the photo's place among its photos, and the names of the tagged children the
 * viewer may know (for a family, only its own).
 */
export function findVisiblePhoto(db: Db, viewer: PhotoViewer, activityId: number, imageId: string) {
  const staff = isStaff(viewer);
  return db
    .selectFrom('activity_photos')
    .innerJoin('activities', 'activities.id', 'activity_photos.activity_id')
    .select((eb) => [
      'activities.type',
      'activities.occurred_at',
      'activity_photos.position',
      eb.selectFrom('activity_photos as all_photos').select(sql<number>`count(*)::int`.as('count')).whereRef('all_photos.activity_id', '=', 'activities.id').as('photo_count'),
      sql<string[]>`coalesce((
        SELECT array_agg(c.name ORDER BY c.name) FROM activity_photo_tags t JOIN children c ON c.id = t.child_id
        WHERE t.activity_id = ${eb.ref('activities.id')} ${staff ? sql`` : sql`AND c.family_id = ${familyScopeOf(viewer)}`}), '{}')`.as('tagged_names'),
    ])
    .where('activity_photos.image_id', '=', imageId)
    .where('activity_photos.activity_id', '=', activityId)
    .where((eb) =>
      staff
        ? eb('activities.classroom_id', 'in', eb.selectFrom('classrooms').select('classrooms.id').where('classrooms.nursery_id', '=', viewer.nurseryId ?? -1))
        : tagsOfFamily(eb, viewer),
    )
    .executeTakeFirst();
}
