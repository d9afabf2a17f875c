import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/create-database';
import { POOL_SIZE } from '../src/server/db/open-database';
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
 * A production build of its own, as `npm run build` makes it (the client in client/, its server
 * renderer in server/, where the app looks for it), so that a server running from dist/ meanwhile
 * keeps its files. It goes under node_modules/.cache, not the system's temporary folder: the
 * renderer imports React and the rest from node_modules, which Node finds only from inside the
 * project. `remove` deletes it.
 */
export function buildClient(): { clientDir: string; remove: () => void } {
  const cache = fileURLToPath(new URL('../node_modules/.cache', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const buildDir = mkdtempSync(path.join(cache, 'nestling-build-'));
  const clientDir = path.join(buildDir, 'client');
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir], { stdio: 'inherit', env });
  execFileSync('npx', ['vite', 'build', '--ssr', '--logLevel', 'warn', '--outDir', path.join(buildDir, 'server')], { stdio: 'inherit', env });
  return { clientDir, remove: () => rmSync(buildDir, { recursive: true, force: true }) };
}

/**
 * The real app on a fresh, migrated and seeded database of its own, listening on a free port
 * that is also its PUBLIC_ORIGIN. On PostgreSQL (the default) the database is created on the
 * server DATABASE_URL names and dropped afterwards; with `kind: 'pglite'` it is an embedded
 * database in a temporary folder, as `npm start` runs. `env` adds configuration; `prepare` may
 * add routes before it listens. `run` gets the base URL.
 */
export async function withBenchApp(
  options: { kind?: 'postgres' | 'pglite'; env?: Record<string, string>; clientDir?: AppDeps['clientDir']; prepare?: (app: FastifyInstance) => void },
  run: (base: string, app: FastifyInstance) => Promise<void>,
) {
  const target = options.kind === 'pglite' ? await embeddedTarget() : await postgresTarget();
  const database = await createDatabase(target.database);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    await seed(database.db);
    // The app checks /ws origins against PUBLIC_ORIGIN, so it must be the address a browser uses.
    const port = await freePort();
    const publicOrigin = `http://127.0.0.1:${port}`;
    const config = loadConfig({ ...target.env, PUBLIC_ORIGIN: publicOrigin, TZ: 'UTC', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...options.env });
    app = await buildApp(config, { database, clientDir: options.clientDir ?? '/nonexistent' });
    options.prepare?.(app);
    await app.listen({ port, host: '127.0.0.1' });
    await run(publicOrigin, app);
  } finally {
    await app?.close();
    await database.db.destroy().catch(() => {});
    await target.cleanUp();
  }
}

async function postgresTarget() {
  const name = `nestling_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nestling-bench-'));
  return {
    // The pool the server opens (open-database.ts).
    database: { kind: 'postgres', connectionString: url.toString(), max: POOL_SIZE, min: POOL_SIZE } as const,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    cleanUp: async () => {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function embeddedTarget() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nestling-bench-'));
  return {
    database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') } as const,
    env: { DATA_DIR: dataDir },
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  };
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
