import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// Each reading of the clock is one second later, so every post has its own time.
let clock = Date.parse('2026-11-21T15:00:00Z');
const now = () => new Date((clock += 1000));

let t: TestApp;
let parent: string;
let family2: string;

beforeAll(async () => {
  t = await createTestApp({ now });
  parent = await t.cookieFor(demoAccounts.parent);
  family2 = await t.cookieFor(demoAccounts.secondParent);
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : json) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const trpc = (procedure: string, input: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: input as object });

async function createPost(cookie: string, body: Record<string, unknown> = {}) {
  const res = await request('POST', '/api/community/posts', cookie, { title: 'A title', content: 'Some content', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; [key: string]: unknown };
}

function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors[0].path).toBe(field);
  // Schema failures list their issues; rules checked by the service answer one message.
  expect(res.json().errors?.[0]?.message ?? res.json().detail).toBe(message);
}

describe('the feed', () => {
  it('is newest first, with the posts the viewer may read, their counts and authors', async () => {
    const res = await request('GET', '/api/community/posts', family2);
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.length).toBeGreaterThanOrEqual(2);
    const times = items.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const milestone = items.find((p: { title: string }) => p.title === 'Our speech therapy milestone');
    expect(milestone).toMatchObject({ userName: 'Daniel Osei', likes: 2, comments: 1, tags: ['speech', 'milestones', 'celebration'] });
    expect(Object.keys(milestone).sort()).toEqual(
      ['comments', 'content', 'createdAt', 'groupId', 'id', 'image', 'imageId', 'likedByMe', 'likes', 'tags', 'thumbnail', 'title', 'userId', 'userImage', 'userName'].sort(),
    );
  });

  it('marks the posts the signed-in viewer has liked', async () => {
    const post = await createPost(parent);
    await request('PUT', `/api/community/posts/${post.id}/like`, family2, {});
    const likedBy = async (cookie: string) =>
      (await request('GET', '/api/community/posts', cookie)).json().items.find((p: { id: number }) => p.id === post.id).likedByMe;
    expect(await likedBy(family2)).toBe(true);
    expect(await likedBy(parent)).toBe(false);
  });

  it('pages with a cursor, without gaps or repeats, until nextCursor is null', async () => {
    for (let i = 0; i < 5; i++) await createPost(parent, { title: `Paging ${i}` });
    const all = (await request('GET', '/api/community/posts?limit=50', parent)).json().items.map((p: { id: number }) => p.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/community/posts?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await request('GET', url, parent)).json() as { items: { id: number }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('refuses a cursor it did not issue, and a limit out of range, with 400', async () => {
    expectFieldError(await request('GET', '/api/community/posts?cursor=bm9wZQ', parent), 'cursor', 'That page cursor is not valid for this list; start again from the first page, without cursor.');
    expectFieldError(await request('GET', '/api/community/posts?limit=0', parent), 'limit', 'limit is at least 1.');
    expectFieldError(await request('GET', '/api/community/posts?limit=101', parent), 'limit', 'limit is at most 100.');
  });

  it('filters to one support group the viewer belongs to', async () => {
    const groups = (await request('GET', '/api/community/groups')).json();
    const wellbeing = groups.find((g: { slug: string }) => g.slug === 'parent-wellbeing-circle');
    const { items } = (await request('GET', `/api/community/posts?groupId=${wellbeing.id}`, parent)).json();
    expect(items.map((p: { title: string }) => p.title)).toEqual(['Five minutes for me']);
  });
});

describe('creating a post', () => {
  it('needs sign-in, over REST and tRPC', async () => {
    expect((await request('POST', '/api/community/posts', undefined, { title: 'x', content: 'y' })).statusCode).toBe(401);
    expect((await trpc('community.posts.create', { title: 'x', content: 'y' })).statusCode).toBe(401);
  });

  it('stores trimmed title and content and parsed tags, answers 201, and puts the post first', async () => {
    const post = await createPost(parent, { title: '  Sleep regression at 18 months  ', content: '\n Any tips? \n', tags: ' sleep, , toddlers ,  ' });
    expect(post).toMatchObject({ title: 'Sleep regression at 18 months', content: 'Any tips?', tags: ['sleep', 'toddlers'], likes: 0, comments: 0, userName: 'Sarah Thompson' });
    const { items } = (await request('GET', '/api/community/posts', parent)).json();
    expect(items[0].id).toBe(post.id);
    const stored = await t.database.db.selectFrom('posts').select(['title', 'tags']).where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: 'Sleep regression at 18 months', tags: ['sleep', 'toddlers'] });
  });

  it('answers a new post with Location, where it can be read', async () => {
    const res = await request('POST', '/api/community/posts', parent, { title: 'Where to find it', content: 'Here.' });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/api/community/posts/${res.json().id}`);
    expect((await request('GET', res.headers.location as string, parent)).json()).toMatchObject({ id: res.json().id, title: 'Where to find it' });
  });

  it('accepts tags as a list too', async () => {
    const post = await createPost(parent, { tags: [' a ', '', 'b'] });
    expect(post.tags).toEqual(['a', 'b']);
  });

  it('returns HTML in user text verbatim, as plain text', async () => {
    const html = '<img src=x onerror="alert(1)"> & <script>alert("hi")</script>';
    const post = await createPost(parent, { title: html, content: `<b>bold</b> ${html}`, tags: '<i>tag</i>' });
    expect(post.title).toBe(html);
    const res = await request('GET', `/api/community/posts/${post.id}`, family2);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ title: html, content: `<b>bold</b> ${html}`, tags: ['<i>tag</i>'] });
  });

  it.each([
    ['an empty title', { title: '', content: 'c' }, 'title', 'Please give your post a title.'],
    ['a blank title', { title: '   ', content: 'c' }, 'title', 'Please give your post a title.'],
    ['no title', { content: 'c' }, 'title', 'Give the title as text.'],
    ['a 151-character title', { title: 'x'.repeat(151), content: 'c' }, 'title', 'A title has at most 150 characters.'],
    ['blank content', { title: 't', content: ' \n\t ' }, 'content', 'Please write something in your post.'],
    ['no content', { title: 't' }, 'content', 'Give the content as text.'],
    ['5,001 characters of content', { title: 't', content: 'x'.repeat(5001) }, 'content', 'A post has at most 5,000 characters.'],
    ['11 tags', { title: 't', content: 'c', tags: Array.from({ length: 11 }, (_, i) => `tag${i}`).join(',') }, 'tags', 'A post has at most 10 tags.'],
    ['a 41-character tag', { title: 't', content: 'c', tags: 'x'.repeat(41) }, 'tags.0', 'A tag has at most 40 characters.'],
    ['tags as a number', { title: 't', content: 'c', tags: 7 }, 'tags', 'Give tags as comma-separated text, such as "sleep, toddlers".'],
    ['a malformed image id', { title: 't', content: 'c', imageId: 'not-an-id' }, 'imageId', 'An image id is the id answered when the image was uploaded.'],
    ['a group id as text', { title: 't', content: 'c', groupId: 'one' }, 'groupId', 'Give the group id as a number.'],
  ])('refuses %s with 400 naming the field', async (_label, body, field, message) => {
    expectFieldError(await request('POST', '/api/community/posts', parent, body), field, message);
  });

  it('takes exactly the limits: 150-character title, 5,000-character content, 10 tags', async () => {
    const tags = Array.from({ length: 10 }, (_, i) => `tag${i}`).join(', ');
    const post = await createPost(parent, { title: 'x'.repeat(150), content: 'y'.repeat(5000), tags });
    expect(post.tags).toHaveLength(10);
  });

  it('counts 10 tags after dropping empties and repeats, so 12 entries with two blanks pass', async () => {
    const tags = `${Array.from({ length: 10 }, (_, i) => `t${i}`).join(',')}, , ,T0`;
    expect((await createPost(parent, { tags })).tags).toHaveLength(10);
  });

  it('posts in a group only for members: 403 otherwise, 400 for an unknown group', async () => {
    const groups = (await request('GET', '/api/community/groups')).json() as { id: number; slug: string }[];
    const autism = groups.find((g) => g.slug === 'autism-parent-circle')!;
    const denied = await request('POST', '/api/community/posts', family2, { title: 't', content: 'c', groupId: autism.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('Join this group to post in it.');
    expect((await createPost(parent, { groupId: autism.id })).groupId).toBe(autism.id);
    expectFieldError(await request('POST', '/api/community/posts', parent, { title: 't', content: 'c', groupId: 99999 }), 'groupId', 'That support group was not found.');
  });
});

describe('deleting a post', () => {
  it("lets the author delete it; another family gets 404 over REST and tRPC and the post stays", async () => {
    const post = await createPost(parent);
    const rest = await request('DELETE', `/api/community/posts/${post.id}`, family2);
    expect(rest.statusCode).toBe(404);
    expect(rest.json().detail).toBe('That post was not found.');
    const viaTrpc = await trpc('community.posts.remove', { id: post.id }, family2);
    expect(viaTrpc.statusCode).toBe(404);
    expect((await request('GET', `/api/community/posts/${post.id}`, family2)).statusCode).toBe(200);

    const own = await request('DELETE', `/api/community/posts/${post.id}`, parent);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ id: post.id, deleted: true });
    expect((await request('GET', `/api/community/posts/${post.id}`, parent)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/community/posts/${post.id}`, parent)).statusCode).toBe(404);
  });

  it('needs sign-in', async () => {
    const post = await createPost(parent);
    expect((await request('DELETE', `/api/community/posts/${post.id}`)).statusCode).toBe(401);
  });

  it('takes its comments, likes and reports with it', async () => {
    const post = await createPost(parent);
    await request('POST', `/api/community/posts/${post.id}/comments`, family2, { content: 'Hi' });
    await request('PUT', `/api/community/posts/${post.id}/like`, family2, {});
    await request('POST', `/api/community/posts/${post.id}/reports`, family2, { reason: 'Spam' });
    await request('DELETE', `/api/community/posts/${post.id}`, parent);
    for (const table of ['comments', 'post_likes', 'post_reports'] as const) {
      const rows = await t.database.db.selectFrom(table).select('post_id').where('post_id', '=', post.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describe('likes', () => {
  it('two PUTs give one like; the count comes from the database', async () => {
    const post = await createPost(parent);
    const first = await request('PUT', `/api/community/posts/${post.id}/like`, family2, {});
    const second = await request('PUT', `/api/community/posts/${post.id}/like`, family2, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ postId: post.id, likes: 1, likedByMe: true });
    expect(second.json()).toEqual({ postId: post.id, likes: 1, likedByMe: true });
    const rows = await t.database.db.selectFrom('post_likes').selectAll().where('post_id', '=', post.id).execute();
    expect(rows).toHaveLength(1);

    const mine = await request('PUT', `/api/community/posts/${post.id}/like`, parent, {});
    expect(mine.json()).toEqual({ postId: post.id, likes: 2, likedByMe: true });
    expect((await request('GET', `/api/community/posts/${post.id}`, family2)).json()).toMatchObject({ likes: 2, likedByMe: true });
  });

  it('DELETE takes the like back, and twice is the same as once', async () => {
    const post = await createPost(parent);
    await request('PUT', `/api/community/posts/${post.id}/like`, family2, {});
    const first = await request('DELETE', `/api/community/posts/${post.id}/like`, family2);
    const second = await request('DELETE', `/api/community/posts/${post.id}/like`, family2);
    expect(first.json()).toEqual({ postId: post.id, likes: 0, likedByMe: false });
    expect(second.json()).toEqual({ postId: post.id, likes: 0, likedByMe: false });
  });

  it('works over tRPC the same way', async () => {
    const post = await createPost(parent);
    await trpc('community.posts.like', { id: post.id }, family2);
    const res = await trpc('community.posts.like', { id: post.id }, family2);
    expect(res.json().result.data).toEqual({ postId: post.id, likes: 1, likedByMe: true });
  });

  it('answers 404 for a post that does not exist and 401 signed out', async () => {
    expect((await request('PUT', '/api/community/posts/999999/like', parent, {})).statusCode).toBe(404);
    expect((await request('PUT', '/api/community/posts/1/like', undefined, {})).statusCode).toBe(401);
    expectFieldError(await request('PUT', '/api/community/posts/abc/like', parent, {}), 'id', 'Ids are whole numbers.');
  });
});

describe('comments', () => {
  it('are created trimmed with 201 and listed oldest first, to every signed-in parent', async () => {
    const post = await createPost(parent);
    const first = await request('POST', `/api/community/posts/${post.id}/comments`, family2, { content: '  First!  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ postId: post.id, content: 'First!', userName: 'Daniel Osei' });
    await request('POST', `/api/community/posts/${post.id}/comments`, parent, { content: '<b>Second</b>' });
    const list = (await request('GET', `/api/community/posts/${post.id}/comments`, family2)).json();
    expect(list.items.map((c: { content: string }) => c.content)).toEqual(['First!', '<b>Second</b>']);
    expect(list.nextCursor).toBeNull();
    expect((await request('GET', `/api/community/posts/${post.id}`, parent)).json().comments).toBe(2);
  });

  it('page with a cursor', async () => {
    const post = await createPost(parent);
    for (const content of ['one', 'two', 'three']) await request('POST', `/api/community/posts/${post.id}/comments`, parent, { content });
    const first = (await request('GET', `/api/community/posts/${post.id}/comments?limit=2`, parent)).json();
    expect(first.items.map((c: { content: string }) => c.content)).toEqual(['one', 'two']);
    const second = (await request('GET', `/api/community/posts/${post.id}/comments?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, parent)).json();
    expect(second.items.map((c: { content: string }) => c.content)).toEqual(['three']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['an empty comment', { content: '' }, 'Please write a comment.'],
    ['a blank comment', { content: '  \n\t ' }, 'Please write a comment.'],
    ['no content', {}, 'Give the comment as text.'],
    ['a 2,001-character comment', { content: 'x'.repeat(2001) }, 'A comment has at most 2,000 characters.'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const post = await createPost(parent);
    expectFieldError(await request('POST', `/api/community/posts/${post.id}/comments`, parent, body), 'content', message);
  });

  it('takes a comment of exactly 2,000 characters', async () => {
    const post = await createPost(parent);
    expect((await request('POST', `/api/community/posts/${post.id}/comments`, parent, { content: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('need sign-in to write, and a post that exists', async () => {
    const post = await createPost(parent);
    expect((await request('POST', `/api/community/posts/${post.id}/comments`, undefined, { content: 'hi' })).statusCode).toBe(401);
    expect((await request('POST', '/api/community/posts/999999/comments', parent, { content: 'hi' })).statusCode).toBe(404);
    expect((await request('GET', '/api/community/posts/999999/comments', parent)).statusCode).toBe(404);
  });

  it("can be deleted by their author only: another family gets 404 over REST and tRPC", async () => {
    const post = await createPost(parent);
    const comment = (await request('POST', `/api/community/posts/${post.id}/comments`, parent, { content: 'mine' })).json();
    expect((await request('DELETE', `/api/community/comments/${comment.id}`, family2)).statusCode).toBe(404);
    expect((await trpc('community.comments.remove', { id: comment.id }, family2)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/community/comments/${comment.id}`)).statusCode).toBe(401);
    const own = await request('DELETE', `/api/community/comments/${comment.id}`, parent);
    expect(own.json()).toEqual({ id: comment.id, deleted: true });
    expect((await request('GET', `/api/community/posts/${post.id}/comments`, parent)).json().items).toEqual([]);
  });
});

describe('reports', () => {
  it('are stored, once per person and post, with 201', async () => {
    const post = await createPost(parent);
    const res = await request('POST', `/api/community/posts/${post.id}/reports`, family2, { reason: '  Not appropriate  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ postId: post.id, reported: true });
    expect((await request('POST', `/api/community/posts/${post.id}/reports`, family2, { reason: 'Again' })).statusCode).toBe(201);
    const rows = await t.database.db.selectFrom('post_reports').select(['reason', 'reporter_id']).where('post_id', '=', post.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('Not appropriate');
  });

  it.each([
    ['a blank reason', { reason: ' ' }, 'Please tell us what is wrong with this post.'],
    ['a 501-character reason', { reason: 'x'.repeat(501) }, 'A reason has at most 500 characters.'],
    ['no reason', {}, 'Give the reason as text.'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const post = await createPost(parent);
    expectFieldError(await request('POST', `/api/community/posts/${post.id}/reports`, family2, body), 'reason', message);
  });

  it('need sign-in and a post that exists', async () => {
    expect((await request('POST', '/api/community/posts/1/reports', undefined, { reason: 'x' })).statusCode).toBe(401);
    expect((await request('POST', '/api/community/posts/999999/reports', family2, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('privacy', () => {
  it('needs sign-in to read posts and comments: 401 signed out, over REST and tRPC; the groups stay public', async () => {
    const post = await createPost(parent);
    for (const url of ['/api/community/posts', `/api/community/posts/${post.id}`, `/api/community/posts/${post.id}/comments`]) {
      const res = await request('GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().detail).toBe('Please sign in to continue.');
    }
    const viaTrpc = await t.app.inject({ method: 'GET', url: `/trpc/community.posts.list?input=${encodeURIComponent(JSON.stringify({}))}` });
    expect(viaTrpc.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/trpc/community.posts.get?input=${encodeURIComponent(JSON.stringify({ id: post.id }))}` })).statusCode).toBe(401);
    const groups = await request('GET', '/api/community/groups');
    expect(groups.statusCode).toBe(200);
    expect((await request('GET', `/api/community/groups/${groups.json()[0].id}`)).json().description).toEqual(expect.any(String));
  });

  it("shows a support group's posts to its members (and the author) only: to others the post, its comments, likes and reports are 404, and no feed lists it", async () => {
    const groups = (await request('GET', '/api/community/groups')).json() as { id: number; slug: string }[];
    // The parent belongs to the autism group; the second family does not.
    const autism = groups.find((g) => g.slug === 'autism-parent-circle')!;
    const post = await createPost(parent, { title: 'About our son', groupId: autism.id });
    const member = (await request('GET', `/api/community/posts/${post.id}`, parent)).json();
    expect(member).toMatchObject({ id: post.id, groupId: autism.id });

    const refused = [
      await request('GET', `/api/community/posts/${post.id}`, family2),
      await request('GET', `/api/community/posts/${post.id}/comments`, family2),
      await request('PUT', `/api/community/posts/${post.id}/like`, family2, {}),
      await request('DELETE', `/api/community/posts/${post.id}/like`, family2),
      await request('POST', `/api/community/posts/${post.id}/comments`, family2, { content: 'Hello' }),
      await request('POST', `/api/community/posts/${post.id}/reports`, family2, { reason: 'Spam' }),
      await trpc('community.posts.like', { id: post.id }, family2),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().detail ?? res.json().error?.message).toBe('That post was not found.');
    }
    const feed = (await request('GET', '/api/community/posts?limit=50', family2)).json().items as { id: number }[];
    expect(feed.map((p) => p.id)).not.toContain(post.id);
    const filtered = await request('GET', `/api/community/posts?groupId=${autism.id}`, family2);
    expect(filtered.statusCode).toBe(404);
    expect(filtered.json().detail).toBe("Only a support group's members can read its posts. Join the group to read them.");
    expect((await request('GET', '/api/community/posts?groupId=99999', family2)).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('comments').select('id').where('post_id', '=', post.id).execute()).toEqual([]);

    await request('PUT', `/api/community/groups/${autism.id}/membership`, family2, {});
    expect((await request('GET', `/api/community/posts/${post.id}`, family2)).statusCode).toBe(200);
    expect((await request('GET', `/api/community/posts?groupId=${autism.id}`, family2)).json().items.map((p: { id: number }) => p.id)).toContain(post.id);
    await request('DELETE', `/api/community/groups/${autism.id}/membership`, family2);
    expect((await request('GET', `/api/community/posts/${post.id}`, family2)).statusCode).toBe(404);

    // The author keeps their post after leaving the group.
    await request('DELETE', `/api/community/groups/${autism.id}/membership`, parent);
    expect((await request('GET', `/api/community/posts/${post.id}`, parent)).statusCode).toBe(200);
    await request('PUT', `/api/community/groups/${autism.id}/membership`, parent, {});
  });
});
