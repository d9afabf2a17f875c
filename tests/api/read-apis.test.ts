import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

const NOW = new Date('2026-11-21T15:00:00Z');
let t: TestApp;
let parent: string;
let family2: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  parent = await t.cookieFor(demoAccounts.parent);
  family2 = await t.cookieFor(demoAccounts.secondParent);
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const trpcGet = (procedure: string, input: unknown, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { cookie } });

describe('GET /api/users/me', () => {
  it('returns the signed-in user with the spec fields', async () => {
    const res = await get('/api/users/me', parent);
    expect(Object.keys(res.json()).sort()).toEqual(['city', 'createdAt', 'email', 'familyRole', 'id', 'name', 'phone', 'profileImage', 'role']);
    expect(res.json()).toMatchObject({ name: 'Sarah Thompson', role: 'parent', city: 'Maplebrook' });
  });
});

describe('GET /api/children', () => {
  it("returns exactly the parent's own children, with the spec's fields", async () => {
    const mine = (await get('/api/children', parent)).json();
    const theirs = (await get('/api/children', family2)).json();
    expect(mine).toHaveLength(3);
    expect(theirs).toHaveLength(2);
    const myIds = new Set(mine.map((c: { id: number }) => c.id));
    expect(theirs.some((c: { id: number }) => myIds.has(c.id))).toBe(false);
    expect(Object.keys(mine[0]).sort()).toEqual(
      ['age', 'ageMonths', 'currentActivity', 'dateOfBirth', 'id', 'lastUpdate', 'name', 'photosAllowed', 'profileImage', 'pronouns', 'specialNeeds', 'specialNeedsDetails', 'status'].sort(),
    );
    expect(mine.map((c: { status: string }) => c.status).sort()).toEqual(['nap', 'offline', 'online']);
    expect(mine.some((c: { specialNeeds: boolean; specialNeedsDetails: string | null }) => c.specialNeeds && c.specialNeedsDetails)).toBe(true);
    expect(mine[0].age).toMatch(/^\d+ (years|months?)$/);
    expect(Object.fromEntries(mine.map((c: { name: string; pronouns: string | null }) => [c.name, c.pronouns]))).toEqual({ 'Maya Thompson': 'she', 'Leo Thompson': 'he', 'Nora Thompson': null });
  });
});

describe('GET /api/cameras', () => {
  it("lists only the cameras of the parent's children's classrooms", async () => {
    const mine = (await get('/api/cameras', parent)).json();
    expect(mine.map((c: { id: string }) => c.id).sort()).toEqual(['classroom-3a', 'classroom-3b', 'classroom-3b-garden']);
    expect(mine).toContainEqual({ id: 'classroom-3b', name: 'Classroom 3B - Main View' });
    expect((await get('/api/cameras', family2)).json()).toEqual([{ id: 'sunshine-room', name: 'Sunshine Room - Main View' }]);
  });
});

