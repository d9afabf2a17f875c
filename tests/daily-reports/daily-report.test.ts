import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import type { DailyReportDto } from '../../src/shared/schemas/daily-reports';
import { ACTIVITY_PHOTO_UPLOAD_PATH, type ActivityDto } from '../../src/shared/schemas/monitoring';
import { familyIdOf } from '../helpers/test-database';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { otherNurseryStaff } from '../realtime/realtime-helpers';

// The service runs in New York (UTC-5 in November), so a day's bounds are not UTC midnight.
// Now is 10:00 on Thursday 26 November there.
const NOW = new Date('2026-11-26T15:00:00Z');

let t: TestApp;
let demo: string;
let family2: string;
let staff: string;
let otherStaffToken: string;
let carerToken: string;
let maya: number;
let leo: number;
let kofi: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: { TZ: 'America/New_York' } });
  const { db } = t.database;
  [demo, family2, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.secondParent), t.signIn(demoAccounts.staff)]);
  const childId = async (name: string) => (await db.selectFrom('children').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  [maya, leo, kofi] = await Promise.all([childId('Maya Thompson'), childId('Leo Thompson'), childId('Kofi Osei')]);
  otherStaffToken = (await t.app.services.auth.createApiToken((await otherNurseryStaff(db)).id, { name: 'sunflower', scopes: apiScopeNames })).token;
  const parent = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  const carer = await db
    .insertInto('users')
    .values({ name: 'Grace Thompson', email: 'grace@carer.test', password_hash: 'disabled', role: 'parent', family_id: await familyIdOf(db, parent.id), family_role: 'carer' })
    .returning('id')
    .executeTakeFirstOrThrow();
  carerToken = (await t.app.services.auth.createApiToken(carer.id, { name: 'carer', scopes: ['activities:read'] })).token;

  // Tuesday 24 November in New York (EST, UTC-5).
  const at = (time: string) => `2026-11-24T${time}-05:00`;
  for (const activity of [
    { type: 'arrival', description: 'Classroom 3B opened for the day.', occurredAt: at('07:00:00') },
    { type: 'arrival', childId: maya, description: 'Maya arrived smiling.', occurredAt: at('08:30:00') },
    { type: 'snack', description: 'Morning snack: apple slices.', occurredAt: at('10:00:00') },
    { type: 'play', childId: leo, description: 'Leo built a tower.', occurredAt: at('10:30:00') },
    { type: 'play', childId: maya, description: 'Maya rode the scooter.', occurredAt: at('11:00:00') },
    { type: 'lunch', childId: maya, description: 'Maya ate all her pasta.', occurredAt: at('12:00:00') },
    { type: 'nap', childId: maya, description: 'Maya settled for her nap.', occurredAt: at('12:45:00') },
    { type: 'art', description: 'Leaf printing for the children who are awake.', occurredAt: at('13:15:00') },
    { type: 'snack', childId: maya, description: 'Maya woke and had a snack.', occurredAt: at('14:10:00') },
    { type: 'note', childId: maya, description: 'Maya was a little tired after lunch.', occurredAt: at('14:30:00') },
    { type: 'departure', childId: maya, description: 'Maya went home with her dad.', occurredAt: at('16:00:00') },
    { type: 'departure', description: 'Classroom 3B closed for the day.', occurredAt: at('16:30:00') },
    // 23:30 in New York is already the 25th in UTC; 00:30 on the 25th is not the 24th's.
    { type: 'note', childId: maya, description: 'Evening note: Maya left her hat.', occurredAt: at('23:30:00') },
    { type: 'note', childId: maya, description: 'Past midnight: the hat is in lost property.', occurredAt: '2026-11-25T05:30:00Z' },
    // Monday 23rd: a nap with nothing after it.
    { type: 'nap', childId: maya, description: 'Maya had a nap.', occurredAt: '2026-11-23T13:00:00-05:00' },
  ]) {
    await log(activity);
  }
});

afterAll(() => t.close());

