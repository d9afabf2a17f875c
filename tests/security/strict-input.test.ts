import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, firstNurseryId, fixedNow, teacherNamed } from '../shadow-bookings/bookings.fixtures';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';

/**
 * Input is refused or accepted by the same rules on /trpc and /api, whichever was called first,
 * and input PostgreSQL cannot take is refused with a 400 that names the field, never a 500.
 */

let t: TestApp;
let parent: string;

beforeAll(async () => {
  // No REST call may happen before the first test: it checks what a fresh server does.
  t = await createTestApp({ now: fixedNow });
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const trpc = (procedure: string, input: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...json, cookie }, payload: JSON.stringify(input) });
const rest = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : json) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const describeResponse = (response: LightMyRequestResponse) => `${response.statusCode} ${response.body.slice(0, 300)}`;

async function aBooking() {
  const teacher = await teacherNamed(t, 'Amara Okafor');
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  const { id: childId } = await t.database.db.selectFrom('children').select('id').where('family_id', '=', await familyIdOf(t.database.db, user.id)).orderBy('id').executeTakeFirstOrThrow();
  return bookingPayload({ teacherId: teacher.id, hourlyRate: teacher.hourly_rate, childId, nurseryId: await firstNurseryId(t) });
}

const child = { name: 'Strict Sam', dateOfBirth: '2023-04-17' };

describe('validation does not depend on the order of calls', () => {
  it('refuses specialNeeds "false" over tRPC on a fresh server, and still after a REST call', async () => {
    // The session comes from the tRPC sign-in, so that nothing has gone through /api yet.
    const signIn = await t.app.inject({ method: 'POST', url: '/trpc/auth.signIn', headers: json, payload: JSON.stringify(demoAccounts.parent) });
    expect(signIn.statusCode, describeResponse(signIn)).toBe(200);
    parent = signIn.cookies.filter((c) => c.name === 'nestling_session').map((c) => `${c.name}=${c.value}`)[0]!;

    const fresh = await trpc('children.create', { ...child, specialNeeds: 'false' }, parent);
    expect(fresh.statusCode, describeResponse(fresh)).toBe(400);

    // The adapter switched coercion on in the schemas of each procedure it served, even for a call it refused.
    const restCall = await rest('POST', '/api/children', parent, {});
    expect(restCall.statusCode).toBe(400);

    const afterRest = await trpc('children.create', { ...child, specialNeeds: 'false' }, parent);
    expect(afterRest.statusCode, describeResponse(afterRest)).toBe(400);
    expect(afterRest.json().error.data.problem.errors[0].path).toBe('specialNeeds');
  });

  it('refuses a boolean id and a price given as text on both paths', async () => {
    const overRest = await rest('POST', '/api/children', parent, { ...child, specialNeeds: 'false' });
    expect(overRest.statusCode, describeResponse(overRest)).toBe(400);
    const activity = { channel: 'classroom:1', type: 'art', description: 'Painting.', childId: true };
    for (const response of [await rest('POST', '/api/activities', parent, activity), await trpc('activities.create', activity, parent)]) {
      expect(response.statusCode, describeResponse(response)).toBe(400);
    }
    const booking = { ...(await aBooking()), totalPrice: '4800' };
    for (const response of [await rest('POST', '/api/shadow-bookings', parent, booking), await trpc('shadowBookings.create', booking, parent)]) {
      expect(response.statusCode, describeResponse(response)).toBe(400);
    }
  });
});

describe('request bodies and addresses that cannot be read', () => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);

  it.each(['/api/children', '/trpc/children.create'])('refuses JSON nested 100,000 levels deep at %s with 400, before parsing it', async (url) => {
    const response = await t.app.inject({ method: 'POST', url, headers: { ...json, cookie: parent }, payload: deep });
    expect(response.statusCode, describeResponse(response)).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json', detail: expect.stringMatching(/nested too deeply/) });
  });

  it('still takes JSON nested as deep as a contract goes', async () => {
    const history = [{ role: 'user', content: 'Hello [with {brackets}] in "text"' }];
    const response = await rest('POST', '/api/assistant/chat', parent, { message: 'How do I help my toddler sleep?', history });
    expect(response.statusCode, describeResponse(response)).toBe(200);
  });

  it('answers an address that is not valid percent-encoded UTF-8 with the usual error shape', async () => {
    const response = await rest('GET', '/api/community/posts/%ED%A0%80', parent);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
    expect(response.json().detail).toMatch(/address/);
  });
});

