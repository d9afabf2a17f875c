import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ImageContentType } from '../../shared/community-rules';
import type { Database } from '../db/database';

/**
 * The image type the bytes really are, from their leading magic bytes, whatever a file name
 * or Content-Type claims. Only PNG, JPEG, WebP and GIF are recognised.
 */
export function sniffImageType(bytes: Uint8Array): ImageContentType | undefined {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // 'GIF87a' or 'GIF89a'.
  if (startsWith([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  // A RIFF container ('RIFF', a 4-byte size, then 'WEBP').
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export interface ImageInfo {
  id: string;
  ownerId: number;
  contentType: ImageContentType;
  byteSize: number;
  createdAt: Date;
}

/**
 * Where uploaded images are kept. Ids are random UUIDs that never point at other bytes, so
 * an image can be cached forever. The PostgreSQL implementation below lets every server
 * instance serve every image; an object store can replace it behind the same interface.
 */
export interface ImageStorage {
  save(image: { ownerId: number; contentType: ImageContentType; bytes: Uint8Array }): Promise<ImageInfo>;
  info(id: string): Promise<ImageInfo | undefined>;
  read(id: string): Promise<{ contentType: ImageContentType; bytes: Uint8Array } | undefined>;
  delete(id: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only a well-formed id reaches the database, whose uuid type would reject anything else with an error. */
export const isImageId = (id: string) => UUID.test(id);

export function createPostgresImageStorage(db: Kysely<Database>): ImageStorage {
  const infoColumns = ['id', 'owner_id', 'content_type', 'byte_size', 'created_at'] as const;
  const toInfo = (row: { id: string; owner_id: number; content_type: ImageContentType; byte_size: number; created_at: Date }): ImageInfo => ({
    id: row.id,
    ownerId: row.owner_id,
    contentType: row.content_type,
    byteSize: row.byte_size,
    createdAt: row.created_at,
  });

  return {
    async save({ ownerId, contentType, bytes }) {
      const row = await db
        .insertInto('images')
        .values({ id: randomUUID(), owner_id: ownerId, content_type: contentType, byte_size: bytes.byteLength, bytes })
        .returning(infoColumns)
        .executeTakeFirstOrThrow();
      return toInfo(row);
    },

    async info(id) {
      if (!isImageId(id)) return undefined;
      const row = await db.selectFrom('images').select(infoColumns).where('id', '=', id).executeTakeFirst();
      return row && toInfo(row);
    },

    async read(id) {
      if (!isImageId(id)) return undefined;
      const row = await db.selectFrom('images').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
      return row && { contentType: row.content_type, bytes: row.bytes };
    },

    async delete(id) {
      if (!isImageId(id)) return;
      await db.deleteFrom('images').where('id', '=', id).execute();
    },
  };
}
