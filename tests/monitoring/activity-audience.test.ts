import { foundFamily } from '../../src/server/db/family-scope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import type { ActivityDto } from '../../src/shared/schemas/monitoring';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { classroomId, listen, TestSocket } from '../realtime/realtime-helpers';

// Two families with children in Classroom 3B: the demo family (Maya) and a neighbour (Sam).
// An activity about Maya is for the demo family and staff only; a classroom-wide one is for all.
let t: TestApp;
let url: string;
let staff: string;
let demoToken: string;
let neighbourToken: string;
let maya: number;
let sam: number;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  const { db } = t.database;
  staff = await t.signIn(demoAccounts.staff);
  const demo = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  const neighbour = await db
    .insertInto('users')
    .values({ name: 'Priya Shah', email: 'priya@neighbour.test', password_hash: 'disabled', role: 'parent' })
    .returning('id')
    .executeTakeFirstOrThrow();
  sam = (
    await db
      .insertInto('children')
      .values({ family_id: await foundFamily(db, { id: neighbour.id, name: 'Priya Shah' }), classroom_id: await classroomId(db, 'Classroom 3B'), name: 'Sam Shah', date_of_birth: '2023-02-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  maya = (await db.selectFrom('children').select('id').where('name', '=', 'Maya Thompson').executeTakeFirstOrThrow()).id;
  demoToken = (await t.app.services.auth.createApiToken(demo.id, { name: 'demo', scopes: apiScopeNames })).token;
  neighbourToken = (await t.app.services.auth.createApiToken(neighbour.id, { name: 'neighbour', scopes: apiScopeNames })).token;
});

afterAll(() => t.close());

async function logActivity(payload: Record<string, unknown>): Promise<ActivityDto> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/activities',
    headers: { cookie: staff, origin: TEST_ORIGIN },
    payload: { channel: 'classroom-3b', type: 'art', ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function restLog(token: string): Promise<ActivityDto[]> {
  const response = await t.app.inject({ url: '/api/activities?channel=classroom-3b&limit=100', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function trpcLog(token: string): Promise<ActivityDto[]> {
  const input = encodeURIComponent(JSON.stringify({ channel: 'classroom-3b', limit: 100 }));
  const response = await t.app.inject({ url: `/trpc/activities.list?input=${input}`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json().result.data;
}

describe('an activity about one child', () => {
  it('carries occurredAt, childIds and cameraId', async () => {
    const activity = await logActivity({ childId: maya, description: 'Maya is painting a rainbow.' });
    expect(activity).toMatchObject({ childIds: [maya], cameraId: 'classroom-3b', occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('is listed over REST and tRPC for that child’s family and staff, never for another family in the room', async () => {
    const aboutMaya = await logActivity({ childIds: [maya], description: 'Maya is painting with her fingers.' });
    const forEveryone = await logActivity({ description: 'Story time on the carpet.' });
    for (const read of [restLog, trpcLog]) {
      const neighbours = (await read(neighbourToken)).map((a) => a.id);
      expect(neighbours).toContain(forEveryone.id);
      expect(neighbours).not.toContain(aboutMaya.id);
      expect((await read(demoToken)).map((a) => a.id)).toEqual(expect.arrayContaining([aboutMaya.id, forEveryone.id]));
    }
    const neighbourLog = await restLog(neighbourToken);
    expect(neighbourLog.every((activity) => activity.childIds.length === 0 || activity.childIds.includes(sam))).toBe(true);
  });

  it('cannot be used by another family as a paging cursor', async () => {
    const aboutMaya = await logActivity({ childId: maya, description: 'Maya washed her hands.' });
    const response = await t.app.inject({
      url: `/api/activities?channel=classroom-3b&before=${aboutMaya.id}`,
      headers: { authorization: `Bearer ${neighbourToken}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('reaches that child’s family and staff over /ws, and not another family in the same classroom', async () => {
    const options = (token: string) => ({ token, origin: null });
    const [demoSocket, neighbourSocket, staffSocket] = await Promise.all([
      TestSocket.joined(url, 'classroom-3b', options(demoToken)),
      TestSocket.joined(url, 'classroom-3b', options(neighbourToken)),
      TestSocket.joined(url, 'classroom-3b', { cookie: staff }),
    ]);
    const aboutMaya = await logActivity({ childId: maya, description: 'Maya built a tower.' });
    const forEveryone = await logActivity({ description: 'Tidy-up song.' });

    // Delivery is in publish order, so the neighbour's first message shows Maya's was skipped.
    expect((await neighbourSocket.nextActivity()).id).toBe(forEveryone.id);
    expect((await demoSocket.nextActivity()).id).toBe(aboutMaya.id);
    expect((await demoSocket.nextActivity()).id).toBe(forEveryone.id);
    expect((await staffSocket.nextActivity()).id).toBe(aboutMaya.id);
    expect((await staffSocket.nextActivity()).id).toBe(forEveryone.id);
    await Promise.all([demoSocket.close(), neighbourSocket.close(), staffSocket.close()]);
  });

  it('about children of two families reaches both', async () => {
    const neighbourSocket = await TestSocket.joined(url, 'classroom-3b', { token: neighbourToken, origin: null });
    const together = await logActivity({ childIds: [maya, sam], description: 'Maya and Sam shared the sand tray.' });
    expect(together.childIds).toEqual([maya, sam].sort((a, b) => a - b));
    expect((await neighbourSocket.nextActivity()).id).toBe(together.id);
    expect((await restLog(neighbourToken)).map((a) => a.id)).toContain(together.id);
    await neighbourSocket.close();
  });
});

describe('one channel scheme', () => {
  it('reads, logs and joins a whole classroom as classroom:<id>', async () => {
    const channel = `classroom:${await classroomId(t.database.db, 'Classroom 3B')}`;
    const socket = await TestSocket.joined(url, channel, { token: demoToken, origin: null });
    const created = await logActivity({ channel, description: 'Outdoor play.' });
    expect((await socket.nextActivity()).id).toBe(created.id);
    const listed = await t.app.inject({ url: `/api/activities?channel=${channel}`, headers: { authorization: `Bearer ${demoToken}` } });
    expect(listed.json()[0].id).toBe(created.id);
    await socket.close();
  });

  it('refuses a classroom id beyond int4 with 400, never a server error', async () => {
    const response = await t.app.inject({ url: '/api/activities?channel=classroom:9999999999', headers: { authorization: `Bearer ${demoToken}` } });
    expect(response.statusCode).toBe(400);
  });
});
