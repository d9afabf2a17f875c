import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/create-database';
import { readEvents } from '../../src/server/db/event-log';
import { writeEvent } from '../../src/server/db/outbox';
import { apiScopeNames, type ApiScope } from '../../src/shared/api-scopes';
import { eventPageOutput } from '../../src/shared/schemas/event-log';
import { restOf } from '../family/family-helpers';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { familyIdOf, testPostgresUrl } from '../helpers/test-database';
import { otherNurseryStaff } from '../realtime/realtime-helpers';
import { NOW, bookingPayload, createBooking, firstNurseryId, roomyLimits, signInParents, teacherNamed, windowWeekdays, type Family } from '../shadow-bookings/bookings.fixtures';

// GET /api/events: each caller pages through the outbox events they may see, in commit order.
let t: TestApp;
let demo: Family;
let other: Family;
let staff: string;
let otherStaffToken: string;
let start: number;
const rest = (...args: Parameters<ReturnType<typeof restOf>>) => restOf(t.app)(...args);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: roomyLimits });
  ({ demo, other } = await signInParents(t));
  staff = await t.signIn(demoAccounts.staff);
  const otherStaff = await otherNurseryStaff(t.database.db);
  otherStaffToken = (await t.app.services.auth.createApiToken(otherStaff.id, { name: 'sunflower', scopes: apiScopeNames })).token;
  start = (await readEvents(t.database.db, { after: 0, limit: 100_000 })).at(-1)?.id ?? 0;

  // One of each kind for the demo family, and a child for the other family.
  const teacher = await teacherNamed(t, 'Amara Okafor');
  const booked = await createBooking(t, demo.cookie, bookingPayload({ teacherId: teacher.id, hourlyRate: teacher.hourly_rate, childId: demo.children[0]!.id, nurseryId: await firstNurseryId(t) }, { startDate: windowWeekdays[0] }));
  expect(booked.statusCode, booked.body).toBe(201);
  expect((await rest('POST', '/children', demo.cookie, { name: 'Ivy Thompson', dateOfBirth: '2024-03-01' })).statusCode).toBe(201);
  expect((await rest('POST', '/activities', staff, { channel: 'classroom-3b', type: 'art', description: 'Painting', childId: demo.children[0]!.id })).statusCode).toBe(201);
  expect((await rest('POST', '/community/posts', demo.cookie, { title: 'Hello', content: 'From the events test', tags: '' })).statusCode).toBe(201);
  expect((await rest('POST', '/children', other.cookie, { name: 'Otto Other', dateOfBirth: '2023-05-01' })).statusCode).toBe(201);
});
afterAll(() => t?.close());

async function listEvents(auth: { cookie?: string; token?: string }, query = `after=${start}`) {
  const headers = auth.cookie ? { cookie: auth.cookie } : { authorization: `Bearer ${auth.token}` };
  return t.app.inject({ url: `/api/events?${query}`, headers });
}

const typesOf = (body: { items: { type: string }[] }) => body.items.map((item) => item.type);

async function tokenFor(userId: number, scopes: ApiScope[]) {
  return (await t.app.services.auth.createApiToken(userId, { name: `events ${scopes.join(' ')}`, scopes })).token;
}

