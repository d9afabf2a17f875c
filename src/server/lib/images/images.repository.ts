import { sql, type Insertable } from 'kysely';
import type { Db, ImagesTable } from '../../db/database';

// Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)).
const UPLOAD_QUOTA_LOCK = 0x1a00_0001;
const SWEEP_LOCK = 0x1a00_0002;

export const storedImageColumns = ['id', 'owner_id', 'key', 'thumbnail_key', 'width', 'height', 'byte_size', 'created_at'] as const;

/** An image whose bytes are in the store (every image, once start-up has moved the old ones). */
export function findStoredImage(db: Db, id: string) {
  return db
    .selectFrom('images')
    .select(storedImageColumns)
    .where('id', '=', id)
    .where('key', 'is not', null)
    .$narrowType<{ key: string; thumbnail_key: string; width: number; height: number }>()
    .executeTakeFirst();
}

export type StoredImageRow = NonNullable<Awaited<ReturnType<typeof findStoredImage>>>;

export async function insertImage(db: Db, image: Insertable<ImagesTable>): Promise<void> {
  await db.insertInto('images').values(image).execute();
}

// ---- The daily quota --------------------------------------------------------------------

/** Queues, until this transaction ends, every other upload of the same account, so two cannot both take the last one. */
export async function lockUploadQuota(db: Db, userId: number) {
  await sql`SELECT pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK}::int, ${userId}::int)`.execute(db);
}

/** The account's uploads since `since`, oldest first. */
export async function uploadsSince(db: Db, userId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('image_uploads')
    .select('uploaded_at')
    .where('user_id', '=', userId)
    .where('uploaded_at', '>', since)
    .orderBy('uploaded_at')
    .execute();
  return rows.map((row) => row.uploaded_at);
}

export async function insertUpload(db: Db, userId: number, at: Date): Promise<number> {
  const { id } = await db.insertInto('image_uploads').values({ user_id: userId, uploaded_at: at }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deleteUpload(db: Db, id: number) {
  await db.deleteFrom('image_uploads').where('id', '=', id).execute();
}

export async function deleteUploadsBefore(db: Db, before: Date) {
  await db.deleteFrom('image_uploads').where('uploaded_at', '<=', before).execute();
}

// ---- The sweep --------------------------------------------------------------------------

/** True when this transaction now holds the sweep's lock; false when another instance is sweeping. */
export async function tryLockSweep(db: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}::int, 0) AS locked`.execute(db);
  return rows[0]?.locked === true;
}

/**
 * The next images created before `before`, after the position `after` in (created_at, id)
 * order, locked until the transaction ends: a post being created with one of them waits on its
 * foreign key, and then fails if the image is gone.
 */
export function lockImagesCreatedBefore(db: Db, before: Date, after: { createdAt: Date; id: string } | undefined, limit: number) {
  let query = db.selectFrom('images').select(['id', 'key', 'thumbnail_key', 'created_at']).where('created_at', '<', before);
  if (after) query = query.where(sql<boolean>`(created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  return query.orderBy('created_at').orderBy('id').limit(limit).forUpdate().execute();
}

export async function deleteImages(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.deleteFrom('images').where('id', 'in', ids).returning(['id', 'key', 'thumbnail_key']).execute();
}

// ---- Images from before the store -------------------------------------------------------

/** One image that still keeps its bytes in the database, or undefined when none is left. */
export function nextLegacyImage(db: Db) {
  return db
    .selectFrom('images')
    .select(['id', 'bytes'])
    .where('bytes', 'is not', null)
    .orderBy('created_at')
    .limit(1)
    .$narrowType<{ bytes: Uint8Array }>()
    .executeTakeFirst();
}

/** Points a legacy image at its stored copy and drops its bytes; false when another instance did it first. */
export async function markLegacyImageStored(
  db: Db,
  id: string,
  stored: { key: string; thumbnail_key: string; width: number; height: number; byte_size: number },
): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ ...stored, content_type: 'image/webp', bytes: null })
    .where('id', '=', id)
    .where('bytes', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteLegacyImage(db: Db, id: string) {
  await db.deleteFrom('images').where('id', '=', id).where('bytes', 'is not', null).execute();
}
