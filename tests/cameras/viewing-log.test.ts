import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foundFamily } from '../../src/server/db/family-scope';
import { hashPassword } from '../../src/server/lib/passwords';
import type { RoomViewersDto, ViewingLogEntryDto } from '../../src/shared/schemas/cameras';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Wednesday 25 November 2026, 10:00 UTC: the demo nursery is open and Maya is checked in.
const NOW = Date.parse('2026-11-25T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let clock = NOW;
let parent: string;
let staff: string;
const neighbours: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { CAMERA_HLS_DIR: path.resolve(__dirname, '../fixtures/hls') } });
  [parent, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.staff)]);
  const { db } = t.database;
  const classroom = await db.selectFrom('classrooms').select('id').where('name', '=', 'Classroom 3B').executeTakeFirstOrThrow();
  // Two other families with a child checked in to Classroom 3B.
  for (const [name, child] of [['Harriet Vance', 'Sam Vance'], ['Oliver Brandt', 'Ada Brandt']] as const) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@neighbour.test`;
    const user = await db.insertInto('users').values({ name, email, password_hash: await hashPassword('neighbour-password-1'), role: 'parent' }).returning('id').executeTakeFirstOrThrow();
    const familyId = await foundFamily(db, { id: user.id, name });
    const { id } = await db.insertInto('children').values({ family_id: familyId, classroom_id: classroom.id, name: child, date_of_birth: '2023-02-01', status: 'online' }).returning('id').executeTakeFirstOrThrow();
    const arrival = await call('POST', '/api/activities', staff, { channel: 'classroom-3b', type: 'arrival', childIds: [id], description: `${child} arrived.` });
    expect(arrival.statusCode, arrival.body).toBe(201);
    neighbours.push(await t.signIn({ email, password: 'neighbour-password-1' }));
  }
});

afterAll(() => t.close());

function call(method: string, urlPath: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method: method as 'GET', url: urlPath, headers: { cookie, origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function watch(cookie: string) {
  const response = await call('POST', '/api/cameras/classroom-3b/viewing-sessions', cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { sessionId: number };
}

describe('the viewing log', () => {
  it('shows a parent staff and their own family by name, and other parents only as a count', async () => {
    // Ten days ago, one neighbour watched; today both neighbours, the parent and staff did.
    clock = NOW - 10 * DAY;
    // That was a Sunday: open every day, all day, for this test.
    const { db } = t.database;
    const nurseries = await db.selectFrom('nurseries').select('id').execute();
    await db.deleteFrom('nursery_opening_hours').execute();
    await db.insertInto('nursery_opening_hours').values(nurseries.flatMap(({ id }) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ nursery_id: id, weekday, opens_at: 0, closes_at: 1440 })))).execute();
    await watch(neighbours[0]!);
    clock = NOW;
    await watch(neighbours[0]!);
    await watch(neighbours[1]!);
    await watch(parent);
    await watch(staff);

    const rest = await call('GET', '/api/cameras/viewers', parent);
    expect(rest.statusCode, rest.body).toBe(200);
    const trpc = await call('GET', '/trpc/cameraAccess.viewers', parent);
    expect(trpc.statusCode, trpc.body).toBe(200);
    for (const body of [rest.body, trpc.body]) {
      expect(body).not.toMatch(/Harriet|Oliver|Vance|Brandt|neighbour/i);
    }
    const rooms = rest.json() as RoomViewersDto[];
    expect(trpc.json().result.data).toEqual(rooms);
    const room = rooms.find((r) => r.classroomName === 'Classroom 3B')!;
    expect(room.today.otherParents).toBe(2);
    expect(room.past30Days.otherParents).toBe(2);
    expect(room.today.named.map((viewer) => [viewer.name, viewer.kind]).sort()).toEqual([
      ['Priya Raman', 'staff'],
      ['Sarah Thompson', 'family'],
    ]);
    // Nora's room, which nobody watched, is listed too.
    expect(rooms.find((r) => r.classroomName === 'Classroom 3A')).toMatchObject({ today: { named: [], otherParents: 0 } });
  });

  it('counts a parent who watched only on an earlier day in the past 30 days, not today', async () => {
    const { db } = t.database;
    const harriet = await db.selectFrom('users').select('id').where('email', '=', 'harriet@neighbour.test').executeTakeFirstOrThrow();
    await db.deleteFrom('camera_viewing_sessions').where('user_id', '=', harriet.id).where('started_at', '>=', new Date(NOW - DAY)).execute();
    const room = ((await call('GET', '/api/cameras/viewers', parent)).json() as RoomViewersDto[]).find((r) => r.classroomName === 'Classroom 3B')!;
    expect(room.today.otherParents).toBe(1);
    expect(room.past30Days.otherParents).toBe(2);
  });

  it('is shown in full, with every name, to the nursery staff only', async () => {
    const log = await call('GET', '/api/cameras/viewing-log?cameraId=classroom-3b', staff);
    expect(log.statusCode, log.body).toBe(200);
    const names = (log.json() as ViewingLogEntryDto[]).map((entry) => entry.viewerName);
    expect(names).toEqual(expect.arrayContaining(['Harriet Vance', 'Oliver Brandt', 'Sarah Thompson', 'Priya Raman']));
    expect((await call('GET', '/api/cameras/viewing-log', parent)).statusCode).toBe(403);
  });

  it('keeps sessions 90 days, and ends sessions whose player went away', async () => {
    const { db } = t.database;
    const user = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
    const old = await db.insertInto('camera_viewing_sessions').values({ user_id: user.id, camera_id: 'classroom-3b', started_at: new Date(NOW - 91 * DAY), last_seen_at: new Date(NOW - 91 * DAY), ended_at: new Date(NOW - 91 * DAY) }).returning('id').executeTakeFirstOrThrow();
    const kept = await db.insertInto('camera_viewing_sessions').values({ user_id: user.id, camera_id: 'classroom-3b', started_at: new Date(NOW - 89 * DAY), last_seen_at: new Date(NOW - 89 * DAY) }).returning('id').executeTakeFirstOrThrow();
    const result = await t.app.services.cameras.sweepViewingLog();
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('camera_viewing_sessions').select(['id', 'ended_at']).where('id', 'in', [old.id, kept.id]).execute();
    // It ended when its last token ran out, 60 s after it was last renewed.
    expect(left).toEqual([{ id: kept.id, ended_at: new Date(NOW - 89 * DAY + 60_000) }]);
  });

  it('ends a viewing whose player stopped renewing once its token has run out, in the log and in the sweep, with no process remembering it', async () => {
    const { db } = t.database;
    const renew = (cookie: string, sessionId: number) => call('POST', `/api/cameras/classroom-3b/viewing-sessions/${sessionId}/token`, cookie);
    const entryOf = async (sessionId: number) => ((await call('GET', '/api/cameras/viewing-log?cameraId=classroom-3b', staff)).json() as ViewingLogEntryDto[]).find((entry) => entry.id === sessionId)!;
    try {
      clock = NOW + DAY;
      const closedTab = await watch(parent);
      const watching = await watch(neighbours[0]!);
      // 50 s on, both still watching; only one player renews.
      clock += 50_000;
      expect((await renew(neighbours[0]!, watching.sessionId)).statusCode).toBe(200);
      expect(await entryOf(closedTab.sessionId)).toMatchObject({ endedAt: null });
      // 100 s after the start: the closed tab's token ran out at 60 s, and its margin has passed.
      clock += 50_000;
      expect(await entryOf(closedTab.sessionId)).toMatchObject({ endedAt: new Date(NOW + DAY + 60_000).toISOString() });
      expect(await entryOf(watching.sessionId)).toMatchObject({ endedAt: null });
      // A player back after the end cannot carry on with it: it starts again.
      const late = await renew(parent, closedTab.sessionId);
      expect(late.statusCode).toBe(403);
      expect(late.json().detail).toBe('This viewing has ended — start the camera again to keep watching.');
      // The sweep writes down the same end; the renewed session stays open.
      expect((await t.app.services.cameras.sweepViewingLog()).ended).toBeGreaterThanOrEqual(1);
      const rows = await db.selectFrom('camera_viewing_sessions').select(['id', 'ended_at']).where('id', 'in', [closedTab.sessionId, watching.sessionId]).orderBy('id').execute();
      expect(rows).toEqual([
        { id: closedTab.sessionId, ended_at: new Date(NOW + DAY + 60_000) },
        { id: watching.sessionId, ended_at: null },
      ]);
      expect(await entryOf(closedTab.sessionId)).toMatchObject({ endedAt: new Date(NOW + DAY + 60_000).toISOString() });
      // Ending a session after it ran out keeps the time it ran out.
      clock += 200_000;
      expect((await call('DELETE', `/api/cameras/classroom-3b/viewing-sessions/${watching.sessionId}`, neighbours[0]!)).statusCode).toBe(200);
      expect(await entryOf(watching.sessionId)).toMatchObject({ endedAt: new Date(NOW + DAY + 50_000 + 60_000).toISOString() });
    } finally {
      clock = NOW;
    }
  });
});
