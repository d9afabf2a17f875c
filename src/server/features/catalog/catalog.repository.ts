import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function listProducts(db: Db) {
  return db.selectFrom('products').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Escapes LIKE wildcards so user text matches literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listShadowTeachers(db: Db, filter: { specialization?: string; location?: string }) {
  let query = db.selectFrom('shadow_teachers').selectAll();
  // @> (array contains) is what the GIN index on specialization serves.
  if (filter.specialization) query = query.where('specialization', '@>', sql<string[]>`ARRAY[${filter.specialization}]::text[]`);
  if (filter.location) query = query.where('location', 'ilike', likePattern(filter.location));
  return query.orderBy('rating', 'desc').orderBy('id').execute();
}
