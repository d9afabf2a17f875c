import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/create-database';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { testPostgresUrl } from '../helpers/test-database';
import { listen, TestSocket } from '../realtime/realtime-helpers';

// A clock the tests move by hand: last-active times and the session cache's time to live follow it.
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now, seed: false });
});
afterAll(() => t?.close());

let accounts = 0;
/** A fresh account of its own for each test, so that no other test's sessions show in its list. */
async function newAccount() {
  accounts += 1;
  const account = { name: `Session Tester ${accounts}`, email: `sessions-${accounts}@nestling.test`, password: 'a quiet harbour at dawn 7' };
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account, headers: { 'user-agent': MAC_CHROME }, remoteAddress: '203.0.113.1' });
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, id: response.json<{ id: number }>().id, cookie: sessionCookieOf(response) };
}

async function signInFrom(account: { email: string; password: string }, userAgent: string, address: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: account.email, password: account.password }, headers: { 'user-agent': userAgent }, remoteAddress: address });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}

interface Session {
  id: number;
  device: { description: string; browser: string | null; os: string | null; kind: string };
  ip: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
const listSessions = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
const sessionsOf = async (cookie: string) => {
  const response = await listSessions(cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Session[]; nextCursor: string | null }>().items;
};
const endSession = (cookie: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: { cookie, origin: TEST_ORIGIN } });
const endOthers = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/sessions/sign-out-others', headers: { cookie, origin: TEST_ORIGIN }, payload: {} });
const trpc = (cookie: string, procedure: string, input: unknown) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
const trpcQuery = (cookie: string, procedure: string, input: unknown) =>
  t.app.inject({ method: 'GET', url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { cookie } });
const statusOf = (response: LightMyRequestResponse) => response.statusCode;

describe('the list of sessions', () => {
  it('shows each device by its browser and system, the address, when it began and was last active, and which is this one', async () => {
    const a = await newAccount();
    advance(60_000);
    const phone = await signInFrom(a, IPHONE, '198.51.100.23');
    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(2);
    const [newest, first] = sessions;
    expect(newest).toMatchObject({ device: { description: 'Safari on iPhone', browser: 'Safari', os: 'iOS', kind: 'mobile' }, ip: '198.51.100.23', current: true });
    expect(first).toMatchObject({ device: { description: 'Chrome on macOS', browser: 'Chrome', os: 'macOS', kind: 'desktop' }, ip: '203.0.113.1', current: false });
    expect(newest!.createdAt).toBe(clock.toISOString());
    expect(Date.parse(first!.createdAt)).toBeLessThan(Date.parse(newest!.createdAt));
    // From the other browser, that one is this device.
    expect((await sessionsOf(a.cookie)).map((s) => s.current)).toEqual([false, true]);
  });

  it('says "Unknown device" when the browser sent no User-Agent', async () => {
    const a = await newAccount();
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: a.email, password: a.password } });
    const sessions = await sessionsOf(sessionCookieOf(bare));
    expect(sessions.find((s) => s.current)?.device).toEqual({ description: 'Unknown device', browser: null, os: null, kind: 'unknown' });
  });

  it('moves last active at most once a minute, as the session is used', async () => {
    const a = await newAccount();
    const startedAt = clock.toISOString();
    const lastActive = async () => (await sessionsOf(a.cookie)).find((s) => s.current)!.lastActiveAt;
    expect(await lastActive()).toBe(startedAt);
    // Past the session cache's five seconds, so the sign-in is looked up again, but within the minute: no write.
    advance(30_000);
    expect(statusOf(await me(a.cookie))).toBe(200);
    expect(await lastActive()).toBe(startedAt);
    advance(45_000);
    expect(statusOf(await me(a.cookie))).toBe(200);
    expect(await lastActive()).toBe(clock.toISOString());
    const row = await t.database.db.selectFrom('sessions').select('last_active_at').where('user_id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.last_active_at.toISOString()).toBe(clock.toISOString());
  });

  it('is for a browser session only: an API token of the account gets 403', async () => {
    const a = await newAccount();
    const { token } = await t.app.services.auth.createApiToken(a.id, { name: 'script', scopes: apiScopeNames });
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/sign-out-others', headers: { authorization: `Bearer ${token}` }, payload: {} })).statusCode).toBe(403);
    expect(statusOf(await me(a.cookie))).toBe(200);
  });

  it('pages, newest first', async () => {
    const a = await newAccount();
    for (let i = 0; i < 2; i++) await signInFrom(a, WINDOWS_FIREFOX, `192.0.2.${i + 1}`);
    const first = await t.app.inject({ method: 'GET', url: '/api/auth/sessions?limit=2', headers: { cookie: a.cookie } });
    const page = first.json<{ items: Session[]; nextCursor: string | null }>();
    expect(page.items.map((s) => s.ip)).toEqual(['192.0.2.2', '192.0.2.1']);
    const second = await t.app.inject({ method: 'GET', url: `/api/auth/sessions?limit=2&cursor=${page.nextCursor}`, headers: { cookie: a.cookie } });
    expect(second.json<{ items: Session[]; nextCursor: string | null }>()).toMatchObject({ items: [{ ip: '203.0.113.1', current: true }], nextCursor: null });
  });
});

