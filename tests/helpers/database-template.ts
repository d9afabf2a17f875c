import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../src/server/db/create-database';
import { migrateToLatest } from '../../src/server/db/migrator';
import { DATABASE_TEMPLATE_ENV, adminQuery, testPostgresUrl } from './test-database';

/**
 * Vitest's global setup: migrates one database before any test file starts, and each test
 * database is then a copy of it. A fresh PGlite takes seconds to create and more to migrate, a
 * copy of a migrated one about a second; on PostgreSQL the copy is `CREATE DATABASE ... TEMPLATE`.
 * The template's place reaches the test processes in an environment variable, which they inherit.
 */
export default async function setup() {
  const remove = testPostgresUrl ? await postgresTemplate(testPostgresUrl) : await pgliteTemplate();
  return async () => {
    delete process.env[DATABASE_TEMPLATE_ENV];
    await remove();
  };
}

async function pgliteTemplate() {
  const handle = await createDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateToLatest(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.db.destroy();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nestling-test-template-'));
  const file = path.join(dir, 'pglite-data.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[DATABASE_TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(serverUrl: string) {
  const name = `nestling_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ kind: 'postgres', connectionString: url.toString(), max: 1 });
  await migrateToLatest(handle.db);
  // No session may stay connected to a template while it is copied.
  await handle.db.destroy();
  process.env[DATABASE_TEMPLATE_ENV] = name;
  return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
