import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCursor, getPage, itPagesLikeEveryList, readAllPages, type PagedList } from '../helpers/paging';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// GET /api/activities stays the spec's plain list; GET /api/activities/page is its paged form.
let t: TestApp;
const parent = () => t.cookieFor(demoAccounts.parent);
const family2 = () => t.cookieFor(demoAccounts.secondParent);

const activities: PagedList = { app: () => t.app, path: '/api/activities/page', procedure: 'activities.page' };
const teachers: PagedList = { app: () => t.app, path: '/api/shadow-teachers/page', procedure: 'shadowTeachers.page' };

/** The plain list, all of it, which the paged form must match. */
async function plainListIds(cookie: string, channel?: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/activities?limit=100${channel ? `&channel=${channel}` : ''}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((activity) => activity.id);
}

beforeAll(async () => {
  t = await createTestApp();
  // Two activities at the same moment: the id breaks the tie, and neither is lost between pages.
  const classroom = await t.database.db.selectFrom('cameras').select('classroom_id').where('id', '=', 'classroom-3b').executeTakeFirstOrThrow();
  const at = new Date(Date.now() - 30 * 60_000);
  await t.database.db
    .insertInto('activities')
    .values([1, 2, 3].map((n) => ({ classroom_id: classroom.classroom_id, camera_id: 'classroom-3b', type: 'play', description: `Tied ${n}`, occurred_at: at })))
    .execute();
});
afterAll(() => t?.close());

describe('GET /api/activities/page', () => {
  itPagesLikeEveryList(activities, { cookie: parent, expectedIds: async () => plainListIds(await parent()), foreignList: teachers });

  it('pages one channel the same way', async () => {
    const page = { ...activities, input: { channel: 'classroom-3b' } };
    expect((await readAllPages(page, 2, await parent())).ids).toEqual(await plainListIds(await parent(), 'classroom-3b'));
  });

  it('needs sign-in', async () => {
    expect((await getPage(activities, { limit: 2 })).statusCode).toBe(401);
  });

  it("shows another family nothing of the first family's, even given the first family's cursor", async () => {
    const firstFamilyOnly = new Set(await plainListIds(await parent()));
    for (const id of await plainListIds(await family2())) firstFamilyOnly.delete(id);
    expect(firstFamilyOnly.size).toBeGreaterThan(0);

    const cursor = await firstCursor(activities, await parent());
    const res = await getPage(activities, { limit: 100, cursor }, await family2());
    expect(res.statusCode, res.body).toBe(200);
    const seen = (res.json().items as { id: number }[]).map((activity) => activity.id);
    expect(seen.filter((id) => firstFamilyOnly.has(id))).toEqual([]);
    expect((await readAllPages(activities, 2, await family2())).ids).toEqual(await plainListIds(await family2()));
  });

  it('answers occurredAt as an ISO 8601 time on every activity', async () => {
    const items = (await getPage(activities, { limit: 5 }, await parent())).json().items as { occurredAt: string }[];
    for (const { occurredAt } of items) expect(new Date(occurredAt).toISOString()).toBe(occurredAt);
  });
});