describe('text PostgreSQL cannot store', () => {
  const NUL = 'a\u0000b';
  const cases: [string, 'GET' | 'POST' | 'PATCH', string, unknown, string][] = [
    ['a nursery search', 'GET', '/api/nurseries?q=a%00b', undefined, 'q'],
    ["a teacher's location", 'GET', '/api/shadow-teachers?location=%00', undefined, 'location'],
    ['a post title', 'POST', '/api/community/posts', { title: NUL, content: 'Fine.' }, 'title'],
    ['a tag', 'POST', '/api/community/posts', { title: 'Fine', content: 'Fine.', tags: ['sleep', NUL] }, 'tags'],
    ["a child's name", 'POST', '/api/children', { ...child, name: NUL }, 'name'],
    ['a chat message', 'POST', '/api/assistant/chat', { message: `Hello ${NUL}` }, 'message'],
    ['a city', 'PATCH', '/api/users/me', { city: NUL }, 'city'],
    ['a token name', 'POST', '/api/tokens', { name: NUL }, 'name'],
    ['booking notes', 'POST', '/api/mental-health/bookings', { kind: 'service', serviceId: 'counseling', optionId: 'virtual-60', date: '2026-11-25', timeWindow: 'morning', notes: NUL }, 'notes'],
    ['a name with half of a surrogate pair', 'POST', '/api/children', { ...child, name: 'Zoe \ud83d' }, 'name'],
  ];

  it.each(cases)('in %s is refused with 400 naming the field', async (_what, method, url, body, field) => {
    const response = await rest(method, url, parent, body);
    expect(response.statusCode, describeResponse(response)).toBe(400);
    expect(response.json().errors[0].path, describeResponse(response)).toMatch(new RegExp(`^${field}(\\.|$)`));
    expect(response.json().errors[0].message).toMatch(/cannot be stored/);
  });

  it('is refused over tRPC too, with the field in the message', async () => {
    const response = await trpc('children.create', { ...child, name: 'a\u0000b' }, parent);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/name: .*cannot be stored/);
  });

  it('is stored as given when whole: emoji and other pairs are fine', async () => {
    const response = await rest('POST', '/api/children', parent, { ...child, name: 'Zoë 🌟' });
    expect(response.statusCode, describeResponse(response)).toBe(201);
    expect(response.json().name).toBe('Zoë 🌟');
  });
});

describe('ids above the largest PostgreSQL integer', () => {
  const tooBig = 2_147_483_648;

  it.each([
    ['a query id', 'GET', `/api/activities?before=${tooBig}`, undefined, 'before'],
    ['a path id', 'GET', `/api/community/posts/${tooBig}`, undefined, 'id'],
    ["a booking's teacher", 'POST', '/api/shadow-bookings', { teacherId: tooBig }, 'teacherId'],
    ["a booking's child", 'POST', '/api/mental-health/bookings', { childId: tooBig }, 'childId'],
    ["a post's group", 'POST', '/api/community/posts', { title: 'Fine', content: 'Fine.', groupId: tooBig }, 'groupId'],
    ["an activity's children", 'POST', '/api/activities', { channel: 'classroom:1', type: 'art', description: 'Painting.', childIds: [tooBig] }, 'childIds'],
  ] as const)('in %s are refused with 400', async (what, method, url, body, field) => {
    const cookie = what.includes('activity') ? await t.cookieFor(demoAccounts.staff) : parent;
    const response = await rest(method, url, cookie, body);
    expect(response.statusCode, describeResponse(response)).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path), describeResponse(response)).toContainEqual(expect.stringMatching(new RegExp(`^${field}(\\.|$)`)));
  });

  it('are refused over tRPC as well, and a path id given as true is not read as 1', async () => {
    for (const id of [tooBig, true, '1']) {
      const input = encodeURIComponent(JSON.stringify({ id }));
      const response = await t.app.inject({ method: 'GET', url: `/trpc/community.posts.get?input=${input}`, headers: { cookie: parent } });
      expect(response.statusCode, `${id}: ${describeResponse(response)}`).toBe(id === '1' ? 200 : 400);
    }
  });
});

describe('dates', () => {
  it('outside 1900 to 2099 are refused with 400 wherever a date is taken', async () => {
    const staff = await t.cookieFor(demoAccounts.staff);
    const responses = [
      await rest('POST', '/api/activities', staff, { channel: 'classroom:1', type: 'art', description: 'Painting.', occurredAt: '0001-01-01T10:00:00Z' }),
      await rest('POST', '/api/activities', staff, { channel: 'classroom:1', type: 'art', description: 'Painting.', occurredAt: '1899-12-31T10:00:00Z' }),
      await rest('GET', '/api/shadow-teachers/1/availability?from=0001-01-01&to=0001-01-01', parent),
      await rest('POST', '/api/children', parent, { ...child, dateOfBirth: '0001-01-01' }),
      await rest('POST', '/api/mental-health/bookings', parent, { kind: 'service', serviceId: 'counseling', optionId: 'virtual-60', date: '9999-12-31', timeWindow: 'morning' }),
      await rest('POST', '/api/shadow-bookings', parent, { ...(await aBooking()), startDate: '2100-01-01' }),
    ];
    for (const response of responses) {
      expect(response.statusCode, describeResponse(response)).toBe(400);
      expect(response.json().errors?.[0]?.message, describeResponse(response)).toBe('Dates lie between 1900-01-01 and 2099-12-31.');
    }
  });
});
