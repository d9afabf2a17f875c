import type { Db } from '../../db/database';

export function listProducts(db: Db) {
  return db.selectFrom('products').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}
