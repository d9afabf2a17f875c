import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/create-database';
import { migrateToLatest } from '../src/server/db/migrator';
import { demoAccounts, seed } from '../src/server/demo/seed';

export const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` with a client on the PostgreSQL server itself, for creating and dropping databases. */
export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
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
 * DATABASE_URL names), listening on a free port that is also its PUBLIC_ORIGIN. `prepare` may add routes before it listens.
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
    // The app checks /ws origins against PUBLIC_ORIGIN, so it must be the address a browser uses.
    const port = await freePort();
    const publicOrigin = `http://127.0.0.1:${port}`;
    app = await buildApp(loadConfig({ DATABASE_URL: url.toString(), PUBLIC_ORIGIN: publicOrigin, TZ: 'UTC', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' }), {
      database,
      clientDir: options.clientDir ?? '/nonexistent',
    });
    options.prepare?.(app);
    await app.listen({ port, host: '127.0.0.1' });
    await run(publicOrigin, app);
  } finally {
    await app?.close();
    await database.db.destroy().catch(() => {});
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/** A port the system just handed out, so the app's public origin can be known before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
