import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEvent } from '../../src/server/db/outbox';
import { foundFamily } from '../../src/server/db/family-scope';
import { apiScopeNames } from '../../src/shared/api-scopes';
import type { ServerMessage } from '../../src/shared/realtime';
import type { ActivityDto } from '../../src/shared/schemas/monitoring';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';
import { classroomId, listen, otherNurseryStaff, TestSocket } from './realtime-helpers';

// A client that lost its connection rejoins with the last event id it had, and is sent what it
// missed, in order, before live activity, with nothing twice and nothing of another family's.
let t: TestApp;
let url: string;
let staff: string;
let parent: string;
let neighbourToken: string;
let otherStaffToken: string;
let maya: number;
let parentId: number;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  const { db } = t.database;
  [staff, parent] = await Promise.all([t.signIn(demoAccounts.staff), t.signIn(demoAccounts.parent)]);
  const neighbour = await db
    .insertInto('users')
    .values({ name: 'Priya Shah', email: 'priya@catch-up.test', password_hash: 'disabled', role: 'parent' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('children')
    .values({ family_id: await foundFamily(db, { id: neighbour.id, name: 'Priya Shah' }), classroom_id: await classroomId(db, 'Classroom 3B'), name: 'Sam Shah', date_of_birth: '2023-02-01' })
    .execute();
  parentId = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  maya = (await db.selectFrom('children').select('id').where('name', '=', 'Maya Thompson').executeTakeFirstOrThrow()).id;
  neighbourToken = (await t.app.services.auth.createApiToken(neighbour.id, { name: 'neighbour', scopes: apiScopeNames })).token;
  const other = await otherNurseryStaff(db);
  otherStaffToken = (await t.app.services.auth.createApiToken(other.id, { name: 'sunflower', scopes: apiScopeNames })).token;
});

afterAll(() => t.close());

