import type { Db } from './database';

/**
 * A child of the caller's own family, or undefined for any other id: another family's child
 * and a child that does not exist read the same. Every feature that takes a child id from a
 * parent checks it here.
 */
export function findOwnChild(db: Db, parentId: number, childId: number) {
  return db.selectFrom('children').select(['id', 'name']).where('id', '=', childId).where('parent_id', '=', parentId).executeTakeFirst();
}
