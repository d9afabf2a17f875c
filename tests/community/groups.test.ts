import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportGroups } from '../../src/server/demo/seed-data/support-groups';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

let t: TestApp;
let parent: string;
let family2: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.cookieFor(demoAccounts.parent);
  family2 = await t.cookieFor(demoAccounts.secondParent);
});
afterAll(() => t?.close());

interface Group {
  id: number;
  slug: string;
  name: string;
  tags: string[];
  members: number;
  posts: number;
  joined: boolean;
}

const json = { 'content-type': 'application/json' };
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const join = (id: number, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/community/groups/${id}/membership`, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: {} });
const leave = (id: number, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/community/groups/${id}/membership`, headers: cookie ? { cookie } : {} });

async function groupBySlug(slug: string, cookie?: string): Promise<Group> {
  const groups = (await get('/api/community/groups', cookie)).json() as Group[];
  return groups.find((g) => g.slug === slug)!;
}

async function membershipRows(groupId: number) {
  return t.database.db.selectFrom('group_memberships').select('user_id').where('group_id', '=', groupId).execute();
}

describe('GET /api/community/groups', () => {
  it('is public and lists the five seeded groups with their tags, counts from the database', async () => {
    const res = await get('/api/community/groups');
    expect(res.statusCode).toBe(200);
    const groups = res.json() as Group[];
    expect(groups.map((g) => g.name)).toEqual(supportGroups.map((g) => g.name));
    expect(groups).toHaveLength(5);
    for (const group of groups) {
      const seeded = supportGroups.find((g) => g.slug === group.slug)!;
      expect(group.tags).toEqual(seeded.tags);
      expect(group.members).toBe((await membershipRows(group.id)).length);
      expect(group.joined).toBe(false);
    }
    expect(groups.some((g) => g.tags.length > 3)).toBe(true);
    expect(Object.keys(groups[0]!).sort()).toEqual(['description', 'id', 'image', 'joined', 'members', 'name', 'posts', 'slug', 'tags']);
  });

  it('has members in the seeded groups and counts their posts', async () => {
    const wellbeing = await groupBySlug('parent-wellbeing-circle', parent);
    expect(wellbeing).toMatchObject({ members: 2, posts: 1, joined: true });
  });
});

describe('GET /api/community/groups/{id}', () => {
  it('answers one group, and 404 for one that does not exist', async () => {
    const autism = await groupBySlug('autism-parent-circle');
    const res = await get(`/api/community/groups/${autism.id}`, parent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: autism.id, name: 'Autism Parent Circle', joined: true });
    expect((await get('/api/community/groups/999999')).statusCode).toBe(404);
    expect((await get('/api/community/groups/abc')).statusCode).toBe(400);
  });
});

describe('joining and leaving', () => {
  it('join is idempotent: two PUTs make one membership, and the count comes from memberships', async () => {
    const adhd = await groupBySlug('adhd-families');
    const before = adhd.members;
    const first = await join(adhd.id, family2);
    const second = await join(adhd.id, family2);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: adhd.id, members: before + 1, joined: true });
    expect(second.json()).toMatchObject({ members: before + 1, joined: true });
    expect((await membershipRows(adhd.id)).length).toBe(before + 1);
    expect((await groupBySlug('adhd-families', family2)).joined).toBe(true);
    expect((await groupBySlug('adhd-families', parent)).joined).toBe(false);
  });

  it('leave is idempotent, including for a group never joined', async () => {
    const speech = await groupBySlug('speech-and-language-support');
    const before = speech.members;
    await join(speech.id, parent);
    const first = await leave(speech.id, parent);
    const second = await leave(speech.id, parent);
    expect(first.json()).toMatchObject({ members: before, joined: false });
    expect(second.json()).toMatchObject({ members: before, joined: false });
    expect(second.statusCode).toBe(200);
  });

  it('works over tRPC too', async () => {
    const sensory = await groupBySlug('sensory-processing-network');
    const res = await t.app.inject({ method: 'POST', url: '/trpc/community.groups.join', headers: { ...json, cookie: family2 }, payload: { id: sensory.id } });
    expect(res.json().result.data).toMatchObject({ id: sensory.id, joined: true });
  });

  it('needs sign-in, and a group that exists', async () => {
    const autism = await groupBySlug('autism-parent-circle');
    expect((await join(autism.id)).statusCode).toBe(401);
    expect((await leave(autism.id)).statusCode).toBe(401);
    expect((await join(999999, parent)).statusCode).toBe(404);
    expect((await leave(999999, parent)).statusCode).toBe(404);
  });

  it('lets a new member post in the group', async () => {
    const adhd = await groupBySlug('adhd-families');
    const denied = await t.app.inject({ method: 'POST', url: '/api/community/posts', headers: { ...json, cookie: parent }, payload: { title: 't', content: 'c', groupId: adhd.id } });
    expect(denied.statusCode).toBe(403);
    await join(adhd.id, parent);
    const allowed = await t.app.inject({ method: 'POST', url: '/api/community/posts', headers: { ...json, cookie: parent }, payload: { title: 't', content: 'c', groupId: adhd.id } });
    expect(allowed.statusCode).toBe(201);
    expect((await groupBySlug('adhd-families')).posts).toBe(1);
  });
});
