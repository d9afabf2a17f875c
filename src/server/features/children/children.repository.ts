import type { Insertable } from 'kysely';
import type { ChildrenTable, Db } from '../../db/database';

export function listChildren(db: Db, parentId: number) {
  return db
    .selectFrom('children')
    .selectAll()
    .where('parent_id', '=', parentId)
    .orderBy('date_of_birth', 'desc')
    .orderBy('id')
    .execute();
}

/** One child of the parent's family; another family's child reads as absent. */
export function findChild(db: Db, parentId: number, childId: number) {
  return db.selectFrom('children').selectAll().where('id', '=', childId).where('parent_id', '=', parentId).executeTakeFirst();
}

export function insertChild(db: Db, child: Insertable<ChildrenTable>) {
  return db.insertInto('children').values(child).returningAll().executeTakeFirstOrThrow();
}