describe('GET /api/activities', () => {
  it('lists newest first with time and timeAgo computed at response time', async () => {
    const list = (await get('/api/activities?channel=classroom-3b', parent)).json();
    expect(list.length).toBeGreaterThan(5);
    expect(Object.keys(list[0]).sort()).toEqual(['cameraId', 'childIds', 'description', 'id', 'occurredAt', 'photos', 'time', 'timeAgo', 'type']);
    expect(list[0].time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(list[0].timeAgo).toMatch(/^(just now|\d+ (minutes?|hours?|days?) ago)$/);
    const rows = await t.database.db
      .selectFrom('activities')
      .select(['id', 'occurred_at'])
      .where('id', 'in', list.map((a: { id: number }) => a.id))
      .execute();
    const when = new Map(rows.map((r) => [r.id, r.occurred_at.getTime()]));
    const times = list.map((a: { id: number }) => when.get(a.id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('covers every spec activity type in the demo data', async () => {
    const all = (await get('/api/activities?limit=100', parent)).json();
    expect(new Set(all.map((a: { type: string }) => a.type))).toEqual(new Set(['art', 'play', 'snack', 'nap', 'learning', 'arrival', 'departure']));
  });

  it('defaults to 20 and honours limit', async () => {
    expect((await get('/api/activities', parent)).json().length).toBeLessThanOrEqual(20);
    expect((await get('/api/activities?limit=3', parent)).json()).toHaveLength(3);
  });

  it('pages back with before, without repeating an activity', async () => {
    const first = (await get('/api/activities?limit=4', parent)).json();
    const next = (await get(`/api/activities?limit=4&before=${first[3].id}`, parent)).json();
    expect(next).toHaveLength(4);
    const ids = new Set(first.map((a: { id: number }) => a.id));
    expect(next.some((a: { id: number }) => ids.has(a.id))).toBe(false);
  });

  it("never includes another family's classroom activities", async () => {
    const mine = (await get('/api/activities?limit=100', parent)).json().map((a: { id: number }) => a.id);
    const theirs = (await get('/api/activities?limit=100', family2)).json().map((a: { id: number }) => a.id);
    expect(theirs.length).toBe(4);
    expect(theirs.some((id: number) => mine.includes(id))).toBe(false);
  });
});

describe("another family's ids answer 404", () => {
  async function foreignActivityId() {
    const theirs = (await get('/api/activities', family2)).json();
    return theirs[0].id as number;
  }

  it('REST: a camera of another family as channel', async () => {
    const res = await get('/api/activities?channel=sunshine-room', parent);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Camera 'sunshine-room' was not found.");
  });

  it('REST: an unknown camera reads the same as a foreign one', async () => {
    const res = await get('/api/activities?channel=no-such-camera', parent);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Camera 'no-such-camera' was not found.");
  });

  it('REST: an activity of another family as the paging cursor', async () => {
    const res = await get(`/api/activities?before=${await foreignActivityId()}`, parent);
    expect(res.statusCode).toBe(404);
  });

  it('tRPC: the same two ids', async () => {
    expect((await trpcGet('activities.list', { channel: 'sunshine-room' }, parent)).statusCode).toBe(404);
    expect((await trpcGet('activities.list', { before: await foreignActivityId() }, parent)).statusCode).toBe(404);
  });
});

describe('GET /api/products', () => {
  it('lists products with prices in cents and badges', async () => {
    const products = (await get('/api/products')).json();
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(products[0]).sort()).toEqual(['badge', 'currency', 'description', 'id', 'image', 'name', 'originalPrice', 'price']);
    const badgeTypes = new Set(products.filter((p: { badge: unknown }) => p.badge).map((p: { badge: { type: string } }) => p.badge.type));
    expect(badgeTypes.has('new') && badgeTypes.has('sale') && badgeTypes.size >= 3).toBe(true);
    for (const p of products) expect(Number.isInteger(p.price)).toBe(true);
  });
});

describe('GET /api/shadow-teachers', () => {
  it('filters by specialization and by location', async () => {
    const all = (await get('/api/shadow-teachers')).json();
    expect(all.length).toBeGreaterThanOrEqual(12);
    const adhd = (await get('/api/shadow-teachers?specialization=ADHD')).json();
    expect(adhd.length).toBeGreaterThan(0);
    expect(adhd.every((x: { specialization: string[] }) => x.specialization.includes('ADHD'))).toBe(true);
    const place = all[0].location.split(',')[0];
    const nearRes = await get(`/api/shadow-teachers?location=${encodeURIComponent(place.toLowerCase())}`);
    expect(nearRes.statusCode, nearRes.body).toBe(200);
    const near = nearRes.json();
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((x: { location: string }) => x.location.toLowerCase().includes(place.toLowerCase()))).toBe(true);
  });

  it('treats % and _ in the location filter literally', async () => {
    expect((await get('/api/shadow-teachers?location=%25')).json()).toEqual([]);
  });

  it('covers all six specializations with availability', async () => {
    const all = (await get('/api/shadow-teachers')).json();
    const specs = new Set(all.flatMap((x: { specialization: string[] }) => x.specialization));
    expect(specs).toEqual(new Set(['ASD', 'ADHD', 'Language Delays', 'Motor Skill Delays', 'Physical Disabilities', 'Developmental Delays']));
    expect(all.every((x: { availability: unknown[] }) => x.availability.length > 0)).toBe(true);
  });
});

describe('GET /api/nurseries', () => {
  type Nursery = { name: string; distance: string | null; specialNeedsSupport: boolean; rating: number | null };
  const miles = (n: Nursery) => Number.parseFloat(n.distance ?? 'NaN');

  it('lists at least 40 nurseries, with the spec fields', async () => {
    const list = (await get('/api/nurseries?limit=100')).json();
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(list[0]).sort()).toEqual(
      ['ageGroups', 'distance', 'distanceMiles', 'facilities', 'id', 'image', 'location', 'name', 'rating', 'specialNeedsSupport'].sort(),
    );
  });

  it("measures distance from the signed-in parent's home, nearest first when there is no text", async () => {
    const list: Nursery[] = (await get('/api/nurseries', parent)).json();
    expect(list[0]!.distance).toMatch(/^\d+(\.\d)? miles?$/);
    const distances = list.map(miles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('keeps only nurseries within the radius', async () => {
    const all: Nursery[] = (await get('/api/nurseries?limit=100', parent)).json();
    const near: Nursery[] = (await get('/api/nurseries?withinMiles=5&limit=100', parent)).json();
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan(all.length);
    expect(near.every((n) => miles(n) <= 5)).toBe(true);
    expect(all.filter((n) => miles(n) <= 5).length).toBe(near.length);
  });

  it('measures from lat/lng when given, and refuses a radius with no starting point', async () => {
    const far: Nursery[] = (await get('/api/nurseries?lat=42.5&lng=-71.3&withinMiles=3')).json();
    expect(far.every((n) => miles(n) <= 3)).toBe(true);
    const none = await get('/api/nurseries?withinMiles=5');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('withinMiles');
  });

  it('ranks a name match first, and still finds it when misspelt', async () => {
    const exact: Nursery[] = (await get('/api/nurseries?q=Little%20Acorns', parent)).json();
    expect(exact[0]!.name).toBe('Little Acorns Nursery');
    const typo: Nursery[] = (await get('/api/nurseries?q=litle%20acorns', parent)).json();
    expect(typo[0]!.name).toBe('Little Acorns Nursery');
  });

  it('finds nurseries by neighbourhood, and none for nonsense', async () => {
    const riverside: Nursery[] = (await get('/api/nurseries?q=Riverside&limit=100')).json();
    expect(riverside.length).toBeGreaterThan(0);
    const nonsense = (await get('/api/nurseries?q=zzqxv')).json();
    expect(nonsense).toEqual([]);
  });

  it('filters by special-needs support and by age range', async () => {
    const sn: Nursery[] = (await get('/api/nurseries?specialNeeds=true&limit=100')).json();
    expect(sn.length).toBeGreaterThan(0);
    expect(sn.every((n) => n.specialNeedsSupport)).toBe(true);
    const babies = await t.database.db.selectFrom('nurseries').select('id').where('age_min', '=', 0).execute();
    const infants = (await get('/api/nurseries?ageMin=0&ageMax=0&limit=100')).json();
    expect(infants.length).toBe(babies.length);
    const bad = await get('/api/nurseries?ageMin=4&ageMax=2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('ageMin must not be more than ageMax.');
  });
});

describe('boolean query parameters', () => {
  it("read 'false' as false and refuse anything but true or false", async () => {
    const without = (await get('/api/nurseries?specialNeeds=false&limit=100')).json();
    expect(without.length).toBeGreaterThan(0);
    expect(without.every((n: { specialNeedsSupport: boolean }) => !n.specialNeedsSupport)).toBe(true);
    const bad = await get('/api/nurseries?specialNeeds=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Use true or false.');
  });
});
