import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/database';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/create-database';
import { migrateToLatest } from '../../src/server/db/migrator';

/** The PostgreSQL server tests run against, if any; otherwise each test file gets its own PGlite. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export interface TestDatabase extends DatabaseHandle {
  /** A connection string to this file's own database, when on PostgreSQL (for a second app instance). */
  connectionString: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a temporary database
 * created on the PostgreSQL server and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testPostgresUrl) {
    const handle = await createDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateToLatest(handle.db);
    return { ...handle, connectionString: undefined, drop: () => handle.db.destroy() };
  }
  const name = `nestling_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  const handle = await createDatabase({ kind: 'postgres', connectionString, max: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    connectionString,
    async drop() {
      await handle.db.destroy();
      const cleanup = new pg.Client({ connectionString: testPostgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The family a user belongs to; throws for an account with none (staff, teachers). */
export async function familyIdOf(db: Kysely<Database>, userId: number): Promise<number> {
  const { family_id } = await db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirstOrThrow();
  if (family_id === null) throw new Error(`user ${userId} belongs to no family`);
  return family_id;
}
