import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCursor, getPage, itPagesLikeEveryList, readAllPages, type PagedList } from '../helpers/paging';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// GET /api/mental-health/bookings is not in the spec's calls, so it answers pages itself. The
// clock stands still, so every booking is made at the same instant and the id orders them.
const NOW = new Date('2026-11-21T15:00:00Z');
let t: TestApp;
let parentId: number;
let family2Id: number;
const parent = () => t.cookieFor(demoAccounts.parent);
const family2 = () => t.cookieFor(demoAccounts.secondParent);

const bookings: PagedList = { app: () => t.app, path: '/api/mental-health/bookings', procedure: 'mentalHealth.bookings.list' };
const teachers: PagedList = { app: () => t.app, path: '/api/shadow-teachers/page', procedure: 'shadowTeachers.page' };

async function bookingIdsOf(userId: number) {
  const rows = await t.database.db
    .selectFrom('mental_health_bookings')
    .select('id')
    .where('parent_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

async function book(cookie: string, date: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mental-health/bookings',
    headers: { cookie, 'content-type': 'application/json' },
    payload: { kind: 'service', serviceId: 'counseling', optionId: 'virtual-60', date, timeWindow: 'morning' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const { db } = t.database;
  parentId = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  family2Id = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow()).id;
  for (const day of [23, 24, 25, 26, 27]) await book(await parent(), `2026-11-${day}`);
  for (const day of [23, 24, 25]) await book(await family2(), `2026-11-${day}`);
});
afterAll(() => t?.close());

describe('GET /api/mental-health/bookings', () => {
  itPagesLikeEveryList(bookings, { cookie: parent, expectedIds: () => bookingIdsOf(parentId), foreignList: teachers });

  it("shows another family nothing of the first family's, even given the first family's cursor", async () => {
    const cursor = await firstCursor(bookings, await parent());
    const res = await getPage(bookings, { limit: 100, cursor }, await family2());
    expect(res.statusCode, res.body).toBe(200);
    const theirs = await bookingIdsOf(family2Id);
    expect((res.json().items as { id: number }[]).every((booking) => theirs.includes(booking.id))).toBe(true);
    expect((await readAllPages(bookings, 2, await family2())).ids).toEqual(theirs);
  });

  it('gives currency USD beside each price in cents', async () => {
    for (const booking of (await getPage(bookings, {}, await parent())).json().items) {
      expect(booking).toMatchObject({ price: 6000, currency: 'USD' });
    }
  });
});
