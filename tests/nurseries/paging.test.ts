import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMiles } from '../../src/shared/nurseries';
import { getPage, itPagesLikeEveryList, readAllPages, type PagedList } from '../helpers/paging';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// GET /api/nurseries stays the spec's plain list; GET /api/nurseries/page is its paged form.
let t: TestApp;
const parent = () => t.cookieFor(demoAccounts.parent);

const nurseries: PagedList = { app: () => t.app, path: '/api/nurseries/page', procedure: 'nurseries.page' };
const teachers: PagedList = { app: () => t.app, path: '/api/shadow-teachers/page', procedure: 'shadowTeachers.page' };

interface Nursery {
  id: number;
  distance: string | null;
  distanceMiles: number | null;
}

/** The plain search, all of it, which the paged form must match. */
async function plainSearch(query: string, cookie?: string): Promise<Nursery[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/nurseries?limit=100&${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (list: Nursery[]) => list.map((nursery) => nursery.id);

beforeAll(async () => {
  t = await createTestApp();
  // Ties on rating, and unrated nurseries, which come last among equals.
  const all = (await t.database.db.selectFrom('nurseries').select('id').orderBy('id').execute()).map((row) => row.id);
  await t.database.db.updateTable('nurseries').set({ rating: 40 }).where('id', 'in', all.slice(0, 6)).execute();
  await t.database.db.updateTable('nurseries').set({ rating: null }).where('id', 'in', all.slice(6, 9)).execute();
});
afterAll(() => t?.close());

describe('GET /api/nurseries/page', () => {
  itPagesLikeEveryList(nurseries, { expectedIds: async () => ids(await plainSearch('')), foreignList: teachers });

  it.each([
    ['signed in, nearest first', 'specialNeeds=true', true],
    ['by text, most relevant first', 'q=nursery', false],
    ['by text from a point', 'q=little%20acorns&lat=42.36&lng=-71.06', false],
    ['within a radius of a point', 'lat=42.36&lng=-71.06&withinMiles=5', false],
  ])('pages a search %s in the order of the plain search', async (_name, query, signedIn) => {
    const cookie = signedIn ? await parent() : undefined;
    const input = Object.fromEntries(new URLSearchParams(query));
    const expected = ids(await plainSearch(query, cookie));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect((await readAllPages({ ...nurseries, input }, 2, cookie)).ids).toEqual(expected);
  });
});

describe('distanceMiles', () => {
  it('is the distance as a number of miles beside the display string, on the plain list and the page', async () => {
    const plain = await plainSearch('', await parent());
    const page = (await getPage(nurseries, { limit: 5 }, await parent())).json().items as Nursery[];
    for (const nursery of [...plain, ...page]) {
      expect(typeof nursery.distanceMiles).toBe('number');
      expect(formatMiles(nursery.distanceMiles!)).toBe(nursery.distance);
    }
  });

  it('is 0 at the nursery itself', async () => {
    const nursery = await t.database.db.selectFrom('nurseries').select(['id', 'latitude', 'longitude']).orderBy('id').executeTakeFirstOrThrow();
    const list = await plainSearch(`lat=${nursery.latitude}&lng=${nursery.longitude}&withinMiles=1`);
    expect(list.find((n) => n.id === nursery.id)).toMatchObject({ distanceMiles: 0, distance: '0 miles' });
  });

  it('is null, like distance, when there is no point to measure from', async () => {
    for (const nursery of await plainSearch('')) expect(nursery).toMatchObject({ distance: null, distanceMiles: null });
  });
});
