import type { Insertable } from 'kysely';
import type { ChildrenTable, Db } from '../../db/database';
import type { AuthenticatedUser } from '../auth/auth.service';

/**
 * The classrooms a user may watch: a parent's children's classrooms, or every classroom of a
 * staff member's nursery. Everything private in monitoring is scoped through this one query.
 */
export function visibleClassroomIds(db: Db, user: Pick<AuthenticatedUser, 'id' | 'role' | 'nurseryId'>) {
  if (user.role === 'staff' || user.role === 'admin') {
    return db.selectFrom('classrooms').select('classrooms.id').where('classrooms.nursery_id', '=', user.nurseryId ?? -1);
  }
  return db
    .selectFrom('children')
    .select('children.classroom_id as id')
    .where('children.parent_id', '=', user.id)
    .where('children.classroom_id', 'is not', null);
}

export function listChildren(db: Db, parentId: number) {
  return db
    .selectFrom('children')
    .selectAll()
    .where('parent_id', '=', parentId)
    .orderBy('date_of_birth', 'desc')
    .orderBy('id')
    .execute();
}

export function insertChild(db: Db, child: Insertable<ChildrenTable>) {
  return db.insertInto('children').values(child).returningAll().executeTakeFirstOrThrow();
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

/**
 * Newest first. With a camera, the activities of that camera's classroom (a classroom's
 * cameras share one log); without, those of every classroom the user may watch.
 */
export function listActivities(
  db: Db,
  user: AuthenticatedUser,
  options: { classroomId?: number; limit: number; before?: { occurredAt: Date; id: number } },
) {
  let query = db
    .selectFrom('activities')
    .select(['activities.id', 'activities.type', 'activities.description', 'activities.occurred_at'])
    .where('activities.classroom_id', 'in', visibleClassroomIds(db, user));
  if (options.classroomId !== undefined) query = query.where('activities.classroom_id', '=', options.classroomId);
  if (options.before) {
    const { occurredAt, id } = options.before;
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('activities.occurred_at', 'activities.id'), '<', tuple(occurredAt, id)),
    );
  }
  return query.orderBy('activities.occurred_at', 'desc').orderBy('activities.id', 'desc').limit(options.limit).execute();
}

export function findVisibleActivityPosition(db: Db, user: AuthenticatedUser, activityId: number) {
  return db
    .selectFrom('activities')
    .select(['id', 'occurred_at'])
    .where('id', '=', activityId)
    .where('classroom_id', 'in', visibleClassroomIds(db, user))
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

/** A child in any classroom the user may watch (for staff: any child at their nursery). */
export function findChildInVisibleClassroom(db: Db, user: AuthenticatedUser, childId: number) {
  return db
    .selectFrom('children')
    .select(['children.id', 'children.name', 'children.classroom_id'])
    .where('children.id', '=', childId)
    .where('children.classroom_id', 'in', visibleClassroomIds(db, user))
    .executeTakeFirst();
}

export function insertActivity(
  db: Db,
  values: { classroomId: number; cameraId: string | null; childId: number | null; type: string; description: string; occurredAt: Date; createdBy: number },
) {
  return db
    .insertInto('activities')
    .values({
      classroom_id: values.classroomId,
      camera_id: values.cameraId,
      child_id: values.childId,
      type: values.type,
      description: values.description,
      occurred_at: values.occurredAt,
      created_by: values.createdBy,
    })
    .returning(['id', 'type', 'description', 'occurred_at'])
    .executeTakeFirstOrThrow();
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

/**
 * One activity by id, unscoped: only for delivery to sockets whose join was already checked
 * against the activity's classroom.
 */
export function findActivityForDelivery(db: Db, activityId: number) {
  return db
    .selectFrom('activities')
    .select(['id', 'type', 'description', 'occurred_at', 'classroom_id'])
    .where('id', '=', activityId)
    .executeTakeFirst();
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
      .select(['id', 'name', 'status', 'current_activity', 'last_update', 'classroom_id'])
      .where('classroom_id', 'in', ids)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { classrooms, cameras, children };
}
