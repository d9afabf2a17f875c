import type { FastifyInstance } from 'fastify';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/create-database';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { testPostgresUrl } from '../helpers/test-database';
import { listen, otherNurseryStaff, TestSocket } from './realtime-helpers';

let t: TestApp;
let url: string;
let parent: string;
let secondParent: string;
let staff: string;
let otherStaffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  [parent, secondParent, staff] = await Promise.all([
    t.signIn(demoAccounts.parent),
    t.signIn(demoAccounts.secondParent),
    t.signIn(demoAccounts.staff),
  ]);
  const other = await otherNurseryStaff(t.database.db);
  otherStaffToken = (await t.app.services.auth.createApiToken(other.id, { name: 'sunflower tablet', scopes: apiScopeNames })).token;
});

afterAll(() => t.close());

async function logActivity(app: FastifyInstance, channel: string, description: string, auth: { cookie?: string; token?: string } = { cookie: staff }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/activities',
    headers: {
      origin: TEST_ORIGIN,
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
    },
    payload: { channel, type: 'play', description },
  });
  if (response.statusCode !== 201) throw new Error(`logging failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

describe('broadcast', () => {
  it('reaches the members of the activity’s classroom channels only', async () => {
    const main3b = await TestSocket.joined(url, 'classroom-3b', { cookie: parent });
    const garden3b = await TestSocket.joined(url, 'classroom-3b-garden', { cookie: parent });
    const room3a = await TestSocket.joined(url, 'classroom-3a', { cookie: parent });
    const sunshine = await TestSocket.joined(url, 'sunshine-room', { cookie: secondParent });

    const for3b = await logActivity(t.app, 'classroom-3b', 'Water play in the tuff tray.');
    const for3a = await logActivity(t.app, 'classroom-3a', 'Story time: The Gruffalo.');
    const forSunshine = await logActivity(t.app, 'sunshine-room', 'Den building.', { token: otherStaffToken });
    const again3b = await logActivity(t.app, 'classroom-3b', 'Tidy-up song.');

    // Activities arrive in the order they were logged, so each socket's sequence shows
    // exactly which activities reached it and that none of the others did.
    expect([await main3b.nextActivity(), await main3b.nextActivity()]).toEqual([for3b, again3b]);
    expect([await garden3b.nextActivity(), await garden3b.nextActivity()]).toEqual([for3b, again3b]);
    expect(await room3a.nextActivity()).toEqual(for3a);
    expect(await sunshine.nextActivity()).toEqual(forSunshine);

    // The last activity for each of these was logged after every other; had one of the
    // others reached them, it would have come first.
    const last3a = await logActivity(t.app, 'classroom-3a', 'Home time for 3A.');
    const lastSunshine = await logActivity(t.app, 'sunshine-room', 'Home time for the Sunshine Room.', { token: otherStaffToken });
    expect(await room3a.nextActivity()).toEqual(last3a);
    expect(await sunshine.nextActivity()).toEqual(lastSunshine);

    await Promise.all([main3b.close(), garden3b.close(), room3a.close(), sunshine.close()]);
  });

  it('delivers the same item GET /api/activities then lists', async () => {
    const socket = await TestSocket.joined(url, 'classroom-3a', { cookie: parent });
    await logActivity(t.app, 'classroom-3a', 'Planting cress seeds.');
    const received = await socket.nextActivity();
    const listed = await t.app.inject({ method: 'GET', url: '/api/activities?channel=classroom-3a&limit=1', headers: { cookie: parent } });
    expect(listed.json()).toEqual([received]);
    await socket.close();
  });

  it('moves a connection that joins again to the new channel only', async () => {
    const socket = await TestSocket.joined(url, 'classroom-3b', { cookie: parent });
    socket.send({ type: 'join', channel: 'classroom-3a' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3a', lastEventId: expect.any(Number) });
    await logActivity(t.app, 'classroom-3b', 'Only for 3B.');
    const for3a = await logActivity(t.app, 'classroom-3a', 'Only for 3A.');
    expect(await socket.nextActivity()).toEqual(for3a);
    await socket.close();
  });

  it('leaves a connection that sends several joins at once in the last one’s channel', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send({ type: 'join', channel: 'classroom-3a' });
    socket.send({ type: 'join', channel: 'classroom-3b-garden' });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    // Joins superseded before they were checked go unanswered; any answered are earlier ones.
    let reply = await socket.next();
    while (!(reply.type === 'joined' && reply.channel === 'classroom-3b')) {
      expect(reply).toMatchObject({ type: 'joined' });
      reply = await socket.next();
    }
    await logActivity(t.app, 'classroom-3a', 'Not for this connection any more.');
    const for3b = await logActivity(t.app, 'classroom-3b', 'For the last join.');
    expect(await socket.nextActivity()).toEqual(for3b);
    await socket.close();
  });

  it('sends nothing to a connection that has not joined', async () => {
    const idle = await TestSocket.open(url, { cookie: parent });
    const witness = await TestSocket.joined(url, 'classroom-3b', { cookie: parent });
    const before = await logActivity(t.app, 'classroom-3b', 'Before the join.');
    // Once a joined member has it, the broadcast is over.
    expect(await witness.nextActivity()).toEqual(before);
    idle.send({ type: 'join', channel: 'classroom-3b' });
    expect(await idle.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
    const after = await logActivity(t.app, 'classroom-3b', 'After the join.');
    expect(await idle.nextActivity()).toEqual(after);
    await Promise.all([idle.close(), witness.close()]);
  });
});

describe.runIf(testPostgresUrl)('two server instances on one PostgreSQL (PostgreSQL only: LISTEN/NOTIFY across processes)', () => {
  let handleB: DatabaseHandle;
  let appB: FastifyInstance;
  let urlB: string;

  beforeAll(async () => {
    handleB = await createDatabase({ kind: 'postgres', connectionString: t.database.connectionString! });
    // pg-pool's end() resolves before its connections have finished closing, and dropping the
    // file's database right after terminates them; that must not count as this test failing.
    handleB.pool!.on('error', () => {});
    appB = await buildApp(t.config, { database: handleB, logger: false, clientDir: '/nonexistent' });
    urlB = await listen(appB);
  });

  afterAll(async () => {
    await appB.close();
    await handleB.db.destroy();
  });

  it('delivers an activity posted on instance A to a client joined on instance B', async () => {
    const onB = await TestSocket.joined(urlB, 'classroom-3b', { cookie: parent });
    const onA = await TestSocket.joined(url, 'classroom-3b', { cookie: parent });
    const posted = await logActivity(t.app, 'classroom-3b', 'Posted on A.');
    expect(await onB.nextActivity()).toEqual(posted);
    expect(await onA.nextActivity()).toEqual(posted);
    await Promise.all([onA.close(), onB.close()]);
  });

  it('delivers an activity posted on instance B to a client joined on instance A', async () => {
    const onA = await TestSocket.joined(url, 'classroom-3b-garden', { cookie: parent });
    const posted = await logActivity(appB, 'classroom-3b', 'Posted on B.');
    expect(await onA.nextActivity()).toEqual(posted);
    await onA.close();
  });
});
