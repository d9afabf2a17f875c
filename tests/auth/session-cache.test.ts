import type { FastifyInstance } from 'fastify';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/create-database';
import { createSessionCache } from '../../src/server/features/auth/session-cache';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { testPostgresUrl } from '../helpers/test-database';
import { listen, TestSocket } from '../realtime/realtime-helpers';

// A clock that never moves: a cached sign-in never ages out here, so only a revocation can end it.
const frozenAt = new Date('2026-11-23T10:00:00Z');
const now = () => frozenAt;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t?.close());

const me = (app: FastifyInstance, auth: { cookie?: string; token?: string }) =>
  app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { ...(auth.cookie ? { cookie: auth.cookie } : {}), ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}) },
  });
const signOut = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN }, payload: {} });
const rename = (app: FastifyInstance, cookie: string, name: string) =>
  app.inject({ method: 'PATCH', url: '/api/users/me', headers: { cookie, origin: TEST_ORIGIN }, payload: { name } });

describe('the session cache on one instance', () => {
  it('forgets a session at sign-out, so the cookie stops working at once', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    expect((await me(t.app, { cookie })).statusCode).toBe(200);
    expect((await signOut(t.app, cookie)).statusCode).toBe(200);
    expect((await me(t.app, { cookie })).statusCode).toBe(401);
  });

  it('forgets the session a new sign-in replaces', async () => {
    const old = await t.signIn(demoAccounts.parent);
    expect((await me(t.app, { cookie: old })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { cookie: old }, payload: demoAccounts.parent });
    expect((await me(t.app, { cookie: old })).statusCode).toBe(401);
    expect((await me(t.app, { cookie: sessionCookieOf(again) })).statusCode).toBe(200);
  });

  it('forgets a revoked API token', async () => {
    const cookie = await t.cookieFor(demoAccounts.staff);
    const user = (await me(t.app, { cookie })).json<{ id: number }>();
    const { id, token } = await t.app.services.auth.createApiToken(user.id, { name: 'tablet', scopes: apiScopeNames });
    expect((await me(t.app, { token })).statusCode).toBe(200);
    await t.app.services.auth.revokeApiToken(user.id, id);
    expect((await me(t.app, { token })).statusCode).toBe(401);
  });

  it('shows a changed profile at once', async () => {
    const cookie = await t.cookieFor(demoAccounts.secondParent);
    expect((await me(t.app, { cookie })).statusCode).toBe(200);
    expect((await rename(t.app, cookie, 'Renamed Here')).statusCode).toBe(200);
    expect((await me(t.app, { cookie })).json()).toMatchObject({ name: 'Renamed Here' });
  });
});

describe('createSessionCache', () => {
  const user = (id: number) => ({ id, name: `user ${id}` });
  const clock = () => {
    let at = 0;
    return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
  };

  it('asks once for a burst of lookups of one credential, then answers from memory until its time is up', async () => {
    const { now, advance } = clock();
    const cache = createSessionCache<{ id: number }>({ ttlMs: 5_000, maxEntries: 10, now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { user: user(1), expiresAt: null };
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.lookup('a', load)));
    await cache.lookup('a', load);
    expect(loads).toBe(1);
    advance(5_000);
    await cache.lookup('a', load);
    expect(loads).toBe(2);
  });

  it('asks again once the session itself has expired', async () => {
    const { now, advance } = clock();
    const cache = createSessionCache<{ id: number }>({ ttlMs: 5_000, maxEntries: 10, now });
    let loads = 0;
    const load = async () => (++loads === 1 ? { user: user(1), expiresAt: new Date(1_000) } : undefined);
    await cache.lookup('a', load);
    advance(1_000);
    expect(await cache.lookup('a', load)).toBeUndefined();
  });

  it('does not keep an answer read before a forgetUser, nor share it with lookups after', async () => {
    const { now } = clock();
    const cache = createSessionCache<{ id: number }>({ ttlMs: 5_000, maxEntries: 10, now });
    let release!: () => void;
    const stale = cache.lookup('a', () => new Promise((resolve) => (release = () => resolve({ user: user(1), expiresAt: null }))));
    cache.forgetUser(1);
    const after = cache.lookup('a', async () => undefined);
    release();
    expect(await stale).toEqual(user(1));
    expect(await after).toBeUndefined();
    expect(await cache.lookup('a', async () => undefined)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { now } = clock();
    const cache = createSessionCache<{ id: number }>({ ttlMs: 5_000, maxEntries: 2, now });
    for (const key of ['a', 'b', 'c']) await cache.lookup(key, async () => ({ user: user(1), expiresAt: null }));
    let asked = '';
    for (const key of ['a', 'b', 'c']) await cache.lookup(key, async () => ((asked += key), undefined));
    expect(asked).toBe('a');
  });
});

describe.runIf(testPostgresUrl)('the session cache on two instances on one PostgreSQL', () => {
  let handleB: DatabaseHandle;
  let appB: FastifyInstance;
  let urlB: string;
  let staff: string;

  beforeAll(async () => {
    handleB = await createDatabase({ kind: 'postgres', connectionString: t.database.connectionString! });
    // pg-pool's end() resolves before its connections have finished closing; see broadcast.test.ts.
    handleB.pool!.on('error', () => {});
    appB = await buildApp(t.config, { database: handleB, logger: false, clientDir: '/nonexistent', now });
    urlB = await listen(appB);
    staff = await t.cookieFor(demoAccounts.staff);
  });

  afterAll(async () => {
    await appB?.close();
    await handleB?.db.destroy();
  });

  /**
   * Waits until instance B has taken in everything A broadcast so far: A posts an activity, and
   * B's LISTEN connection delivers notifications in the order they were committed.
   */
  async function untilBHasHeardFromA() {
    const witness = await TestSocket.joined(urlB, 'classroom-3b', { cookie: staff });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { origin: TEST_ORIGIN, cookie: staff },
      payload: { channel: 'classroom-3b', type: 'play', description: 'A witness.' },
    });
    expect(response.statusCode).toBe(201);
    await witness.nextActivity();
    await witness.close();
  }

  it('ends on B a session signed out on A', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    expect((await me(appB, { cookie })).statusCode).toBe(200);
    expect((await signOut(t.app, cookie)).statusCode).toBe(200);
    await untilBHasHeardFromA();
    expect((await me(appB, { cookie })).statusCode).toBe(401);
  });

  it('ends on B an API token revoked on A', async () => {
    const user = (await me(t.app, { cookie: staff })).json<{ id: number }>();
    const { id, token } = await t.app.services.auth.createApiToken(user.id, { name: 'tablet on B', scopes: apiScopeNames });
    expect((await me(appB, { token })).statusCode).toBe(200);
    await t.app.services.auth.revokeApiToken(user.id, id);
    await untilBHasHeardFromA();
    expect((await me(appB, { token })).statusCode).toBe(401);
  });

  it('shows on B a profile changed on A', async () => {
    const cookie = await t.cookieFor(demoAccounts.secondParent);
    expect((await me(appB, { cookie })).statusCode).toBe(200);
    expect((await rename(t.app, cookie, 'Renamed on A')).statusCode).toBe(200);
    await untilBHasHeardFromA();
    expect((await me(appB, { cookie })).json()).toMatchObject({ name: 'Renamed on A' });
  });
});
