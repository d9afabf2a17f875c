import { Writable } from 'node:stream';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { SOCKET_LIMITS } from '../../src/server/realtime/ws-route';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../src/shared/realtime';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { HandshakeRefused, listen, TestSocket } from './realtime-helpers';

let t: TestApp;
let url: string;
let parent: string;
let secondParent: string;
let staff: string;
let parentToken: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  [parent, secondParent, staff] = await Promise.all([
    t.signIn(demoAccounts.parent),
    t.signIn(demoAccounts.secondParent),
    t.signIn(demoAccounts.staff),
  ]);
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  parentToken = (await t.app.services.auth.createApiToken(user.id, { name: 'home display', scopes: apiScopeNames })).token;
});

afterAll(() => t.close());

async function refusal(socket: TestSocket) {
  const message = await socket.next();
  const { code } = await socket.closed;
  return { message, code };
}

describe('joining a channel', () => {
  it('lets a parent join a camera of their child’s classroom', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send({ type: 'join', channel: 'classroom-3b-garden' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b-garden', lastEventId: expect.any(Number) });
    await socket.close();
  });

  it('lets nursery staff join a camera of their nursery', async () => {
    const socket = await TestSocket.open(url, { cookie: staff });
    socket.send({ type: 'join', channel: 'classroom-3a' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3a', lastEventId: expect.any(Number) });
    await socket.close();
  });

  it('lets an integrator join with a bearer token and no Origin', async () => {
    const socket = await TestSocket.open(url, { token: parentToken, origin: null });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
    await socket.close();
  });

  it('refuses a connection that is not signed in with 4401', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await refusal(socket)).toEqual({
      message: { type: 'error', code: 'UNAUTHORIZED', message: 'Please sign in to see live activity.' },
      code: 4401,
    });
  });

  it('refuses an expired or unknown session with 4401', async () => {
    const socket = await TestSocket.open(url, { cookie: 'nestling_session=not-a-session' });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect((await refusal(socket)).code).toBe(4401);
  });

  it('refuses a revoked-looking bearer token with 4401', async () => {
    const socket = await TestSocket.open(url, { token: 'nst_not-a-token', origin: null });
    expect((await refusal(socket)).code).toBe(4401);
  });

  it('refuses another family’s camera with 4403', async () => {
    const socket = await TestSocket.open(url, { cookie: secondParent });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await refusal(socket)).toEqual({
      message: { type: 'error', code: 'FORBIDDEN', message: "You cannot watch camera 'classroom-3b'." },
      code: 4403,
    });
  });

  it('refuses a camera that does not exist with 4403, the same as one that is not yours', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send({ type: 'join', channel: 'classroom-9z' });
    expect(await refusal(socket)).toEqual({
      message: { type: 'error', code: 'FORBIDDEN', message: "You cannot watch camera 'classroom-9z'." },
      code: 4403,
    });
  });

  it('refuses staff a camera of another nursery with 4403', async () => {
    const socket = await TestSocket.open(url, { cookie: staff });
    socket.send({ type: 'join', channel: 'sunshine-room' });
    expect((await refusal(socket)).code).toBe(4403);
  });
});

describe('the handshake Origin', () => {
  it('refuses a foreign Origin before the connection opens', async () => {
    await expect(TestSocket.open(url, { cookie: parent, origin: 'https://evil.example' })).rejects.toEqual(new HandshakeRefused(403));
  });

  it('refuses a foreign Origin even with a bearer token', async () => {
    await expect(TestSocket.open(url, { token: parentToken, origin: 'https://evil.example' })).rejects.toEqual(new HandshakeRefused(403));
  });

  it('refuses a session cookie sent without an Origin', async () => {
    await expect(TestSocket.open(url, { cookie: parent, origin: null })).rejects.toEqual(new HandshakeRefused(403));
  });
});

describe('messages a client sends', () => {
  it('ignores invalid JSON and unknown types, and the socket stays open', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send('{not json');
    socket.send({ type: 'subscribe', channel: 'classroom-3b' });
    socket.send([1, 2, 3]);
    socket.send({ type: 'join', channel: 'classroom-3b' });
    // Nothing was answered to the first three: the first reply is the join's.
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
    await socket.close();
  });

  it('answers a join with a malformed channel with an error, and the socket stays open', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send({ type: 'join', channel: 'Classroom 3B' });
    expect(await socket.next()).toEqual({
      type: 'error',
      code: 'BAD_REQUEST',
      message: 'channel is a camera id such as classroom-3b, a classroom as classroom:<id>, or a feature channel such as notifications:me.',
    });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
    await socket.close();
  });

  it('closes the socket with 1009 when a message is over 16 kB', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    socket.send({ type: 'join', channel: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) });
    expect((await socket.closed).code).toBe(1009);
  });

  it('keeps a message of exactly 16 kB', async () => {
    const socket = await TestSocket.open(url, { cookie: parent });
    const join = JSON.stringify({ type: 'join', channel: 'classroom-3b' });
    socket.send(join + ' '.repeat(MAX_CLIENT_MESSAGE_BYTES - join.length));
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
    await socket.close();
  });
});

describe('connection limits', () => {
  it('closes a user’s eleventh open connection with 1008, and lets one in again once another closes', async () => {
    const open = await Promise.all(Array.from({ length: SOCKET_LIMITS.perUser }, () => TestSocket.joined(url, 'classroom-3b', { token: parentToken, origin: null })));
    const excess = await TestSocket.open(url, { token: parentToken, origin: null });
    expect(await refusal(excess)).toEqual({
      message: { type: 'error', code: 'BAD_REQUEST', message: 'Too many open connections; close other tabs or connections and try again.' },
      code: 1008,
    });
    await open.pop()!.close();
    const again = await TestSocket.joined(url, 'classroom-3b', { token: parentToken, origin: null });
    await Promise.all([...open, again].map((socket) => socket.close()));
  });
});

describe('logging', () => {
  it('writes at most one line a minute per connection about frames it ignores, however many arrive', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
    // A second instance on the same database, with a logger this test can read.
    const other = await buildApp(t.config, { database: t.database, logger: { level: 'info', stream }, clientDir: '/nonexistent' });
    try {
      const socket = await TestSocket.open(await listen(other), { cookie: parent });
      for (let i = 0; i < 50; i++) socket.send('{not json');
      socket.send({ type: 'join', channel: 'classroom-3b' });
      expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
      expect(lines.filter((line) => line.includes('ignored a WebSocket message'))).toHaveLength(1);
      await socket.close();
    } finally {
      await other.close();
    }
  });
});

describe('shutting down', () => {
  it('closes every socket with 1001', async () => {
    // A second instance on the same database, so closing it leaves this file's app running.
    const other = await buildApp(t.config, { database: t.database, logger: false, clientDir: '/nonexistent' });
    const otherUrl = await listen(other);
    const joined = await TestSocket.joined(otherUrl, 'classroom-3b', { cookie: parent });
    const waiting = await TestSocket.open(otherUrl, { cookie: staff });
    await other.close();
    expect((await joined.closed).code).toBe(1001);
    expect((await waiting.closed).code).toBe(1001);
  });
});
