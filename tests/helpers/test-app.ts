import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { demoAccounts, seed } from '../../src/server/demo/seed';
import type { AuthLimits } from '../../src/server/features/auth/auth.service';
import type { SsrEntry } from '../../src/server/ssr/page-renderer';
import { checkResponsesAgainstDocument } from './response-contract';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://nestling.test';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Signs in through the REST endpoint and returns the Cookie header for later requests. */
  signIn(account: { email: string; password: string }): Promise<string>;
  /** The same, but reusing one session per account for the whole file (sign-in is slow by design). */
  cookieFor(account: { email: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_ORIGIN: TEST_ORIGIN, TZ: 'UTC', LOG_LEVEL: 'silent', ...overrides });
}

/** A real app on its own fresh database, seeded with the demo data unless told otherwise. */
export async function createTestApp(
  options: {
    seed?: boolean;
    now?: () => Date;
    env?: Record<string, string>;
    authLimits?: AuthLimits;
    reauthorizeEveryMs?: number;
    /** A client directory to serve, and a server renderer of its pages; by default there is no client. */
    clientDir?: string;
    ssrEntry?: () => Promise<SsrEntry>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Uploaded images go to DATA_DIR/images: a directory of this app's own, removed on close.
  const dataDir = options.env?.DATA_DIR ? undefined : await mkdtemp(path.join(os.tmpdir(), 'nestling-test-data-'));
  const config = testConfig({ ...(dataDir ? { DATA_DIR: dataDir } : {}), ...options.env });
  if (options.seed !== false) await seed(database.db, options.now?.(), config.timeZone);
  const app = await buildApp(config, { database, logger: false, now: options.now, clientDir: options.clientDir ?? '/nonexistent', ssrEntry: options.ssrEntry, authLimits: options.authLimits, reauthorizeEveryMs: options.reauthorizeEveryMs });
  checkResponsesAgainstDocument(app);
  await app.ready();
  const sessions = new Map<string, Promise<string>>();
  async function signIn(account: { email: string; password: string }) {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: account.email, password: account.password } });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return sessionCookieOf(response);
  }
  return {
    app,
    database,
    config,
    signIn,
    cookieFor(account) {
      if (!sessions.has(account.email)) sessions.set(account.email, signIn(account));
      return sessions.get(account.email)!;
    },
    async close() {
      await app.close();
      await database.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'nestling_session');
  if (!cookie) throw new Error('no session cookie was set');
  return `nestling_session=${cookie.value}`;
}

export { demoAccounts };
