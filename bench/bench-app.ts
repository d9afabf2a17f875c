import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/create-database';
import { migrateToLatest } from '../src/server/db/migrator';
import { demoAccounts, seed } from '../src/server/db/seed';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The real app on a fresh, migrated and seeded PostgreSQL database of its own (on the server
 * DATABASE_URL names), listening on a free port. `prepare` may add routes before it listens.
 * `run` gets the base URL; the database is dropped afterwards whatever happens.
 */
export async function withBenchApp(
  options: { clientDir?: AppDeps['clientDir']; prepare?: (app: FastifyInstance) => void },
  run: (base: string, app: FastifyInstance) => Promise<void>,
) {
  const name = `nestling_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', connectionString: url.toString(), max: 20 });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    await seed(database.db);
    app = await buildApp(loadConfig({ DATABASE_URL: url.toString(), TZ: 'UTC', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' }), {
      database,
      clientDir: options.clientDir ?? '/nonexistent',
    });
    options.prepare?.(app);
    await run(await app.listen({ port: 0, host: '127.0.0.1' }), app);
  } finally {
    await app?.close();
    await database.db.destroy().catch(() => {});
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/** Signs the demo parent in and returns the Cookie header value. */
export async function signInDemoParent(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts.parent.email, password: demoAccounts.parent.password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nestling_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}