async function logActivity(description: string, extra: Record<string, unknown> = {}): Promise<ActivityDto> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/activities',
    headers: { cookie: staff, origin: TEST_ORIGIN },
    payload: { channel: 'classroom-3b', type: 'play', description, ...extra },
  });
  if (response.statusCode !== 201) throw new Error(`logging failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Joins, returning the socket and the lastEventId its `joined` reported. */
async function join(channel: string, options: Parameters<typeof TestSocket.open>[1], lastEventId?: number) {
  const socket = await TestSocket.open(url, options);
  socket.send({ type: 'join', channel, ...(lastEventId === undefined ? {} : { lastEventId }) });
  const joined = await socket.next();
  if (joined.type !== 'joined') throw new Error(`join refused: ${JSON.stringify(joined)}`);
  return { socket, joined };
}

async function nextActivityMessage(socket: TestSocket): Promise<Extract<ServerMessage, { type: 'activity' }>> {
  const message = await socket.next();
  if (message.type !== 'activity') throw new Error(`expected an activity, got ${JSON.stringify(message)}`);
  return message;
}

describe('catching up after a disconnect', () => {
  it('sends a socket that rejoins with lastEventId the 5 activities posted while it was closed, in order, then live ones', async () => {
    const first = await join('classroom-3b', { cookie: parent });
    const seen = await logActivity('Before the signal dropped.');
    const received = await nextActivityMessage(first.socket);
    expect(received.data.id).toBe(seen.id);
    await first.socket.close();

    const missed: ActivityDto[] = [];
    for (let i = 1; i <= 5; i += 1) missed.push(await logActivity(`Missed ${i}.`));

    const again = await join('classroom-3b', { cookie: parent }, received.eventId);
    const replayed = [];
    for (let i = 0; i < 5; i += 1) replayed.push((await nextActivityMessage(again.socket)).data);
    expect(replayed.map((a) => a.description)).toEqual(missed.map((a) => a.description));
    expect(replayed.map((a) => a.id)).toEqual(missed.map((a) => a.id));

    const live = await logActivity('Live again.');
    expect((await again.socket.nextActivity()).id).toBe(live.id);
    await again.socket.close();
  });

  it('sends nothing twice and keeps the order when activities are logged while the replay is being read', async () => {
    const first = await join('classroom-3b', { cookie: parent });
    const since = first.joined.type === 'joined' ? first.joined.lastEventId : 0;
    await first.socket.close();
    const missed: string[] = [];
    for (let i = 1; i <= 3; i += 1) missed.push((await logActivity(`Gap ${i}.`)).description);

    // The rejoin and three more activities race; whatever the interleaving, the socket gets
    // each of the six once, in the order they were saved.
    const rejoining = join('classroom-3b', { cookie: parent }, since);
    const during = await Promise.all([1, 2, 3].map((i) => logActivity(`Racing ${i}.`)));
    const { socket } = await rejoining;
    const got: ActivityDto[] = [];
    const eventIds: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const message = await socket.next();
      if (message.type !== 'activity') throw new Error(`expected an activity, got ${JSON.stringify(message)}`);
      got.push(message.data);
      eventIds.push(message.eventId);
    }
    expect(got.map((a) => a.description).slice(0, 3)).toEqual(missed);
    expect(new Set(got.map((a) => a.id)).size).toBe(6);
    expect(got.slice(3).map((a) => a.id).sort((a, b) => a - b)).toEqual(during.map((a) => a.id).sort((a, b) => a - b));
    // In the order they were saved, which is the order of their events (commit order). Two racing
    // requests may commit in the other order from the one their activity ids were handed out in.
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));

    // Nothing else was queued: the next message is the next live activity.
    const after = await logActivity('After the race.');
    expect((await socket.nextActivity()).id).toBe(after.id);
    await socket.close();
  });

  it("replays only what the rejoining user may see: not another family's, not another nursery's", async () => {
    const neighbour = await join('classroom-3b', { token: neighbourToken, origin: null });
    const from = neighbour.joined.type === 'joined' ? neighbour.joined.lastEventId : 0;
    await neighbour.socket.close();
    const otherStaffSocket = await join('sunshine-room', { token: otherStaffToken, origin: null });
    const otherFrom = otherStaffSocket.joined.type === 'joined' ? otherStaffSocket.joined.lastEventId : 0;
    await otherStaffSocket.socket.close();

    await logActivity('Maya only.', { childId: maya });
    const forAll = await logActivity('Everyone in 3B.');

    const rejoined = await join('classroom-3b', { token: neighbourToken, origin: null }, from);
    expect((await rejoined.socket.nextActivity()).id).toBe(forAll.id);
    const staffRejoin = await join('classroom-3b', { cookie: staff }, from);
    expect((await staffRejoin.socket.nextActivity()).description).toBe('Maya only.');
    expect((await staffRejoin.socket.nextActivity()).id).toBe(forAll.id);
    // Another nursery's staff rejoining their own room is sent none of 3B's.
    const otherRejoin = await join('sunshine-room', { token: otherStaffToken, origin: null }, otherFrom);
    const marker = await logActivity('Marker for the neighbour.');
    expect((await rejoined.socket.nextActivity()).id).toBe(marker.id);
    const sunshine = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { authorization: `Bearer ${otherStaffToken}` },
      payload: { channel: 'sunshine-room', type: 'play', description: 'Sunshine marker.' },
    });
    expect((await otherRejoin.socket.nextActivity()).id).toBe(sunshine.json().id);
    await Promise.all([rejoined.socket.close(), staffRejoin.socket.close(), otherRejoin.socket.close()]);
  });

  it('replays nothing older than 24 hours', async () => {
    const first = await join('classroom-3b', { cookie: parent });
    const from = first.joined.type === 'joined' ? first.joined.lastEventId : 0;
    await first.socket.close();
    const old = await logActivity('Yesterday, long ago.');
    await sql`UPDATE outbox_events SET occurred_at = now() - interval '25 hours' WHERE payload -> 'activity' ->> 'id' = ${String(old.id)}`.execute(t.database.db);
    const recent = await logActivity('Within the day.');
    const again = await join('classroom-3b', { cookie: parent }, from);
    expect((await again.socket.nextActivity()).id).toBe(recent.id);
    await again.socket.close();
  });

  it('refuses a malformed lastEventId with an error and keeps the connection open', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send({ type: 'join', channel: 'classroom-3b', lastEventId: -1 });
    expect(await socket.next()).toEqual({ type: 'error', code: 'BAD_REQUEST', message: 'lastEventId is 0 or more.' });
    socket.send({ type: 'join', channel: 'classroom-3b', lastEventId: 'yesterday' });
    expect(await socket.next()).toEqual({ type: 'error', code: 'BAD_REQUEST', message: 'lastEventId is a whole number.' });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await socket.next()).toMatchObject({ type: 'joined' });
    await socket.close();
  });
});

describe('the outbox is the source of live activity', () => {
  it('delivers an event that was committed with nobody publishing it, as after a crash between commit and publish', async () => {
    const { socket } = await join('classroom-3b', { cookie: parent });
    const { db } = t.database;
    const classroom = await classroomId(db, 'Classroom 3B');
    const { nursery_id: nurseryId } = await db.selectFrom('classrooms').select('nursery_id').where('id', '=', classroom).executeTakeFirstOrThrow();
    const familyId = await familyIdOf(db, parentId);
    const activity: ActivityDto = {
      id: 999_001,
      type: 'play',
      time: '9:00 AM',
      timeAgo: 'just now',
      description: 'Written straight to the outbox.',
      occurredAt: new Date().toISOString(),
      childIds: [],
      cameraId: 'classroom-3b',
      photos: [],
    };
    await db.transaction().execute(async (trx) => {
      await writeEvent(trx, { type: 'activity.created', nurseryId, payload: { activity, classroomId: classroom }, occurredAt: new Date() });
      await writeEvent(trx, { type: 'activity.created', familyId, payload: { activity, classroomId: classroom }, occurredAt: new Date() });
    });
    expect((await socket.nextActivity()).description).toBe('Written straight to the outbox.');
    await socket.close();
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const { socket } = await join('classroom-3b', { cookie: parent });
    const { db } = t.database;
    const classroom = await classroomId(db, 'Classroom 3B');
    const familyId = await familyIdOf(db, parentId);
    const activity = { id: 999_002, type: 'play', time: '9:00 AM', timeAgo: 'just now', description: 'Rolled back.', occurredAt: new Date().toISOString(), childIds: [], cameraId: null };
    await expect(
      db.transaction().execute(async (trx) => {
        await writeEvent(trx, { type: 'activity.created', familyId, payload: { activity, classroomId: classroom }, occurredAt: new Date() });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const next = await logActivity('After the rollback.');
    expect((await socket.nextActivity()).id).toBe(next.id);
    await socket.close();
  });
});
