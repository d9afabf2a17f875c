import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCursor, getPage, itPagesLikeEveryList, readAllPages, type PagedList } from '../helpers/paging';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

let t: TestApp;
let parentId: number;
let family2Id: number;
let postId: number;
let groupPostId: number;
const parent = () => t.cookieFor(demoAccounts.parent);
const family2 = () => t.cookieFor(demoAccounts.secondParent);

const posts: PagedList = { app: () => t.app, path: '/api/community/posts', procedure: 'community.posts.list' };
const comments: PagedList = { app: () => t.app, path: '/api/community/posts/{id}/comments', procedure: 'community.comments.list', input: {} };
const teachers: PagedList = { app: () => t.app, path: '/api/shadow-teachers/page', procedure: 'shadowTeachers.page' };

/** The posts a user may read, newest first, straight from the database. */
async function readablePostIds(userId: number) {
  const rows = await t.database.db
    .selectFrom('posts as p')
    .select('p.id')
    .where((eb) =>
      eb.or([
        eb('p.group_id', 'is', null),
        eb('p.author_id', '=', userId),
        eb('p.group_id', 'in', eb.selectFrom('group_memberships').select('group_id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

async function commentIds(post: number) {
  const rows = await t.database.db.selectFrom('comments').select('id').where('post_id', '=', post).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  parentId = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  family2Id = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow()).id;
  // Posts and comments at one instant, to the microsecond (finer than a JavaScript Date): the id orders them.
  const at = sql<Date>`'2026-11-22 09:00:00.123456+00'::timestamptz`;
  const inserted = await db
    .insertInto('posts')
    .values([1, 2, 3].map((n) => ({ author_id: parentId, title: `Tied ${n}`, content: 'Same moment', tags: [], created_at: at })))
    .returning('id')
    .execute();
  postId = inserted[0]!.id;
  await db
    .insertInto('comments')
    .values([1, 2, 3, 4, 5].map((n) => ({ post_id: postId, author_id: n % 2 ? parentId : family2Id, content: `Comment ${n}`, created_at: n < 4 ? at : sql<Date>`${at} + interval '1 microsecond'` })))
    .execute();
  comments.input = { id: postId };
  // A support group only the first family belongs to, with the newest post of all.
  const group = await db.selectFrom('support_groups').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.deleteFrom('group_memberships').where('group_id', '=', group.id).execute();
  await db.insertInto('group_memberships').values({ group_id: group.id, user_id: parentId, joined_at: new Date() }).execute();
  groupPostId = (
    await db
      .insertInto('posts')
      .values({ author_id: parentId, group_id: group.id, title: 'Members only', content: 'About my child', tags: [], created_at: sql<Date>`now() + interval '1 hour'` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('GET /api/community/posts', () => {
  itPagesLikeEveryList(posts, { cookie: parent, expectedIds: () => readablePostIds(parentId), foreignList: teachers });

  it("shows another family nothing of the first family's group posts, even given the first family's cursor", async () => {
    const cursor = await firstCursor(posts, await parent());
    const res = await getPage(posts, { limit: 100, cursor }, await family2());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().items as { id: number }[]).map((post) => post.id)).not.toContain(groupPostId);
    expect((await readAllPages(posts, 2, await family2())).ids).toEqual(await readablePostIds(family2Id));
  });
});

describe('GET /api/community/posts/{id}/comments', () => {
  itPagesLikeEveryList(comments, { cookie: parent, expectedIds: () => commentIds(postId), foreignList: posts, foreignCookie: parent });

  it("answers 404 to a post the caller may not read, whatever the cursor", async () => {
    await t.database.db.insertInto('comments').values({ post_id: groupPostId, author_id: parentId, content: 'Private', created_at: new Date() }).execute();
    const cursor = await firstCursor(comments, await parent());
    const res = await getPage({ ...comments, input: { id: groupPostId } }, { limit: 2, cursor }, await family2());
    expect(res.statusCode, res.body).toBe(404);
  });
});
