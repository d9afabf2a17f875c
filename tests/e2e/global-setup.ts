import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Whether the server renders pages (the default; SSR=0 in the environment that runs the suite turns it off). */
    serverRendering: boolean;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the client, then starts `npm start` on a free port with a fresh database: an embedded one by default, or a
 * new PostgreSQL database (seeded with `npm run db:seed`) when E2E_DATABASE_URL names a server.
 */
export default async function setup(project: TestProject) {
  // Always test the current code: `npm start` only builds when dist/client or dist/server is missing.
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  // E2E_PREBUILT=1: the caller has just built both (.ci/run builds once for two suites run side by side).
  if (!process.env.E2E_PREBUILT) {
    const production = { ...process.env, NODE_ENV: 'production' };
    // The client, then its server renderer (pages are rendered on the server from dist/server).
    for (const ssr of [[], ['--ssr']]) {
      const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...ssr, '--logLevel', 'warn'], { stdio: 'inherit', env: production });
      if (built.status !== 0) throw new Error(`vite build ${ssr.join(' ')} failed`);
    }
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The daily-loop journey's push service listens on 127.0.0.1, as a test receiver does.
    PUSH_ALLOW_PRIVATE: 'true',
  };
  delete env.DATABASE_URL;

  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (serverUrl) {
    const name = `nestling_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    const seeded = spawnSync('npm', ['run', 'db:seed'], { env, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('seeding the e2e database failed');
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }

  const server: ChildProcess = spawn('npm', ['start'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 4 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseUrl', baseUrl);
  // Read here, in the process that starts the server: test files cannot read SSR themselves,
  // because Vitest sets process.env.SSR in its workers (it read '1' under SSR=0).
  project.provide('serverRendering', env.SSR !== '0');

  return async () => {
    // npm start runs the server as a child; signal the whole group so it shuts down gracefully.
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
    // npm may exit before the server under it has shut down: dropping its database then cut its
    // LISTEN connection, which it logged as an error with a stack. Wait until the group is gone.
    for (let waited = 0; server.pid && groupAlive(server.pid) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Whether any process of the group is still running (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
