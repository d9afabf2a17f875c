import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { bookingPayload, firstNurseryId, fixedNow, signInParents, signInTeacher, teacherNamed, windowWeekdays, type Family } from '../shadow-bookings/bookings.fixtures';
import { familyIdOf } from '../helpers/test-database';

/**
 * Every create answers 201 with a Location that reads the new row back, and that address, like
 * the tRPC query behind it, is the creator's family's alone: another family's id answers 404.
 */

let t: TestApp;
let demo: Family;
let other: Family;
let teacherBooking: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ now: fixedNow });
  ({ demo, other } = await signInParents(t));
  const teacher = await teacherNamed(t, 'Amara Okafor');
  teacherBooking = bookingPayload({ teacherId: teacher.id, hourlyRate: teacher.hourly_rate, childId: demo.children[0]!.id, nurseryId: await firstNurseryId(t) });
});
afterAll(() => t?.close());

let bookedDays = 0;
/** A booking of the teacher on a weekday no earlier test has booked. */
function nextTeacherBooking() {
  const day = windowWeekdays[bookedDays++];
  return { ...teacherBooking, startDate: day, endDate: day };
}

const post = (url: string, cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const trpcQuery = (procedure: string, input: unknown, cookie: string) =>
  get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie);

interface CreateCase {
  what: string;
  url: string;
  payload: () => Record<string, unknown>;
  /** The tRPC query that reads one row by id. */
  procedure: string;
}

const creates: CreateCase[] = [
  { what: 'a child', url: '/api/children', payload: () => ({ name: 'Ada', dateOfBirth: '2024-03-01', specialNeeds: false }), procedure: 'children.get' },
  { what: 'a shadow-teacher booking', url: '/api/shadow-bookings', payload: () => nextTeacherBooking(), procedure: 'shadowBookings.get' },
  {
    what: 'a mental-health booking',
    url: '/api/mental-health/bookings',
    payload: () => ({ kind: 'service', serviceId: 'counseling', optionId: 'virtual-60', date: '2026-11-25', timeWindow: 'morning' }),
    procedure: 'mentalHealth.bookings.get',
  },
  { what: 'a community post', url: '/api/community/posts', payload: () => ({ title: 'Hello', content: 'First post.' }), procedure: 'community.posts.get' },
  { what: 'an API token', url: '/api/tokens', payload: () => ({ name: 'Location check' }), procedure: 'apiTokens.get' },
];

/** What the body shows once (the token itself) is not read back. */
const readable = (body: Record<string, unknown>) => {
  const { token: _shownOnce, ...rest } = body;
  return rest;
};

function created(res: LightMyRequestResponse): { id: number; location: string } {
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, location: String(res.headers.location) };
}

describe.each(creates)('creating $what', ({ url, payload, procedure }) => {
  it('answers 201 with a Location that reads the new row back, over REST and tRPC', async () => {
    const res = await post(url, demo.cookie, payload());
    const { id, location } = created(res);
    expect(location).toBe(`${url}/${id}`);

    const read = await get(location, demo.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(readable(res.json()));
    const viaTrpc = await trpcQuery(procedure, { id }, demo.cookie);
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data).toEqual(readable(res.json()));
  });
});

// Community posts outside a support group are for every signed-in parent, so they are left out.
describe.each(creates.filter((c) => c.procedure !== 'community.posts.get'))("another family reading $what", ({ url, payload, procedure }) => {
  it('answers 404 over REST and tRPC, the same as an id that does not exist', async () => {
    const { id, location } = created(await post(url, demo.cookie, payload()));
    const rest = await get(location, other.cookie);
    expect(rest.statusCode).toBe(404);
    expect(rest.headers['content-type']).toMatch(/^application\/problem\+json/);
    const missing = await get(`${url}/${id + 10_000}`, other.cookie);
    expect(missing.json()).toEqual(rest.json());
    expect((await trpcQuery(procedure, { id }, other.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/shadow-bookings/{id}', () => {
  it("shows a teacher account the bookings of its own teacher, and no other teacher's", async () => {
    const { location } = created(await post('/api/shadow-bookings', demo.cookie, nextTeacherBooking()));
    const amara = await signInTeacher(t, 'Amara Okafor', 'amara.location@nestling.test');
    const read = await get(location, amara.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().teacherName).toBe('Amara Okafor');

    const otherTeacher = (await t.database.db.selectFrom('shadow_teachers').select('name').where('name', '<>', 'Amara Okafor').orderBy('id').executeTakeFirstOrThrow()).name;
    const stranger = await signInTeacher(t, otherTeacher, 'other.location@nestling.test');
    expect((await get(location, stranger.cookie)).statusCode).toBe(404);
  });

  it('leaves /api/shadow-bookings/page to the page of bookings, not to a booking called "page"', async () => {
    const res = await get('/api/shadow-bookings/page', demo.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(res.json().items)).toBe(true);
  });
});

describe('POST /api/community/posts/{id}/comments', () => {
  it('answers 201 with a Location that reads the comment back, for whoever may read the post', async () => {
    const { id: postId } = created(await post('/api/community/posts', demo.cookie, { title: 'Naps', content: 'How long?' }));
    const res = await post(`/api/community/posts/${postId}/comments`, demo.cookie, { content: 'Ours sleeps an hour.' });
    const { location } = created(res);
    expect(location).toBe(`/api/community/comments/${res.json().id}`);
    expect((await get(location, other.cookie)).json()).toEqual(res.json());
  });
});

describe('POST /api/activities', () => {
  it("answers 201 with a Location that staff and the classroom's families can read, and no other family", async () => {
    const db = t.database.db;
    const camera = await db
      .selectFrom('cameras')
      .innerJoin('children', 'children.classroom_id', 'cameras.classroom_id')
      .select('cameras.id')
      .where('children.family_id', '=', await familyIdOf(db, demo.userId))
      .where('cameras.classroom_id', 'not in', db.selectFrom('children').select('classroom_id').where('family_id', '=', await familyIdOf(db, other.userId)).where('classroom_id', 'is not', null).$narrowType<{ classroom_id: number }>())
      .executeTakeFirstOrThrow();
    const staff = await t.cookieFor(demoAccounts.staff);
    const res = await post('/api/activities', staff, { channel: camera.id, type: 'art', description: 'Finger painting.' });
    const { id, location } = created(res);
    expect(location).toBe(`/api/activities/${id}`);
    expect((await get(location, staff)).json()).toEqual(res.json());
    expect((await get(location, demo.cookie)).json()).toEqual(res.json());
    expect((await get(location, other.cookie)).statusCode).toBe(404);
    expect((await trpcQuery('activities.get', { id }, other.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/community/images', () => {
  it('answers 201 with the image url as Location', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#88aacc' } }).png().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: '/api/community/images', headers: { cookie: demo.cookie, 'content-type': 'image/png' }, payload: png });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(res.json().url);
    const image = await get(String(res.headers.location), demo.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

describe('POST /api/calendar-subscription', () => {
  it('answers 201 with the new feed as Location', async () => {
    const res = await post('/api/calendar-subscription', demo.cookie, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(res.json().url);
    const feed = await t.app.inject({ method: 'GET', url: new URL(String(res.headers.location)).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
  });
});
