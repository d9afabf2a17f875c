import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * Both drivers return the same JavaScript types: int8 as number (counts stay far below 2^53)
 * and `date` as its yyyy-MM-dd text, so that no time zone can move a calendar day.
 */
const parsers = {
  [INT8_OID]: (value: string) => Number(value),
  [DATE_OID]: (value: string) => value,
};

export type DatabaseTarget =
  /**
   * `min`: connections opened at start and kept open however long they idle. Opening one starts a
   * PostgreSQL backend and costs this thread about a millisecond, work a burst of requests should
   * not pay; left at 0, a pool closes idle connections after ten seconds and a burst reopens them.
   */
  | { kind: 'postgres'; connectionString: string; max?: number; min?: number }
  /** `copyOf`: the tarball of a data directory (`PGlite.dumpDataDir`) to start from. */
  | { kind: 'pglite'; dataDir: string | undefined; copyOf?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  /** The embedded instance, when there is one (the realtime bus listens on it). */
  pglite: PGlite | undefined;
  /** The pool, when there is one. */
  pool: pg.Pool | undefined;
}

export async function createDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.max ?? 10,
      min: target.min ?? 0,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid in parsers ? parsers[oid as keyof typeof parsers] : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its connection (a database restart) emits 'error' on the pool;
    // unheard, that would crash the process. The pool replaces the client on next use.
    pool.on('error', (error) => console.error('PostgreSQL connection lost; it will be reopened:', error.message));
    const opened = await Promise.all(Array.from({ length: target.min ?? 0 }, () => pool.connect()));
    for (const client of opened) client.release();
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', pglite: undefined, pool };
  }
  if (target.dataDir) mkdirSync(path.resolve(target.dataDir), { recursive: true });
  // Options go in one object: the two-argument form silently drops extensions.
  const pglite = new PGlite({
    dataDir: target.dataDir ? path.resolve(target.dataDir, 'pglite') : undefined,
    extensions: { btree_gist, pg_trgm },
    parsers,
    loadDataDir: target.copyOf,
  });
  await pglite.waitReady;
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), kind: 'pglite', pglite, pool: undefined };
}
