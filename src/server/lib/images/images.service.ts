import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { MAX_IMAGE_BYTES } from '../../../shared/community-rules';
import type { Database, Db } from '../../db/database';
import { AppError, badInput } from '../../errors';
import { reportRateLimit } from '../rate-limit-headers';
import { encodeImage, type EncodedFile } from './image-pipeline';
import { createImageBytesCache } from './image-bytes-cache';
import type { ImageStore } from './image-store';
import * as repo from './images.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload nothing refers to is deleted once it is this old. */
export const UNREFERENCED_IMAGE_TTL_MS = DAY_MS;
const SWEEP_BATCH = 200;
// A stored row never changes (its keys name one set of bytes for good), so a burst of downloads
// of one image needs one lookup. A row deleted by another instance is kept here at most this
// long, and its bytes are found gone in the store meanwhile.
const STORED_ROW_TTL_MS = 60_000;
const STORED_ROW_ENTRIES = 1_000;
/** Memory for the images served most; see createImageBytesCache. */
const CACHED_IMAGE_BYTES = { totalBytes: 32 * 1024 * 1024, perObjectBytes: 2 * 1024 * 1024 };

export const IMAGE_TOO_LARGE_MESSAGE = `The image is too large; the limit is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
export const UNSUPPORTED_IMAGE_MESSAGE = 'Only PNG, JPEG, WebP or GIF images can be uploaded, and the file must be a whole, readable image.';
const EMPTY_IMAGE_MESSAGE = 'The image is empty. Please choose an image file to upload.';
const INTERRUPTED_MESSAGE = 'The upload did not arrive whole. Please try again.';

/**
 * A feature that attaches images to its rows (community posts today; activities or messages
 * later). The image service asks every registered owner before it deletes an image or shows
 * one to someone other than its uploader, so it never needs to know the features themselves.
 */
export interface ImageReferenceOwner {
  /**
   * Which of `ids` this feature still refers to. Runs in the transaction that deletes the
   * rest, after their rows are locked: a row being added that refers to one of them waits on
   * its foreign key to images, so it is either seen here or fails once the image is gone.
   */
  referencedAmong(db: Db, ids: readonly string[]): Promise<readonly string[]>;
  /** Whether `viewerId` may read something of this feature that shows the image. */
  readableBy(db: Db, viewerId: number, imageId: string): Promise<boolean>;
}

export interface StoredImage {
  id: string;
  ownerId: number;
  width: number;
  height: number;
  byteSize: number;
}

export type ImageVariant = 'full' | 'thumbnail';

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only a well-formed id reaches the database, whose uuid type would refuse anything else with an error. */
export const isImageId = (id: string) => UUID.test(id);

/**
 * Stored objects are named `<image id>/<SHA-256 of the bytes>.webp`: content-addressed, so an
 * object is never overwritten, and the hash is the strong ETag.
 */
const keyOf = (id: string, file: EncodedFile) => `${id}/${file.hash}.webp`;
export const etagOfKey = (key: string) => `"${path.posix.basename(key, '.webp')}"`;

export function createImageService(deps: {
  db: Kysely<Database>;
  store: ImageStore;
  dailyUploadLimit: number;
  now?: () => Date;
  log?: Log;
  /** Encodes run at once at most; the rest wait. Each takes one libuv thread. */
  encodeConcurrency?: number;
}) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());
  const log: Log = deps.log ?? { info: () => undefined, warn: (object, message) => console.warn(message, object) };
  const owners = new Map<string, ImageReferenceOwner>();
  const encodeSlot = createSlots(deps.encodeConcurrency ?? Math.max(1, os.availableParallelism() - 1));
  const storedRows = new Map<string, { row: repo.StoredImageRow; cachedAt: number }>();
  const servedBytes = createImageBytesCache(store, CACHED_IMAGE_BYTES);

  async function findStoredImage(id: string): Promise<repo.StoredImageRow | undefined> {
    const at = now().getTime();
    const cached = storedRows.get(id);
    if (cached && at - cached.cachedAt < STORED_ROW_TTL_MS) return cached.row;
    const row = await repo.findStoredImage(db, id);
    storedRows.delete(id);
    if (row) {
      // A Map iterates in insertion order, so the first key is the oldest entry.
      if (storedRows.size >= STORED_ROW_ENTRIES) storedRows.delete(storedRows.keys().next().value!);
      storedRows.set(id, { row, cachedAt: at });
    }
    return row;
  }

  /** Takes one of today's uploads, or answers 429 saying when the oldest of them frees up. */
  async function reserveUpload(userId: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await repo.lockUploadQuota(trx, userId);
      const at = now();
      const recent = await repo.uploadsSince(trx, userId, new Date(at.getTime() - DAY_MS));
      const secondsUntil = (time: number) => Math.max(1, Math.ceil((time - at.getTime()) / 1000));
      const remaining = deps.dailyUploadLimit - recent.length;
      // Any 24 hours: the next upload frees up when the oldest counted one turns a day old.
      const oldest = recent.length >= deps.dailyUploadLimit ? recent[recent.length - deps.dailyUploadLimit]! : (recent[0] ?? at);
      reportRateLimit({ policy: 'image-uploads', quota: deps.dailyUploadLimit, windowSeconds: DAY_MS / 1000, remaining: Math.max(0, remaining - 1), resetSeconds: secondsUntil(oldest.getTime() + DAY_MS) });
      if (remaining <= 0) {
        const freedAt = oldest.getTime() + DAY_MS;
        throw new AppError('quota_exceeded', `You can upload ${deps.dailyUploadLimit} images a day. Please try again later.`, {
          retryAfterSeconds: Math.max(1, Math.ceil((freedAt - at.getTime()) / 1000)),
        });
      }
      return repo.insertUpload(trx, userId, at);
    });
  }

  async function encodeAndStore(inputPath: string, workDirectory: string, id: string) {
    const encoded = await encodeSlot(() => encodeImage(inputPath, workDirectory));
    if (!encoded) return undefined;
    const key = keyOf(id, encoded.image);
    const thumbnailKey = keyOf(id, encoded.thumbnail);
    try {
      await store.put(key, createReadStream(encoded.image.path), encoded.image.byteSize);
      await store.put(thumbnailKey, createReadStream(encoded.thumbnail.path), encoded.thumbnail.byteSize);
    } catch (error) {
      await deleteObjects([key, thumbnailKey]);
      throw error;
    }
    return { key, thumbnail_key: thumbnailKey, width: encoded.image.width, height: encoded.image.height, byte_size: encoded.image.byteSize };
  }

  /** Forgets the deleted rows here, then deletes their bytes. */
  async function deleteImagesOf(rows: readonly { id: string; key: string | null; thumbnail_key: string | null }[]) {
    for (const row of rows) storedRows.delete(row.id);
    await deleteObjects(rows.flatMap((row) => [row.key, row.thumbnail_key]));
  }

  async function deleteObjects(keys: readonly (string | null)[]) {
    const present = keys.filter((key): key is string => key !== null);
    if (present.length === 0) return;
    servedBytes.forget(present);
    // The rows are gone, so nothing serves these any more; a failure leaves unreachable bytes behind, not a broken image.
    await store.delete(present).catch((error: unknown) => log.warn({ err: error, keys: present }, 'could not delete image objects'));
  }

  async function referencedAmong(trx: Db, ids: readonly string[]): Promise<Set<string>> {
    const referenced = new Set<string>();
    if (ids.length === 0) return referenced;
    for (const owner of owners.values()) for (const id of await owner.referencedAmong(trx, ids)) referenced.add(id);
    return referenced;
  }

  function servedImage(row: repo.StoredImageRow, variant: ImageVariant) {
    const key = variant === 'thumbnail' ? row.thumbnail_key : row.key;
    return { etag: etagOfKey(key), open: () => servedBytes.get(key) };
  }

  async function mayRead(viewerId: number, image: repo.StoredImageRow): Promise<boolean> {
    if (image.owner_id === viewerId) return true;
    for (const owner of owners.values()) if (await owner.readableBy(db, viewerId, image.id)) return true;
    return false;
  }

  return {
    /** Deletes the stored bytes of image rows already deleted (a family's erasure), and forgets them here. */
    deleteBytesOf: deleteImagesOf,

    /** Adds a feature whose rows refer to images; see ImageReferenceOwner. */
    registerOwner(name: string, owner: ImageReferenceOwner) {
      if (owners.has(name)) throw new Error(`Image reference owner ${name} is registered twice`);
      owners.set(name, owner);
    },

    /**
     * Takes an upload as it streams in: counted against the account's daily quota (429),
     * at most 5 MB (413, counted as it arrives, whatever Content-Length said), then decoded
     * and re-encoded off the event loop (415 when it is no image), and stored.
     */
    async upload(userId: number, body: Readable): Promise<StoredImage> {
      const reservation = await reserveUpload(userId);
      const workDirectory = await mkdtemp(path.join(os.tmpdir(), 'nestling-upload-'));
      let done = false;
      try {
        const inputPath = path.join(workDirectory, 'upload');
        await receive(body, inputPath);
        const id = randomUUID();
        const stored = await encodeAndStore(inputPath, workDirectory, id);
        if (!stored) throw new AppError('unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE);
        try {
          await repo.insertImage(db, { id, owner_id: userId, content_type: 'image/webp', created_at: now(), ...stored });
        } catch (error) {
          await deleteObjects([stored.key, stored.thumbnail_key]);
          throw error;
        }
        done = true;
        return { id, ownerId: userId, width: stored.width, height: stored.height, byteSize: stored.byte_size };
      } catch (error) {
        // An upload refused for what was sent still counts; one lost to our own failure does not.
        if (error instanceof AppError) done = true;
        throw error;
      } finally {
        if (!done) await repo.deleteUpload(db, reservation);
        await rm(workDirectory, { recursive: true, force: true });
      }
    },

    /** The caller's own image, for attaching it to something. */
    async findOwned(userId: number, id: string): Promise<StoredImage | undefined> {
      if (!isImageId(id)) return undefined;
      const row = await repo.findStoredImage(db, id);
      if (!row || row.owner_id !== userId) return undefined;
      return { id: row.id, ownerId: row.owner_id, width: row.width, height: row.height, byteSize: row.byte_size };
    },

    /**
     * An image as `viewerId` may see it: their own upload, or one attached to something an
     * owner says they may read, asked afresh each time, as what it is attached to can change.
     * Anything else is undefined, as if it did not exist.
     */
    async find(viewerId: number, id: string, variant: ImageVariant) {
      if (!isImageId(id)) return undefined;
      const row = await findStoredImage(id);
      if (!row || !(await mayRead(viewerId, row))) return undefined;
      return servedImage(row, variant);
    },

    /**
     * An image for a feature that has already decided the viewer may see it, by its own rule,
     * on its own route (activity photos): served as `find` serves it, with no owner asked.
     */
    async findChecked(id: string, variant: ImageVariant) {
      if (!isImageId(id)) return undefined;
      const row = await findStoredImage(id);
      return row && servedImage(row, variant);
    },

    /** Deletes those of the images that no owner refers to any more, whatever their age. */
    async deleteIfUnreferenced(ids: readonly string[]): Promise<void> {
      const valid = ids.filter(isImageId);
      if (valid.length === 0) return;
      const gone = await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('images').select('id').where('id', 'in', valid).forUpdate().execute();
        const referenced = await referencedAmong(trx, rows.map((row) => row.id));
        return repo.deleteImages(trx, rows.map((row) => row.id).filter((id) => !referenced.has(id)));
      });
      await deleteImagesOf(gone);
    },

    /**
     * Deletes every image over a day old that no owner refers to, and forgets uploads older
     * than the quota's day. One instance sweeps at a time: the others find the lock taken and
     * answer ran: false.
     */
    async sweep(): Promise<{ ran: boolean; deleted: number }> {
      const cutoff = new Date(now().getTime() - UNREFERENCED_IMAGE_TTL_MS);
      let after: { createdAt: Date; id: string } | undefined;
      let deleted = 0;
      for (;;) {
        const batch = await db.transaction().execute(async (trx) => {
          if (!(await repo.tryLockSweep(trx))) return undefined;
          if (!after) await repo.deleteUploadsBefore(trx, new Date(now().getTime() - DAY_MS));
          const rows = await repo.lockImagesCreatedBefore(trx, cutoff, after, SWEEP_BATCH);
          const referenced = await referencedAmong(trx, rows.map((row) => row.id));
          const gone = await repo.deleteImages(trx, rows.filter((row) => !referenced.has(row.id)).map((row) => row.id));
          return { last: rows.at(-1), full: rows.length === SWEEP_BATCH, gone };
        });
        if (!batch) return { ran: false, deleted };
        await deleteImagesOf(batch.gone);
        deleted += batch.gone.length;
        if (!batch.full || !batch.last) return { ran: true, deleted };
        after = { createdAt: batch.last.created_at, id: batch.last.id };
      }
    },

    /**
     * Moves images stored in the database before the image store existed (migration 0006)
     * into the store, through the same decode and re-encode as an upload, so that metadata
     * stored with them is stripped too. One that does not decode is deleted: it was never a
     * valid image. Idempotent, and safe to run on several instances at once.
     */
    async moveLegacyImages(): Promise<{ moved: number; dropped: number }> {
      let moved = 0;
      let dropped = 0;
      for (let legacy = await repo.nextLegacyImage(db); legacy; legacy = await repo.nextLegacyImage(db)) {
        const workDirectory = await mkdtemp(path.join(os.tmpdir(), 'nestling-legacy-'));
        try {
          const inputPath = path.join(workDirectory, 'legacy');
          await writeFile(inputPath, legacy.bytes);
          const stored = await encodeAndStore(inputPath, workDirectory, legacy.id);
          if (!stored) {
            await repo.deleteLegacyImage(db, legacy.id);
            log.warn({ imageId: legacy.id }, 'a stored image did not decode and was deleted');
            dropped++;
          } else if (await repo.markLegacyImageStored(db, legacy.id, stored)) {
            moved++;
          } else {
            await deleteObjects([stored.key, stored.thumbnail_key]);
          }
        } finally {
          await rm(workDirectory, { recursive: true, force: true });
        }
      }
      if (moved + dropped > 0) log.info({ moved, dropped }, 'images moved from the database to the image store');
      return { moved, dropped };
    },

    close: () => store.close(),
  };

  /** Writes the body to `file`, refusing it with 413 once more than the limit has arrived. */
  async function receive(body: Readable, file: string): Promise<void> {
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > MAX_IMAGE_BYTES ? new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE) : null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(file));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (body.readableAborted || (error as NodeJS.ErrnoException).code === 'ECONNRESET') throw badInput('image', INTERRUPTED_MESSAGE);
      throw error;
    }
    if (received === 0) throw badInput('image', EMPTY_IMAGE_MESSAGE);
  }
}

/** Runs at most `count` tasks at once; the rest wait their turn in order. */
function createSlots(count: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export type ImageService = ReturnType<typeof createImageService>;