describe('GET /api/events', () => {
  it("lists the family's events oldest first, each as a webhook body with its id, and nothing of another family's", async () => {
    const response = await listEvents({ cookie: demo.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const body = eventPageOutput.parse(response.json());
    expect(typesOf(body)).toEqual(['booking.created', 'child.created', 'activity.created', 'post.created']);
    expect(body.hasMore).toBe(false);
    const ids = body.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(body.items[1]).toMatchObject({ type: 'child.created', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), data: { child: { name: 'Ivy Thompson' } } });
    expect(JSON.stringify(body)).not.toContain('Otto Other');

    const theirs = eventPageOutput.parse((await listEvents({ cookie: other.cookie })).json());
    expect(typesOf(theirs)).toEqual(['child.created']);
    expect(theirs.items[0]).toMatchObject({ data: { child: { name: 'Otto Other' } } });
  });

  it('pages with after=<the last id> and limit, saying whether more follow', async () => {
    const first = (await listEvents({ cookie: demo.cookie }, `after=${start}&limit=3`)).json();
    expect(typesOf(first)).toEqual(['booking.created', 'child.created', 'activity.created']);
    expect(first.hasMore).toBe(true);
    const second = (await listEvents({ cookie: demo.cookie }, `after=${first.items.at(-1).id}&limit=3`)).json();
    expect(typesOf(second)).toEqual(['post.created']);
    expect(second.hasMore).toBe(false);
    const caughtUp = (await listEvents({ cookie: demo.cookie }, `after=${second.items.at(-1).id}`)).json();
    expect(caughtUp).toEqual({ items: [], hasMore: false });
  });

  it('answers tRPC the same as REST', async () => {
    const input = encodeURIComponent(JSON.stringify({ after: start }));
    const viaTrpc = await t.app.inject({ url: `/trpc/events.list?input=${input}`, headers: { cookie: demo.cookie } });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data).toEqual((await listEvents({ cookie: demo.cookie })).json());
  });

  it("shows staff their nursery's activities only, and another nursery's staff none of them", async () => {
    const ours = (await listEvents({ cookie: staff })).json();
    expect(typesOf(ours)).toEqual(['activity.created']);
    expect(ours.items[0].data.activity.description).toBe('Painting');
    expect((await listEvents({ token: otherStaffToken })).json()).toEqual({ items: [], hasMore: false });
  });

  it('shows a token only the kinds of event its read scopes cover, and refuses one without events:read', async () => {
    const bookingsOnly = await tokenFor(demo.userId, ['events:read', 'bookings:read']);
    expect(typesOf((await listEvents({ token: bookingsOnly })).json())).toEqual(['booking.created']);
    const childrenAndCommunity = await tokenFor(demo.userId, ['events:read', 'children:read', 'community:read']);
    expect(typesOf((await listEvents({ token: childrenAndCommunity })).json())).toEqual(['child.created', 'post.created']);

    const noEvents = await tokenFor(demo.userId, ['bookings:read', 'children:read']);
    const refused = await listEvents({ token: noEvents });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.json().detail).toContain("'events:read'");
  });

  it('shows a carer no booking events', async () => {
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Carmen Carer', email: 'carmen@events.test', password: 'a quiet harbour at dawn 7' } });
    const carer = sessionCookieOf(signUp);
    const invited = await rest('POST', '/family/invitations', demo.cookie, { familyRole: 'carer' });
    const secret = invited.json().link.split('/join/')[1];
    expect((await rest('POST', `/family-invitations/${secret}/acceptance`, carer, {})).statusCode).toBe(200);
    expect(typesOf((await listEvents({ cookie: carer })).json())).toEqual(['child.created', 'activity.created', 'post.created']);
  });

  it.each([
    ['after=-1', 'after is 0 or more.'],
    ['after=abc', 'after is a whole number: the id of the last event you have, or 0.'],
    ['after=1.5', 'after is a whole number: the id of the last event you have, or 0.'],
    ['after=2147483648', 'after is at most 2147483647.'],
    ['limit=0', 'limit is at least 1.'],
  ])('refuses %s with 400 and a message that says why', async (query, message) => {
    const response = await listEvents({ cookie: demo.cookie }, query);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses an unknown query parameter, naming it', async () => {
    const response = await listEvents({ cookie: demo.cookie }, 'after=0&since=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ code: 'unrecognized_keys' })] });
    expect(JSON.stringify(response.json())).toContain('since');
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ url: '/api/events', headers: { origin: TEST_ORIGIN } })).statusCode).toBe(401);
  });
});

describe.runIf(testPostgresUrl)('ids in commit order (PostgreSQL only: two connections at once)', () => {
  it('makes a writer that starts while another is open wait for its commit, so a reader of after=<id> can never pass an event that commits late', async () => {
    const second = await createDatabase({ kind: 'postgres', connectionString: t.database.connectionString! });
    try {
      const familyId = await familyIdOf(t.database.db, demo.userId);
      const before = (await readEvents(t.database.db, { after: 0, limit: 100_000 })).at(-1)?.id ?? 0;
      const child = { id: 1, name: 'Late', age: '1 year', dateOfBirth: '2025-01-01', status: 'offline', currentActivity: null, lastUpdate: null, specialNeeds: false, profileImage: null };
      let releaseEarly!: () => void;
      const early = t.database.db.transaction().execute(async (trx) => {
        await writeEvent(trx, { type: 'child.created', familyId, payload: { child: { ...child, name: 'Opened first' } }, occurredAt: NOW });
        await new Promise<void>((resolve) => (releaseEarly = resolve));
      });
      // The second writer starts while the first is open; it must wait for the first to commit.
      await new Promise((resolve) => setTimeout(resolve, 100));
      let laterCommitted = false;
      const later = second.db
        .transaction()
        .execute((trx) => writeEvent(trx, { type: 'child.created', familyId, payload: { child: { ...child, name: 'Opened second' } }, occurredAt: NOW }))
        .then(() => (laterCommitted = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(laterCommitted).toBe(false);
      expect(await readEvents(t.database.db, { after: before, limit: 10 })).toEqual([]);
      releaseEarly();
      await Promise.all([early, later]);
      const events = await readEvents(t.database.db, { after: before, limit: 10 });
      expect(events.map((event) => (event.payload.child as { name: string }).name)).toEqual(['Opened first', 'Opened second']);
    } finally {
      await second.db.destroy();
    }
  });
});
