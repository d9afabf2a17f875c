import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { FamilyExportDto } from '../../../shared/schemas/family';
import type { Database } from '../../db/database';
import { requireFamily } from '../../db/family-scope';
import { notFound } from '../../errors';
import type { ImageStore } from '../../lib/images/image-store';
import type { AuthenticatedUser } from '../../principal';
import { exportReadme, familyExportFiles } from './family-data';

/** How long a finished export can be downloaded. */
const EXPORT_KEPT_MS = 7 * 86_400_000;
/** How long a worker holds an export it is building; another instance takes it up after that. */
const LEASE_MS = 10 * 60_000;

type ExportRow = { id: number; status: FamilyExportDto['status']; progress: number; byte_size: string | number | null; created_at: Date; finished_at: Date | null; expires_at: Date | null };

function toExportDto(row: ExportRow): FamilyExportDto {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    downloadUrl: row.status === 'ready' ? `/api/family/exports/${row.id}/download` : null,
  };
}

const exportColumns = ['id', 'status', 'progress', 'byte_size', 'created_at', 'finished_at', 'expires_at'] as const;

/**
 * A family's data to take away, as a zip: JSON per area with a README, and the photos. A
 * guardian asks; a worker on any instance builds it in the background, reporting progress, and
 * keeps it in the object store for 7 days. Only the family's own rows are read (family-data.ts).
 */
export function createFamilyExportService(deps: { db: Kysely<Database>; store: ImageStore; now?: () => Date; log?: FastifyBaseLogger }) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());

  function exportsOf(familyId: number) {
    return db.selectFrom('family_exports').select(exportColumns).where('family_id', '=', familyId);
  }

  async function build(exportId: number, familyId: number): Promise<{ key: string; byteSize: number }> {
    const setProgress = (progress: number) => db.updateTable('family_exports').set({ progress }).where('id', '=', exportId).execute();
    const files = await familyExportFiles(db, familyId);
    const family = files.find((file) => file.name === 'family.json')!.rows[0] as { name: string } | undefined;
    const photos = files.find((file) => file.name === 'photos.json')!.rows as { id: string }[];
    const keys = await db.selectFrom('images').select(['id', 'key']).where('id', 'in', photos.length > 0 ? photos.map((p) => p.id) : ['00000000-0000-0000-0000-000000000000']).execute();
    await setProgress(10);

    const workDirectory = await mkdtemp(path.join(os.tmpdir(), 'nestling-export-'));
    try {
      const zipPath = path.join(workDirectory, 'export.zip');
      const zip = new ZipFile();
      const written = pipeline(zip.outputStream, createWriteStream(zipPath));
      zip.addBuffer(Buffer.from(exportReadme(family?.name ?? 'your family', files, now())), 'README.txt');
      for (const file of files) zip.addBuffer(Buffer.from(JSON.stringify(file.rows, null, 2)), file.name);
      for (const [index, photo] of keys.entries()) {
        const object = photo.key ? await store.get(photo.key) : undefined;
        // One photo in memory at a time; a photo whose bytes are gone is listed but not added.
        if (object) zip.addBuffer(await buffer(object.body), `photos/${photo.id}.webp`);
        await setProgress(10 + Math.floor((80 * (index + 1)) / keys.length));
      }
      zip.end();
      await written;
      const { size } = await stat(zipPath);
      const key = `exports/${randomUUID()}.zip`;
      await store.put(key, createReadStream(zipPath), size);
      return { key, byteSize: size };
    } finally {
      await rm(workDirectory, { recursive: true, force: true });
    }
  }

  return {
    /** Starts an export of the caller's family, or answers the one already under way. */
    async request(user: AuthenticatedUser): Promise<FamilyExportDto> {
      const familyId = requireFamily(user);
      const waiting = await exportsOf(familyId).where('status', 'in', ['queued', 'running']).orderBy('id', 'desc').executeTakeFirst();
      if (waiting) return toExportDto(waiting);
      const row = await db.insertInto('family_exports').values({ family_id: familyId, requested_by: user.id, created_at: now() }).returning(exportColumns).executeTakeFirstOrThrow();
      return toExportDto(row);
    },

    async get(user: AuthenticatedUser, exportId: number): Promise<FamilyExportDto> {
      const row = await exportsOf(requireFamily(user)).where('id', '=', exportId).executeTakeFirst();
      if (!row) throw notFound('That export');
      return toExportDto(row);
    },

    /** The family's exports still kept, newest first. */
    async list(user: AuthenticatedUser): Promise<FamilyExportDto[]> {
      const rows = await exportsOf(requireFamily(user))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now())]))
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      return rows.map(toExportDto);
    },

    /** A finished export's zip, for its family only; anything else reads as absent. */
    async open(user: AuthenticatedUser, exportId: number) {
      const row = await db
        .selectFrom('family_exports')
        .select(['object_key', 'created_at'])
        .where('id', '=', exportId)
        .where('family_id', '=', requireFamily(user))
        .where('status', '=', 'ready')
        .where('expires_at', '>', now())
        .executeTakeFirst();
      const object = row?.object_key ? await store.get(row.object_key) : undefined;
      if (!row || !object) throw notFound('That export');
      return { ...object, fileName: `nestling-family-data-${row.created_at.toISOString().slice(0, 10)}.zip` };
    },

    /**
     * Builds the oldest waiting export (or one whose worker died), if any; safe on any number of
     * instances at once. Also deletes the zips of expired exports. Answers the id it built.
     */
    async processNext(): Promise<number | undefined> {
      const at = now();
      const expired = await db
        .updateTable('family_exports')
        .set({ object_key: null })
        .where('expires_at', '<=', at)
        .where('object_key', 'is not', null)
        .returning('object_key')
        .execute();
      if (expired.length > 0) await store.delete(expired.map((row) => row.object_key!));

      const claimed = await db.transaction().execute(async (trx) => {
        const next = await trx
          .selectFrom('family_exports')
          .select(['id', 'family_id'])
          .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)])]))
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (next) await trx.updateTable('family_exports').set({ status: 'running', progress: 0, lease_until: new Date(at.getTime() + LEASE_MS) }).where('id', '=', next.id).execute();
        return next;
      });
      if (!claimed) return undefined;
      try {
        const { key, byteSize } = await build(claimed.id, claimed.family_id);
        const finished = now();
        await db
          .updateTable('family_exports')
          .set({ status: 'ready', progress: 100, object_key: key, byte_size: byteSize, finished_at: finished, expires_at: new Date(finished.getTime() + EXPORT_KEPT_MS), lease_until: null })
          .where('id', '=', claimed.id)
          .execute();
      } catch (error) {
        deps.log?.error({ err: error, exportId: claimed.id }, 'building a family export failed');
        await db.updateTable('family_exports').set({ status: 'failed', finished_at: now(), lease_until: null }).where('id', '=', claimed.id).execute();
      }
      return claimed.id;
    },

    /** Deletes stored export zips (an erased family's). */
    deleteObjects: (keys: string[]) => store.delete(keys),
  };
}

export type FamilyExportService = ReturnType<typeof createFamilyExportService>;
