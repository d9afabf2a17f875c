import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import type { ChildDto } from '../../src/shared/schemas/children';
import type { ActivityDto } from '../../src/shared/schemas/monitoring';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { classroomId, otherNurseryStaff } from '../realtime/realtime-helpers';

let t: TestApp;
let parent: string;
let staff: string;
let staffToken: string;
let otherStaffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  [parent, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.staff)]);
  const staffUser = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.staff.email).executeTakeFirstOrThrow();
  staffToken = (await t.app.services.auth.createApiToken(staffUser.id, { name: 'classroom tablet', scopes: apiScopeNames })).token;
  const other = await otherNurseryStaff(t.database.db);
  otherStaffToken = (await t.app.services.auth.createApiToken(other.id, { name: 'sunflower tablet', scopes: apiScopeNames })).token;
});

afterAll(() => t.close());

function post(auth: { cookie?: string; token?: string }, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/activities',
    headers: {
      origin: TEST_ORIGIN,
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
    },
    payload,
  });
}

async function children(): Promise<ChildDto[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/children', headers: { cookie: parent } });
  return response.json();
}

async function child(name: string): Promise<ChildDto> {
  const found = (await children()).find((c) => c.name === name);
  if (!found) throw new Error(`no child named ${name}`);
  return found;
}

