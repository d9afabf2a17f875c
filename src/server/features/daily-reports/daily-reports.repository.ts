import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database';
import { familyScopeOf } from '../../db/family-scope';
import { isStaff, type AuthenticatedUser } from '../../principal';

/**
 * A child whose day the caller may read: for a family's adults, a child of their own family; for
 * staff, a child in a classroom of their nursery. Anyone else's child reads as absent.
 */
export function findReadableChild(db: Db, user: AuthenticatedUser, childId: number) {
  const query = db.selectFrom('children').select(['children.id', 'children.name', 'children.classroom_id']).where('children.id', '=', childId);
  if (isStaff(user)) {
    return query
      .where('children.classroom_id', 'in', db.selectFrom('classrooms').select('classrooms.id').where('classrooms.nursery_id', '=', user.nurseryId ?? -1))
      .executeTakeFirst();
  }
  return query.where('children.family_id', '=', familyScopeOf(user)).executeTakeFirst();
}

/**
 * The activities of one calendar day in `timeZone` that concern a child: those naming them, and
 * those logged for their whole classroom. Staff read only their own nursery's classrooms. Oldest
 * first; `whole_classroom` is true for the classroom's own.
 */
export function listActivitiesOfDay(
  db: Db,
  user: AuthenticatedUser,
  child: { id: number; classroom_id: number | null },
  day: { date: string; timeZone: string },
) {
  // The day's bounds are worked out by PostgreSQL, which knows each zone's daylight-saving rules.
  const start = sql<Date>`(${day.date}::date)::timestamp AT TIME ZONE ${day.timeZone}`;
  const end = sql<Date>`(${day.date}::date + 1)::timestamp AT TIME ZONE ${day.timeZone}`;
  let query = db
    .selectFrom('activities')
    .select(['activities.id', 'activities.type', 'activities.description', 'activities.occurred_at'])
    .select((eb) => eb.not(eb.exists(namedChildren(eb))).$castTo<boolean>().as('whole_classroom'))
    .where('activities.occurred_at', '>=', start)
    .where('activities.occurred_at', '<', end)
    .where((eb) =>
      eb.or([
        eb.exists(namedChildren(eb).where('activity_children.child_id', '=', child.id)),
        eb.and([eb('activities.classroom_id', '=', child.classroom_id ?? -1), eb.not(eb.exists(namedChildren(eb)))]),
      ]),
    );
  if (isStaff(user)) {
    query = query.where('activities.classroom_id', 'in', db.selectFrom('classrooms').select('classrooms.id').where('classrooms.nursery_id', '=', user.nurseryId ?? -1));
  }
  return query.orderBy('activities.occurred_at').orderBy('activities.id').execute();
}

/** The children an activity names; none for a whole-classroom one. */
function namedChildren(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.selectFrom('activity_children').select('activity_children.child_id').whereRef('activity_children.activity_id', '=', 'activities.id');
}

/**
 * The photos of these activities in which the child is tagged, in the activities' order: a
 * family sees a photo only when one of its children is tagged, and this report is one child's.
 */
export function listTaggedPhotos(db: Db, childId: number, activityIds: number[]) {
  if (activityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activity_photos')
    .innerJoin('images', 'images.id', 'activity_photos.image_id')
    .innerJoin('activity_photo_tags', (join) =>
      join.onRef('activity_photo_tags.activity_id', '=', 'activity_photos.activity_id').on('activity_photo_tags.child_id', '=', childId),
    )
    .select(['activity_photos.image_id as id', 'activity_photos.activity_id', 'images.width', 'images.height'])
    .where('activity_photos.activity_id', 'in', activityIds)
    .orderBy('activity_photos.activity_id')
    .orderBy('activity_photos.position')
    .execute();
}
