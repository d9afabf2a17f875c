import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCursor, getPage, itPagesLikeEveryList, readAllPages, type PagedList } from '../helpers/paging';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';

// GET /api/shadow-bookings and GET /api/shadow-teachers stay the spec's plain lists; their
// paged forms are GET /api/shadow-bookings/page and GET /api/shadow-teachers/page.
let t: TestApp;
let parentId: number;
let family2Id: number;
const parent = () => t.cookieFor(demoAccounts.parent);
const family2 = () => t.cookieFor(demoAccounts.secondParent);

const bookings: PagedList = { app: () => t.app, path: '/api/shadow-bookings/page', procedure: 'shadowBookings.page' };
const teachers: PagedList = { app: () => t.app, path: '/api/shadow-teachers/page', procedure: 'shadowTeachers.page' };
const nurseries: PagedList = { app: () => t.app, path: '/api/nurseries/page', procedure: 'nurseries.page' };

/** Confirmed bookings (so none expires while read), on separate days, made at the given times. */
async function insertBookings(parent: number, createdAt: ReturnType<typeof sql>[]) {
  const { db } = t.database;
  const child = await db.selectFrom('children').select('id').where('family_id', '=', await familyIdOf(db, parent)).executeTakeFirstOrThrow();
  const teacher = await db.selectFrom('shadow_teachers').select(['id', 'hourly_rate']).orderBy('id').executeTakeFirstOrThrow();
  for (const [day, created] of createdAt.entries()) {
    const date = `2026-12-${String(day + 1 + (parent === parentId ? 0 : 15)).padStart(2, '0')}`;
    await sql`INSERT INTO shadow_bookings (family_id, parent_id, teacher_id, child_id, session_type, location, start_date, end_date, start_time, end_time, status, total_price, created_at)
      VALUES ((SELECT family_id FROM users WHERE id = ${parent}), ${parent}, ${teacher.id}, ${child.id}, 'home', 'Home', ${date}, ${date}, '09:00', '10:00', 'confirmed', ${teacher.hourly_rate}, ${created})`.execute(db);
  }
}

async function bookingIdsOf(parent: number) {
  const rows = await t.database.db.selectFrom('shadow_bookings').select('id').where('family_id', '=', await familyIdOf(t.database.db, parent)).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

async function teacherIds(filter: (query: ReturnType<typeof teachersQuery>) => ReturnType<typeof teachersQuery> = (query) => query) {
  return (await filter(teachersQuery()).orderBy('rating', 'desc').orderBy('id').execute()).map((row) => row.id);
}
const teachersQuery = () => t.database.db.selectFrom('shadow_teachers').select('id');

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  parentId = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  family2Id = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow()).id;
  // Times a JavaScript Date cannot hold (microseconds), and three bookings made at the same instant.
  await insertBookings(parentId, [
    sql`'2026-11-20 10:00:00.000001+00'`,
    sql`'2026-11-20 10:00:00.000002+00'`,
    sql`'2026-11-20 10:00:00.000002+00'`,
    sql`'2026-11-20 10:00:00.000002+00'`,
    sql`'2026-11-21 08:00:00.5+00'`,
  ]);
  await insertBookings(family2Id, [sql`'2026-11-20 11:00:00+00'`, sql`'2026-11-20 12:00:00+00'`, sql`'2026-11-20 13:00:00+00'`]);
  // Teachers tied on rating: the id breaks the tie.
  await db.updateTable('shadow_teachers').set({ rating: 45 }).where('id', 'in', (await teacherIds()).slice(0, 4)).execute();
});
afterAll(() => t?.close());

describe('GET /api/shadow-bookings/page', () => {
  itPagesLikeEveryList(bookings, { cookie: parent, expectedIds: () => bookingIdsOf(parentId), foreignList: teachers });

  it("needs sign-in, and takes the caller's own id as parentId but refuses another's with 403", async () => {
    expect((await getPage(bookings, { limit: 2 })).statusCode).toBe(401);
    const own = await getPage({ ...bookings, input: { parentId } }, { limit: 2 }, await parent());
    expect(own.json().items).toEqual((await getPage(bookings, { limit: 2 }, await parent())).json().items);
    expect((await getPage({ ...bookings, input: { parentId: family2Id } }, { limit: 2 }, await parent())).statusCode).toBe(403);
  });

  it("shows another family nothing of the first family's, even given the first family's cursor", async () => {
    const cursor = await firstCursor(bookings, await parent());
    const res = await getPage(bookings, { limit: 100, cursor }, await family2());
    expect(res.statusCode, res.body).toBe(200);
    const seen = (res.json().items as { id: number }[]).map((booking) => booking.id);
    const theirs = await bookingIdsOf(family2Id);
    expect(seen.every((id) => theirs.includes(id))).toBe(true);
    expect((await readAllPages(bookings, 2, await family2())).ids).toEqual(theirs);
  });

  it('answers the same bookings as the plain list, in its order', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/api/shadow-bookings', headers: { cookie: await parent() } })).json() as { id: number }[];
    expect((await readAllPages(bookings, 2, await parent())).ids).toEqual(plain.map((booking) => booking.id));
  });

  it('gives currency USD beside totalPrice in cents, on the plain list and the page', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/api/shadow-bookings', headers: { cookie: await parent() } })).json();
    const page = (await getPage(bookings, { limit: 2 }, await parent())).json().items;
    for (const booking of [...plain, ...page]) {
      expect(Number.isInteger(booking.totalPrice)).toBe(true);
      expect(booking.currency).toBe('USD');
    }
  });
});

describe('GET /api/shadow-teachers/page', () => {
  itPagesLikeEveryList(teachers, { expectedIds: () => teacherIds(), foreignList: nurseries });

  it('pages a filtered list the same way as the plain list filters it', async () => {
    const filtered = { ...teachers, input: { specialization: 'ASD' } };
    const plain = (await t.app.inject({ method: 'GET', url: '/api/shadow-teachers?specialization=ASD' })).json() as { id: number }[];
    expect(plain.length).toBeGreaterThanOrEqual(3);
    expect((await readAllPages(filtered, 2)).ids).toEqual(plain.map((teacher) => teacher.id));
  });

  it('gives currency USD beside hourlyRate in cents, on the plain list and the page', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/api/shadow-teachers' })).json();
    const page = (await getPage(teachers, { limit: 2 })).json().items;
    for (const teacher of [...plain, ...page]) {
      expect(Number.isInteger(teacher.hourlyRate)).toBe(true);
      expect(teacher.currency).toBe('USD');
    }
  });
});