describe('signing out one device', () => {
  it('ends that session at once, and the rest stay signed in', async () => {
    const a = await newAccount();
    const phone = await signInFrom(a, IPHONE, '198.51.100.23');
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current)!;
    expect(statusOf(await me(phone))).toBe(200);
    const response = await endSession(a.cookie, phoneSession.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: true, wasCurrent: false });
    expect(response.cookies.find((c) => c.name === 'nestling_session')).toBeUndefined();
    expect(statusOf(await me(phone))).toBe(401);
    expect(statusOf(await me(a.cookie))).toBe(200);
    expect((await sessionsOf(a.cookie)).map((s) => s.id)).not.toContain(phoneSession.id);
    expect(statusOf(await endSession(a.cookie, phoneSession.id))).toBe(404);
  });

  it('signs this browser out, clearing its cookie, when it is the current session', async () => {
    const a = await newAccount();
    const own = (await sessionsOf(a.cookie)).find((s) => s.current)!;
    const response = await endSession(a.cookie, own.id);
    expect(response.json()).toEqual({ ended: true, wasCurrent: true });
    const cleared = response.cookies.find((c) => c.name === 'nestling_session');
    expect(cleared?.value).toBe('');
    expect(statusOf(await me(a.cookie))).toBe(401);
  });

  it('closes an open live connection of the ended session', async () => {
    const a = await newAccount();
    const phone = await signInFrom(a, IPHONE, '198.51.100.23');
    const url = await listen(t.app);
    const socket = await TestSocket.open(url, { cookie: phone });
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current)!;
    expect(statusOf(await endSession(a.cookie, phoneSession.id))).toBe(200);
    expect((await socket.closed).code).toBeGreaterThanOrEqual(4000);
  });
});

describe("another account's sessions", () => {
  it('are neither listed nor ended: their ids answer 404 over REST and tRPC, and the owner stays signed in', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const aSessions = await sessionsOf(a.cookie);
    const bSessions = await sessionsOf(b.cookie);
    expect(bSessions.map((s) => s.id)).not.toContain(aSessions[0]!.id);
    expect(bSessions).toHaveLength(1);

    const viaRest = await endSession(b.cookie, aSessions[0]!.id);
    expect(viaRest.statusCode).toBe(404);
    expect(viaRest.json().code).toBe('not_found');
    const viaTrpc = await trpc(b.cookie, 'sessions.end', { id: aSessions[0]!.id });
    expect(viaTrpc.statusCode).toBe(404);
    expect(viaTrpc.json().error.data.problem.code).toBe('not_found');
    const listViaTrpc = await trpcQuery(b.cookie, 'sessions.list', {});
    expect(listViaTrpc.json().result.data.items.map((s: Session) => s.id)).toEqual(bSessions.map((s) => s.id));

    // Signing out everywhere else ends only the caller's own.
    expect((await endOthers(b.cookie)).json()).toEqual({ ended: 0 });
    expect(statusOf(await me(a.cookie))).toBe(200);
    expect(await sessionsOf(a.cookie)).toHaveLength(1);
  });

  it('an id that names no session at all also answers 404', async () => {
    const a = await newAccount();
    expect(statusOf(await endSession(a.cookie, 2_147_483_647))).toBe(404);
  });
});

describe('signing out everywhere else', () => {
  it('ends every other session of the account at once, keeps this one, and leaves API tokens working', async () => {
    const a = await newAccount();
    const phone = await signInFrom(a, IPHONE, '198.51.100.23');
    const laptop = await signInFrom(a, WINDOWS_FIREFOX, '198.51.100.24');
    const { token } = await t.app.services.auth.createApiToken(a.id, { name: 'calendar sync', scopes: apiScopeNames });
    for (const cookie of [phone, laptop]) expect(statusOf(await me(cookie))).toBe(200);

    const response = await endOthers(phone);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(statusOf(await me(laptop))).toBe(401);
    expect(statusOf(await me(a.cookie))).toBe(401);
    expect(statusOf(await me(phone))).toBe(200);
    expect(await sessionsOf(phone)).toMatchObject([{ current: true, device: { description: 'Safari on iPhone' } }]);
    expect(statusOf(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } }))).toBe(200);
  });

  it('is there for other features to call (turning on two-step): endOtherSessions keeps the session named', async () => {
    const a = await newAccount();
    const phone = await signInFrom(a, IPHONE, '198.51.100.23');
    const keep = await t.app.services.sessions.currentSessionId(a.id, phone.split('=')[1]);
    expect(keep).not.toBeNull();
    expect(await t.app.services.sessions.endOtherSessions(a.id, keep)).toBe(1);
    expect(statusOf(await me(a.cookie))).toBe(401);
    expect(statusOf(await me(phone))).toBe(200);
  });
});

describe.runIf(testPostgresUrl)('on two instances sharing one PostgreSQL', () => {
  let handleB: DatabaseHandle;
  let appB: FastifyInstance;

  beforeAll(async () => {
    handleB = await createDatabase({ kind: 'postgres', connectionString: t.database.connectionString! });
    handleB.pool!.on('error', () => {});
    appB = await buildApp(t.config, { database: handleB, logger: false, clientDir: '/nonexistent', now });
    await appB.ready();
  });
  afterAll(async () => {
    await appB?.close();
    await handleB?.db.destroy();
  });

  const meOnB = (cookie: string) => appB.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

  it('signs out on B, at once, the sessions ended by "sign out everywhere else" on A', async () => {
    const a = await newAccount();
    const phone = await signInFrom(a, IPHONE, '198.51.100.23');
    // B has the laptop's sign-in in its cache.
    expect(statusOf(await meOnB(a.cookie))).toBe(200);
    // B hears of it over LISTEN/NOTIFY. The clock does not move here, so without it B's cache would answer for ever.
    const heardOnB = new Promise<void>((resolve) => {
      const stop = appB.services.auth.onCredentialEnded(() => {
        stop();
        resolve();
      });
    });
    expect((await endOthers(phone)).json()).toEqual({ ended: 1 });
    await heardOnB;
    expect(statusOf(await meOnB(a.cookie))).toBe(401);
    expect(statusOf(await meOnB(phone))).toBe(200);
  });
});