async function parentLog(channel: string): Promise<ActivityDto[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/activities?channel=${channel}`, headers: { cookie: parent } });
  return response.json();
}

describe('POST /api/activities', () => {
  it('saves a staff member’s activity and returns it in the shape GET /api/activities lists, at the top of the log', async () => {
    const response = await post({ cookie: staff }, { channel: 'classroom-3b', type: 'art', description: 'Printing with autumn leaves.' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'art',
      time: expect.any(String),
      timeAgo: 'just now',
      description: 'Printing with autumn leaves.',
      occurredAt: expect.any(String),
      childIds: [],
      cameraId: 'classroom-3b',
      photos: [],
    });
    const log = await parentLog('classroom-3b');
    expect(log[0]).toEqual(created);
  });

  it('puts an activity logged on one camera into the log every camera of that classroom shows', async () => {
    const created = (await post({ cookie: staff }, { channel: 'classroom-3b-garden', type: 'play', description: 'Puddle jumping.' })).json();
    expect((await parentLog('classroom-3b'))[0]).toEqual(created);
  });

  it('accepts a whole classroom named classroom:<id>', async () => {
    const id = await classroomId(t.database.db, 'Classroom 3A');
    const response = await post({ cookie: staff }, { channel: `classroom:${id}`, type: 'snack', description: 'Banana and rice cakes.' });
    expect(response.statusCode).toBe(201);
    expect((await parentLog('classroom-3a'))[0]).toEqual(response.json());
  });

  it('accepts a staff API token', async () => {
    const response = await post({ token: staffToken }, { channel: 'classroom-3a', type: 'learning', description: 'Counting conkers to ten.' });
    expect(response.statusCode).toBe(201);
  });

  it('is also a tRPC mutation, activities.create', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/activities.create',
      headers: { cookie: staff, origin: TEST_ORIGIN },
      payload: { channel: 'classroom-3a', type: 'play', description: 'Rolling balls down a ramp.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toMatchObject({ type: 'play', description: 'Rolling balls down a ramp.' });
  });

  it('lowercases and trims the type', async () => {
    const response = await post({ cookie: staff }, { channel: 'classroom-3a', type: '  Music ', description: 'Shakers and drums.' });
    expect(response.json().type).toBe('music');
  });
});

describe('naming a child', () => {
  it.each([
    ['arrival', 'online'],
    ['nap', 'nap'],
    ['departure', 'offline'],
  ])('%s sets status %s, current activity and last update', async (type, status) => {
    const nora = await child('Nora Thompson');
    const occurredAt = new Date(Date.now() - 1000).toISOString();
    const description = `Nora: ${type}.`;
    const response = await post({ cookie: staff }, { channel: 'classroom-3a', childId: nora.id, type, description, occurredAt });
    expect(response.statusCode).toBe(201);
    const after = await child('Nora Thompson');
    expect(after).toMatchObject({ status, currentActivity: description, lastUpdate: occurredAt });
  });

  it('keeps the status for other types but updates the current activity', async () => {
    const maya = await child('Maya Thompson');
    await post({ cookie: staff }, { channel: 'classroom-3b', childId: maya.id, type: 'arrival', description: 'Maya arrived.' });
    await post({ cookie: staff }, { channel: 'classroom-3b', childId: maya.id, type: 'art', description: 'Maya is painting.' });
    expect(await child('Maya Thompson')).toMatchObject({ status: 'online', currentActivity: 'Maya is painting.' });
  });

  it('does not let an activity logged late undo a later one', async () => {
    const leo = await child('Leo Thompson');
    await post({ cookie: staff }, { channel: 'classroom-3b', childId: leo.id, type: 'nap', description: 'Leo is asleep.' });
    const earlier = new Date(Date.now() - 60 * 60_000).toISOString();
    const late = await post({ cookie: staff }, { channel: 'classroom-3b', childId: leo.id, type: 'departure', description: 'Left early.', occurredAt: earlier });
    expect(late.statusCode).toBe(201);
    expect(await child('Leo Thompson')).toMatchObject({ status: 'nap', currentActivity: 'Leo is asleep.' });
  });

  it('refuses a child from another classroom of the nursery, naming the field', async () => {
    const nora = await child('Nora Thompson');
    const response = await post({ cookie: staff }, { channel: 'classroom-3b', childId: nora.id, type: 'play', description: 'Blocks.' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Nora Thompson is not in Classroom 3B; choose a child from that classroom.');
  });
});

describe('who may log activities', () => {
  it('refuses a staff member of another nursery: this classroom is not found for them', async () => {
    const byCamera = await post({ token: otherStaffToken }, { channel: 'classroom-3b', type: 'play', description: 'Not ours.' });
    expect(byCamera.statusCode).toBe(404);
    const id = await classroomId(t.database.db, 'Classroom 3B');
    const byClassroom = await post({ token: otherStaffToken }, { channel: `classroom:${id}`, type: 'play', description: 'Not ours.' });
    expect(byClassroom.statusCode).toBe(404);
  });

  it('refuses a staff member of another nursery naming one of this nursery’s children', async () => {
    const maya = await child('Maya Thompson');
    const response = await post({ token: otherStaffToken }, { channel: 'sunshine-room', childId: maya.id, type: 'play', description: 'Not ours.' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('That child was not found.');
  });

  it('lets that staff member log for their own classroom', async () => {
    const response = await post({ token: otherStaffToken }, { channel: 'sunshine-room', type: 'play', description: 'Den building.' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a parent with 403', async () => {
    const response = await post({ cookie: parent }, { channel: 'classroom-3b', type: 'play', description: 'I am a parent.' });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Only nursery staff can log activities.');
  });

  it('refuses a caller who is not signed in with 401', async () => {
    const response = await post({}, { channel: 'classroom-3b', type: 'play', description: 'Anonymous.' });
    expect(response.statusCode).toBe(401);
  });
});

describe('validation', () => {
  it.each([
    [{ channel: 'Classroom 3B', type: 'play', description: 'x' }, 'channel'],
    [{ channel: 'classroom:abc', type: 'play', description: 'x' }, 'channel'],
    [{ channel: 'classroom-3b', type: 'free play', description: 'x' }, 'type'],
    [{ channel: 'classroom-3b', type: 'play', description: '   ' }, 'description'],
    [{ channel: 'classroom-3b', type: 'play', description: 'x'.repeat(501) }, 'description'],
    [{ channel: 'classroom-3b', type: 'play', description: 'x', occurredAt: 'yesterday' }, 'occurredAt'],
    [{ channel: 'classroom-3b', type: 'play', description: 'x', childId: 'maya' }, 'childId'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const response = await post({ cookie: staff }, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(field);
  });

  it('refuses an occurredAt in the future', async () => {
    const occurredAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const response = await post({ cookie: staff }, { channel: 'classroom-3b', type: 'play', description: 'Tomorrow.', occurredAt });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('occurredAt is in the future; log an activity once it has happened.');
  });

  it('answers 404 for a camera that does not exist', async () => {
    const response = await post({ cookie: staff }, { channel: 'classroom-9z', type: 'play', description: 'Nowhere.' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe("Camera 'classroom-9z' was not found.");
  });
});

describe('GET /api/classrooms', () => {
  it('gives staff their nursery’s classrooms, each as a channel with its cameras and children', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/classrooms', headers: { cookie: staff } });
    expect(response.statusCode).toBe(200);
    const id3a = await classroomId(t.database.db, 'Classroom 3A');
    const id3b = await classroomId(t.database.db, 'Classroom 3B');
    const roster = response.json();
    expect(roster.map((c: { name: string; channel: string }) => [c.name, c.channel])).toEqual([
      ['Classroom 3A', `classroom:${id3a}`],
      ['Classroom 3B', `classroom:${id3b}`],
    ]);
    expect(roster[1].cameras).toEqual([
      { id: 'classroom-3b-garden', name: 'Classroom 3B - Garden View' },
      { id: 'classroom-3b', name: 'Classroom 3B - Main View' },
    ]);
    expect(roster[1].children.map((c: { name: string }) => c.name)).toEqual(['Leo Thompson', 'Maya Thompson']);
    expect(roster[0].children[0]).toEqual({
      id: expect.any(Number),
      name: 'Nora Thompson',
      status: expect.any(String),
      currentActivity: expect.toBeOneOf([expect.any(String), null]),
      lastUpdate: expect.toBeOneOf([expect.any(String), null]),
      photosAllowed: true,
    });
  });

  it('gives staff of another nursery only their own classrooms', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/classrooms', headers: { authorization: `Bearer ${otherStaffToken}` } });
    expect(response.json().map((c: { name: string }) => c.name)).toEqual(['Sunshine Room']);
  });

  it('refuses a parent with 403', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/classrooms', headers: { cookie: parent } });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Only nursery staff can see classroom rosters.');
  });
});
