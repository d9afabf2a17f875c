import { Writable } from 'node:stream';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { bookingPayload, createBooking, firstNurseryId, fixedNow, signInParents, teacherNamed, windowWeekdays, type Family } from './bookings.fixtures';

// The secret address calendar apps subscribe to, since they cannot send a cookie or a token.
let t: TestApp;
let demo: Family;
let other: Family;
const bookingIds = new Map<Family, number>();

beforeAll(async () => {
  t = await createTestApp({ now: fixedNow });
  ({ demo, other } = await signInParents(t));
  const amara = await teacherNamed(t, 'Amara Okafor');
  const nurseryId = await firstNurseryId(t);
  for (const [index, family] of [demo, other].entries()) {
    const payload = bookingPayload(
      { teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: family.children[0]!.id, nurseryId },
      { startDate: windowWeekdays[index], notes: `booked by family ${index + 1}` },
    );
    const res = await createBooking(t, family.cookie, payload);
    expect(res.statusCode, res.body).toBe(201);
    bookingIds.set(family, res.json().id);
  }
});
afterAll(() => t?.close());

const browser = (family: Family) => ({ cookie: family.cookie, origin: TEST_ORIGIN });
const subscribe = (family: Family) => t.app.inject({ method: 'POST', url: '/api/calendar-subscription', headers: browser(family) });
const revoke = (family: Family) => t.app.inject({ method: 'DELETE', url: '/api/calendar-subscription', headers: browser(family) });
/** Fetches an address as a calendar app does: no cookie, no token. */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
const uids = (calendar: string) => [...calendar.matchAll(/^UID:(.+)$/gm)].map((match) => match[1]!.trim());

describe('calendar subscription address', () => {
  it('is created from a browser session as webcal://<host>/api/calendar/<token>.ics with 256 random bits', async () => {
    const res = await subscribe(demo);
    expect(res.statusCode, res.body).toBe(201);
    const { webcalUrl, url, createdAt } = res.json();
    expect(webcalUrl).toMatch(/^webcal:\/\/nestling\.test\/api\/calendar\/ncal_[A-Za-z0-9_-]{43}\.ics$/);
    expect(url).toBe(webcalUrl.replace('webcal://', `${new URL(TEST_ORIGIN).protocol}//`));
    expect(createdAt).toBe(fixedNow().toISOString());
    const status = await t.app.inject({ method: 'GET', url: '/api/calendar-subscription', headers: { cookie: demo.cookie } });
    expect(status.json()).toEqual({ active: true, createdAt });
    // Kept only as a hash, like API tokens.
    const token = /\/(ncal_[^/]+)\.ics$/.exec(webcalUrl)![1]!;
    const stored = await t.database.db.selectFrom('calendar_subscriptions').select('token_hash').where('user_id', '=', demo.userId).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
  });

  it("serves, without credentials, only its own family's bookings: both families", async () => {
    const [mine, theirs] = [(await subscribe(demo)).json(), (await subscribe(other)).json()];
    const myFeed = await fetchFeed(mine.url);
    const theirFeed = await fetchFeed(theirs.url);
    expect(myFeed.statusCode).toBe(200);
    expect(myFeed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(myFeed.headers['cache-control']).toBe('private, no-store');
    expect(uids(myFeed.body)).toContain(`shadow-booking-${bookingIds.get(demo)}@nestling.test`);
    expect(uids(myFeed.body)).not.toContain(`shadow-booking-${bookingIds.get(other)}@nestling.test`);
    expect(uids(theirFeed.body)).toEqual([`shadow-booking-${bookingIds.get(other)}@nestling.test`]);
    // The same feed a signed-in parent gets.
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers: { cookie: demo.cookie } });
    expect(uids(myFeed.body)).toEqual(uids(signedIn.body));
  });

  it('stops working when revoked (404), and a new one replaces the old', async () => {
    const first = (await subscribe(demo)).json();
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const revoked = await revoke(demo);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ active: false, createdAt: null });
    const gone = await fetchFeed(first.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar-subscription', headers: { cookie: demo.cookie } })).json().active).toBe(false);

    const second = (await subscribe(demo)).json();
    const third = (await subscribe(demo)).json();
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect((await fetchFeed(third.url)).statusCode).toBe(200);
  });

  it("revoking one family's address leaves the other's working", async () => {
    const theirs = (await subscribe(other)).json();
    await subscribe(demo);
    await revoke(demo);
    expect((await fetchFeed(theirs.url)).statusCode).toBe(200);
  });

  it.each(['/api/calendar/ncal_unknownunknownunknownunknownunknownunknown1.ics', '/api/calendar/nonsense', '/api/calendar/ncal_.ics'])(
    'answers 404 to an address never made: %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    },
  );

  it('keeps the secret address out of the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
    const logged = await buildApp(t.config, { database: t.database, logger: { level: 'info', stream }, clientDir: '/nonexistent', now: fixedNow });
    try {
      const { url } = (await subscribe(demo)).json();
      const token = /(ncal_[^/]+)\.ics$/.exec(url)![1]!;
      expect((await logged.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines.some((line) => line.includes('/api/health')), 'requests are logged at all').toBe(true);
      expect(lines.filter((line) => line.includes(token))).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('cannot be created or revoked with an API token, nor signed out', async () => {
    const { token } = await t.app.services.auth.createApiToken(demo.userId, { name: 'calendar test', scopes: apiScopeNames });
    const bearer = { authorization: `Bearer ${token}` };
    for (const method of ['POST', 'DELETE'] as const) {
      const withToken = await t.app.inject({ method, url: '/api/calendar-subscription', headers: bearer });
      expect(withToken.statusCode).toBe(403);
      expect(withToken.json().code).toBe('forbidden');
      expect((await t.app.inject({ method, url: '/api/calendar-subscription' })).statusCode).toBe(401);
    }
  });
});