async function log(payload: Record<string, unknown>): Promise<ActivityDto> {
  const response = await t.app.inject({ method: 'POST', url: '/api/activities', headers: { cookie: staff, origin: TEST_ORIGIN }, payload: { channel: 'classroom-3b', ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function uploadPhoto(): Promise<string> {
  const body = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 120, b: 60 } } }).jpeg().toBuffer();
  const response = await t.app.inject({ method: 'POST', url: ACTIVITY_PHOTO_UPLOAD_PATH, headers: { cookie: staff, origin: TEST_ORIGIN, 'content-type': 'image/jpeg' }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type Caller = { cookie: string } | { authorization: string };
const asToken = (token: string): Caller => ({ authorization: `Bearer ${token}` });

function rest(caller: Caller, childId: number | string, date: string) {
  return t.app.inject({ url: `/api/children/${childId}/reports/${date}`, headers: caller });
}

function trpc(caller: Caller, input: unknown) {
  return t.app.inject({ url: `/trpc/dailyReports.get?input=${encodeURIComponent(JSON.stringify(input))}`, headers: caller });
}

async function report(caller: Caller, childId: number, date: string): Promise<DailyReportDto> {
  const response = await rest(caller, childId, date);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("a child's day", () => {
  it('has arrival, departure, naps with their end and duration, meals, activities and notes, in the service time zone', async () => {
    const day = await report({ cookie: demo }, maya, '2026-11-24');
    expect(day).toMatchObject({ child: { id: maya, name: 'Maya Thompson' }, date: '2026-11-24', timeZone: 'America/New_York', previousDate: '2026-11-23', nextDate: '2026-11-25', isToday: false });
    expect(day.arrival).toMatchObject({ time: '8:30 AM', description: 'Maya arrived smiling.', wholeClassroom: false });
    expect(day.departure).toMatchObject({ time: '4:00 PM', description: 'Maya went home with her dad.' });
    // The classroom's leaf printing did not wake her: her own next activity did.
    expect(day.naps).toEqual([
      expect.objectContaining({ start: expect.objectContaining({ time: '12:45 PM' }), endTime: '2:10 PM', endedAt: '2026-11-24T19:10:00.000Z', durationMinutes: 85, ongoing: false }),
    ]);
    expect(day.meals.map((meal) => [meal.time, meal.type, meal.wholeClassroom])).toEqual([
      ['10:00 AM', 'snack', true],
      ['12:00 PM', 'lunch', false],
      ['2:10 PM', 'snack', false],
    ]);
    expect(day.activities.map((activity) => activity.description)).toEqual(['Maya rode the scooter.', 'Leaf printing for the children who are awake.']);
    expect(day.notes.map((note) => [note.time, note.description])).toEqual([
      ['2:30 PM', 'Maya was a little tired after lunch.'],
      ['11:30 PM', 'Evening note: Maya left her hat.'],
    ]);
    expect(JSON.stringify(day)).not.toContain('Leo');
    expect(JSON.stringify(day)).not.toContain('Classroom 3B opened');
    expect(JSON.stringify(day)).not.toContain('Classroom 3B closed');
    expect((await report({ cookie: demo }, maya, '2026-11-25')).notes.map((note) => note.description)).toEqual(['Past midnight: the hat is in lost property.']);
  });

  it('is the same over tRPC', async () => {
    const response = await trpc({ cookie: demo }, { id: maya, date: '2026-11-24' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual(await report({ cookie: demo }, maya, '2026-11-24'));
  });

  it('says a nap is still going on today, and on an earlier day that its end was not logged', async () => {
    const earlier = await report({ cookie: demo }, maya, '2026-11-23');
    expect(earlier.naps).toEqual([expect.objectContaining({ endTime: null, endedAt: null, durationMinutes: null, ongoing: false })]);
    await log({ type: 'nap', childId: maya, description: 'Maya is napping.', occurredAt: new Date(NOW.getTime() - 60_000).toISOString() });
    const today = await report({ cookie: demo }, maya, 'today');
    expect(today).toMatchObject({ date: '2026-11-26', isToday: true, nextDate: null, previousDate: '2026-11-25' });
    expect(today.naps.at(-1)).toMatchObject({ start: { description: 'Maya is napping.' }, endTime: null, durationMinutes: null, ongoing: true });
  });

  it('shows the photos of the day in which the child is tagged, and no one else’s', async () => {
    const [ofMaya, ofLeo] = [await uploadPhoto(), await uploadPhoto()];
    const together = await log({ type: 'art', childIds: [maya, leo], description: 'Maya and Leo painted a fox.', occurredAt: '2026-11-22T10:00:00-05:00', photoIds: [ofMaya], taggedChildIds: [maya] });
    await log({ type: 'play', description: 'Den building.', occurredAt: '2026-11-22T11:00:00-05:00', photoIds: [ofLeo], taggedChildIds: [leo] });
    const day = await report({ cookie: demo }, maya, '2026-11-22');
    expect(day.photos).toEqual([
      { ...together.photos[0], activityId: together.id, description: 'Maya and Leo painted a fox.', time: '10:00 AM' },
    ]);
    expect(day.photos[0]).toMatchObject({ id: ofMaya, width: 600, height: 400, thumbnailUrl: `/api/activities/${together.id}/photos/${ofMaya}/thumbnail` });
    expect((await report({ cookie: staff }, maya, '2026-11-22')).photos.map((photo) => photo.id)).toEqual([ofMaya]);
    expect((await report({ cookie: demo }, leo, '2026-11-22')).photos.map((photo) => photo.id)).toEqual([ofLeo]);
  });

  it('answers a day with nothing logged with empty sections, not 404', async () => {
    const day = await report({ cookie: demo }, maya, '2026-11-01');
    expect(day).toMatchObject({ arrival: null, departure: null, naps: [], meals: [], activities: [], photos: [], notes: [] });
  });
});

describe('who may read a report', () => {
  it("is any adult of the child's family, a carer too", async () => {
    expect((await report(asToken(carerToken), maya, '2026-11-24')).arrival?.description).toBe('Maya arrived smiling.');
    expect((await report({ cookie: family2 }, kofi, 'today')).child.name).toBe('Kofi Osei');
  });

  it("is the staff of the child's nursery, and no other nursery's", async () => {
    expect((await report({ cookie: staff }, maya, '2026-11-24')).naps).toHaveLength(1);
    expect((await report(asToken(otherStaffToken), kofi, 'today')).child.id).toBe(kofi);
    for (const [caller, childId] of [
      [{ cookie: staff }, kofi],
      [asToken(otherStaffToken), maya],
    ] as const) {
      expect((await rest(caller, childId, 'today')).statusCode).toBe(404);
      expect((await trpc(caller, { id: childId, date: 'today' })).statusCode).toBe(404);
    }
  });

  it("answers another family's child, and a child that does not exist, with 404 over REST and tRPC", async () => {
    for (const [caller, childId] of [
      [{ cookie: family2 }, maya],
      [{ cookie: demo }, kofi],
      [{ cookie: demo }, 999_999],
    ] as const) {
      const response = await rest(caller, childId, '2026-11-24');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(response.body).not.toContain('Maya');
      expect((await trpc(caller, { id: childId, date: '2026-11-24' })).statusCode).toBe(404);
    }
  });

  it('needs the activities:read scope from a token, and a sign-in', async () => {
    const { db } = t.database;
    const parent = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
    const narrow = (await t.app.services.auth.createApiToken(parent.id, { name: 'narrow', scopes: ['children:read'] })).token;
    expect((await rest(asToken(narrow), maya, 'today')).json()).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await t.app.inject({ url: `/api/children/${maya}/reports/today` })).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['2026-02-30', 'date'],
    ['2026-13-01', 'date'],
    ['26-11-2026', 'date'],
    ['yesterday', 'date'],
    ['9999-01-01', 'date'],
    ['2026-11-27', 'date'],
    ['2099-12-31', 'date'],
  ])('refuses the date %s with 400 naming it', async (date, field) => {
    const response = await rest({ cookie: demo }, maya, date);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(field);
    expect((await trpc({ cookie: demo }, { id: maya, date })).statusCode).toBe(400);
  });

  it('says a day still to come has no report yet', async () => {
    expect((await rest({ cookie: demo }, maya, '2026-11-27')).json().detail).toBe('2026-11-27 has not come yet, so there is no report for it; choose today (2026-11-26) or an earlier day.');
  });

  it.each(['0', '-1', '2147483648', 'maya', '1.5'])('refuses the child id %s with 400', async (childId) => {
    expect((await rest({ cookie: demo }, childId, 'today')).statusCode).toBe(400);
  });

  it('refuses unknown fields over tRPC', async () => {
    expect((await trpc({ cookie: demo }, { id: maya, date: 'today', extra: 1 })).statusCode).toBe(400);
  });
});
