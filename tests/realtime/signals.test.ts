import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createInProcessBus, type EventBus } from '../../src/server/realtime/event-bus';
import { registerRealtime, type TopicOwner } from '../../src/server/realtime/ws-route';
import { TYPING_EVERY_MS } from '../../src/shared/realtime';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * The seam's signals and typing frames, with a feature of the test's own on the real /ws route:
 * users are named by an `x-user` header, and the feature's topics are `room:<name>`.
 */
interface User {
  name: string;
}

const typed: Array<{ user: string; topic: string }> = [];

const rooms: TopicOwner<User> = {
  prefix: 'room',
  topicFor: async (user, channel) => (channel === 'room:private' && user.name !== 'ann' ? undefined : channel),
  refusal: (channel) => `You may not listen to ${channel}.`,
  deliveryOfEvent: () => undefined,
  deliveryOfSignal: (signal) => ({
    message: { type: 'error', code: 'BAD_REQUEST', message: String(signal.data.text) },
    audience: typeof signal.data.onlyFor === 'string' ? (user) => user.name === signal.data.onlyFor : undefined,
  }),
  onTyping: (user, topic) => void typed.push({ user: user.name, topic }),
};

let database: TestDatabase;
let bus: EventBus;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify({ logger: false });
  bus = await createInProcessBus(app.log);
  await registerRealtime(app, {
    authenticator: {
      authenticateSocket: (request) => {
        const name = request.headers['x-user'];
        return typeof name === 'string' ? { user: { name }, userKey: name, credential: name } : undefined;
      },
      liveCredentials: async (credentials) => new Set(credentials),
      onCredentialEnded: () => () => {},
    },
    owners: [rooms],
    defaultPrefix: 'room',
    db: database.db,
    bus,
    audienceOf: () => ({ familyId: null, nurseryId: null }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
});

afterAll(async () => {
  await app.close();
  await bus.close();
  await database.drop();
});

/** A connection of `user` joined to `channel`, collecting what arrives. */
async function joined(user: string, channel: string) {
  const ws = new WebSocket(url, { headers: { 'x-user': user } });
  const received: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'join', channel }));
  await until(() => received.some((message) => message.type === 'joined' || message.type === 'error'));
  return { ws, received, texts: () => received.filter((message) => message.type === 'error').map((message) => message.message) };
}

async function until(condition: () => boolean, ms = 2_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('signals on the bus', () => {
  it("reach the listeners of their topic, through the owner's delivery and audience, and nobody else", async () => {
    const ann = await joined('ann', 'room:kitchen');
    const bob = await joined('bob', 'room:kitchen');
    const cid = await joined('cid', 'room:garden');

    await bus.publish({ topic: 'room:kitchen', data: { text: 'for the kitchen' } });
    await bus.publish({ topic: 'room:kitchen', data: { text: 'for ann', onlyFor: 'ann' } });
    await until(() => ann.texts().length === 2 && bob.texts().length === 1);
    // A later signal to the garden proves cid's socket was reached only now.
    await bus.publish({ topic: 'room:garden', data: { text: 'for the garden' } });
    await until(() => cid.texts().length === 1);

    expect(ann.texts()).toEqual(['for the kitchen', 'for ann']);
    expect(bob.texts()).toEqual(['for the kitchen']);
    expect(cid.texts()).toEqual(['for the garden']);
    for (const socket of [ann, bob, cid]) socket.ws.close();
  });

  it('are not sent on a topic the user was refused', async () => {
    const bob = await joined('bob', 'room:private');
    expect(bob.received[0]).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await bus.publish({ topic: 'room:private', data: { text: 'secret' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bob.texts()).not.toContain('secret');
  });
});

describe('typing frames', () => {
  it("go to the joined channel's owner with the user and topic, at most once per interval", async () => {
    typed.length = 0;
    const ann = await joined('ann', 'room:kitchen');
    ann.ws.send(JSON.stringify({ type: 'typing' }));
    ann.ws.send(JSON.stringify({ type: 'typing' }));
    await until(() => typed.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(typed).toEqual([{ user: 'ann', topic: 'room:kitchen' }]);
    expect(TYPING_EVERY_MS).toBeGreaterThan(50);
    ann.ws.close();
  });

  it('are dropped before a join', async () => {
    typed.length = 0;
    const ws = new WebSocket(url, { headers: { 'x-user': 'ann' } });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'typing' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(typed).toEqual([]);
    ws.close();
  });
});

describe('feature channels', () => {
  it('a join names a feature channel as <prefix>:<name>; other forms are refused with the rule', async () => {
    const ok = await joined('ann', 'room:kitchen-2');
    expect(ok.received[0]).toMatchObject({ type: 'joined', channel: 'room:kitchen-2' });
    const bad = await joined('ann', 'room:Kitchen!');
    expect(bad.received[0]).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    expect(String(bad.received[0]!.message)).toContain('notifications:me');
    ok.ws.close();
    bad.ws.close();
  });
});
