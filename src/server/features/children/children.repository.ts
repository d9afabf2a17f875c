import type { Insertable, Updateable } from 'kysely';
import type { ChildrenTable, Db } from '../../db/database';

export function listChildren(db: Db, familyId: number) {
  return db
    .selectFrom('children')
    .selectAll()
    .where('family_id', '=', familyId)
    .orderBy('date_of_birth', 'desc')
    .orderBy('id')
    .execute();
}

/** One child of the family; another family's child reads as absent. */
export function findChild(db: Db, familyId: number, childId: number) {
  return db.selectFrom('children').selectAll().where('id', '=', childId).where('family_id', '=', familyId).executeTakeFirst();
}

export function insertChild(db: Db, child: Insertable<ChildrenTable>) {
  return db.insertInto('children').values(child).returningAll().executeTakeFirstOrThrow();
}

/** The child's row, held until the transaction ends so that two edits apply one after the other. */
export function lockChild(db: Db, childId: number) {
  return db.selectFrom('children').selectAll().where('id', '=', childId).forUpdate().executeTakeFirstOrThrow();
}

export function updateChild(db: Db, childId: number, changes: Updateable<ChildrenTable>) {
  return db.updateTable('children').set(changes).where('id', '=', childId).returningAll().executeTakeFirstOrThrow();
}
