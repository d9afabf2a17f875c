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

export function insertChild(db: Db, child: Insertable<ChildrenTable>) {
  return db.insertInto('children').values(child).returningAll().executeTakeFirstOrThrow();
}
