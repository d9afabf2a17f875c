import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

/** Where the global setup (database-template.ts) left the migrated template, when it ran. */
export const DATABASE_TEMPLATE_ENV = 'NESTLING_TEST_DATABASE_TEMPLATE';

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a temporary database
 * created on the PostgreSQL server and dropped afterwards. Under vitest each is a copy of the
 * template the global setup migrated; elsewhere (benches, scripts) it is migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env[DATABASE_TEMPLATE_ENV];
  if (!testPostgresUrl) {
    if (template) pgliteTemplate ??= readFile(template).then((bytes) => new Blob([bytes]));
    const handle = await createDatabase({ kind: 'pglite', dataDir: undefined, copyOf: template ? await pgliteTemplate : undefined });
    await migrateToLatest(handle.db);
    return { ...handle, connectionString: undefined, drop: () => handle.db.destroy() };
  }
  const name = `nestling_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(testPostgresUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  const handle = await createDatabase({ kind: 'postgres', connectionString, max: 20 });
  // A no-op on a copy of the template, which is already migrated.
  await migrateToLatest(handle.db);
  return {
    ...handle,
    connectionString,
    async drop() {
      await handle.db.destroy();
      await adminQuery(testPostgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Runs one statement on the PostgreSQL server as the test user (databases come and go this way). */
export async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The family a user belongs to; throws for an account with none (staff, teachers). */
export async function familyIdOf(db: Kysely<Database>, userId: number): Promise<number> {
  const { family_id } = await db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirstOrThrow();
  if (family_id === null) throw new Error(`user ${userId} belongs to no family`);
  return family_id;
}
