import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import { MAX_DEVICES } from '../../src/server/features/push/push.service';
import { createTestApp, demoAccounts, testConfig, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { browserKeys, startPushReceiver } from '../helpers/push-receiver';

// Web Push end to end: a parent saves a subscription made by a "phone" of the push receiver (a
// real RFC 8030 push service on port 0), the server sends to it with web-push, and the receiver
// checks the VAPID signature and decrypts what the phone would show.
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let demo: string;
let other: string;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_ALLOW_PRIVATE: 'true' } });
  receiver = await startPushReceiver();
  demo = await t.signIn(demoAccounts.parent);
  other = await t.signIn(demoAccounts.secondParent);
  demoId = (await rest('GET', '/api/users/me', demo)).json().id;
  otherId = (await rest('GET', '/api/users/me', other)).json().id;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function rest(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object, app = t.app) {
  return app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN, 'user-agent': PHONE }, ...(payload === undefined ? {} : { payload }) });
}
const trpc = (procedure: string, input: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: input as object });
const trpcQuery = (procedure: string, cookie: string) => t.app.inject({ method: 'GET', url: `/trpc/${procedure}`, headers: { cookie } });

async function publicKey(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().publicKey;
}

async function subscribe(cookie: string, subscription: object) {
  const res = await rest('POST', '/api/push-subscriptions', cookie, subscription);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; deviceLabel: string; endpoint: string; createdAt: string };
}

const devicesOf = async (cookie: string) => (await rest('GET', '/api/push-subscriptions', cookie)).json() as { id: number; endpoint: string }[];

describe('web push', () => {
  it('delivers to the phone: signed with the VAPID key the browser subscribed with, and decrypted it reads as sent', async () => {
    const phone = receiver.newDevice({ applicationServerKey: await publicKey() });
    const saved = await subscribe(demo, phone.subscription);
    expect(saved).toMatchObject({ deviceLabel: 'Chrome on Android', endpoint: phone.subscription.endpoint });

    const message = { title: 'Leo had lunch', body: 'Pasta and peas, ate it all', url: '/monitoring?activity=12', tag: 'activity-12' };
    expect(await t.app.services.push.sendToUser(demoId, message)).toEqual({ sent: 1, removed: 0 });
    expect(phone.refused).toEqual([]);
    expect(phone.received).toHaveLength(1);
    const [push] = phone.received;
    expect(push!.payload).toEqual(message);
    expect(push!.ttl).toBeGreaterThan(0);
    expect(push!.vapid.aud).toBe(receiver.origin);
    expect(push!.vapid.sub).toBe('mailto:push@nestling.test');

    // The other family's parent has no devices: nothing is sent, nothing reaches this phone.
    expect(await t.app.services.push.sendToUser(otherId, message)).toEqual({ sent: 0, removed: 0 });
    expect(phone.received).toHaveLength(1);
    await rest('DELETE', `/api/push-subscriptions/${saved.id}`, demo);
  });

  it('a long message is shortened to fit the 4096 bytes a push service takes, never refused', async () => {
    const phone = receiver.newDevice({ applicationServerKey: await publicKey() });
    const saved = await subscribe(demo, phone.subscription);
    // Three bytes a character in UTF-8, and a deep link that must arrive whole.
    const message = { title: '今日の活動'.repeat(40), body: '保育園でたくさん遊びました。'.repeat(70), url: `/monitoring?activity=12&from=${'x'.repeat(600)}` };
    expect(await t.app.services.push.sendToUser(demoId, message)).toEqual({ sent: 1, removed: 0 });
    expect(phone.refused).toEqual([]);
    const shown = phone.received[0]!.payload as { title: string; body: string; url: string };
    expect(shown.url).toBe(message.url);
    expect(shown.body.endsWith('…')).toBe(true);
    expect(message.body.startsWith(shown.body.slice(0, -1))).toBe(true);
    expect(message.title.startsWith(shown.title.replace(/…$/, ''))).toBe(true);
    await rest('DELETE', `/api/push-subscriptions/${saved.id}`, demo);
  });

  it('a push signed with another VAPID key is refused by the push service (the receiver checks the signature)', async () => {
    const phone = receiver.newDevice({ applicationServerKey: browserKeys().p256dh });
    const saved = await subscribe(demo, phone.subscription);
    expect(await t.app.services.push.sendToUser(demoId, { title: 'x', body: 'y', url: '/' })).toEqual({ sent: 0, removed: 0 });
    expect(phone.refused).toEqual(['k is not the key the subscription was made with']);
    // Still saved: a 403 is not the push service saying the subscription has gone.
    expect((await devicesOf(demo)).map((d) => d.id)).toContain(saved.id);
    await rest('DELETE', `/api/push-subscriptions/${saved.id}`, demo);
  });

  it('a device belongs to the session that saved it: signing out of that browser stops its pushes and removes it', async () => {
    const sharedComputer = await t.signIn(demoAccounts.parent);
    const device = receiver.newDevice({ applicationServerKey: await publicKey() });
    const saved = await subscribe(sharedComputer, device.subscription);
    expect((await devicesOf(demo)).map((d) => d.id)).toContain(saved.id);

    const out = await rest('POST', '/api/auth/sign-out', sharedComputer, {});
    expect(out.statusCode, out.body).toBe(200);
    expect(await t.app.services.push.sendToUser(demoId, { title: 'Nap time', body: 'Mia is asleep', url: '/monitoring' })).toEqual({ sent: 0, removed: 0 });
    expect(device.received).toEqual([]);
    expect((await devicesOf(demo)).map((d) => d.id)).not.toContain(saved.id);
  });

  it('deletes a subscription answered 404 or 410, keeps one that failed otherwise, and still sends to the rest', async () => {
    const key = await publicKey();
    const [gone404, gone410, broken, fine] = [receiver.newDevice({ applicationServerKey: key }), receiver.newDevice({ applicationServerKey: key }), receiver.newDevice({ applicationServerKey: key }), receiver.newDevice({ applicationServerKey: key })];
    gone404!.status = 404;
    gone410!.status = 410;
    broken!.status = 500;
    const ids = [];
    for (const device of [gone404!, gone410!, broken!, fine!]) ids.push((await subscribe(demo, device.subscription)).id);

    expect(await t.app.services.push.sendToUser(demoId, { title: 'Nap time', body: 'Mia is asleep', url: '/monitoring' })).toEqual({ sent: 1, removed: 2 });
    expect(fine!.received.map((p) => p.payload)).toEqual([{ title: 'Nap time', body: 'Mia is asleep', url: '/monitoring' }]);
    expect((await devicesOf(demo)).map((d) => d.id)).toEqual([ids[2], ids[3]]);
    for (const id of ids.slice(2)) await rest('DELETE', `/api/push-subscriptions/${id}`, demo);
  });

  it('saving the same endpoint again updates it, and an endpoint saved by another account moves to the caller', async () => {
    const phone = receiver.newDevice();
    const first = await subscribe(demo, phone.subscription);
    const again = await subscribe(demo, { ...phone.subscription, keys: browserKeys() });
    expect(again.id).toBe(first.id);
    expect((await devicesOf(demo)).filter((d) => d.endpoint === phone.subscription.endpoint)).toHaveLength(1);

    // A shared computer: the other parent turns notifications on in the same browser.
    const moved = await subscribe(other, phone.subscription);
    expect(moved.id).toBe(first.id);
    expect((await devicesOf(demo)).map((d) => d.id)).not.toContain(first.id);
    expect((await devicesOf(other)).map((d) => d.id)).toEqual([first.id]);
    await rest('DELETE', `/api/push-subscriptions/${first.id}`, other);
  });

  it(`keeps the ${MAX_DEVICES} devices saved most recently, so a send never fans out without end`, async () => {
    const ids: number[] = [];
    for (let i = 0; i <= MAX_DEVICES; i++) ids.push((await subscribe(demo, { endpoint: `https://push.example.com/send/many-${i}`, keys: browserKeys() })).id);
    expect((await devicesOf(demo)).map((d) => d.id)).toEqual(ids.slice(1));
    // Saving the oldest again makes it the newest: the next oldest goes instead.
    await subscribe(demo, { endpoint: 'https://push.example.com/send/many-1', keys: browserKeys() });
    expect((await devicesOf(demo)).map((d) => d.id)).toEqual(ids.slice(1));
    const again = await subscribe(demo, { endpoint: 'https://push.example.com/send/many-0', keys: browserKeys() });
    expect((await devicesOf(demo)).map((d) => d.id).sort((a, b) => a - b)).toEqual([...ids.slice(1).filter((id) => id !== ids[2]), again.id].sort((a, b) => a - b));
    for (const device of await devicesOf(demo)) await rest('DELETE', `/api/push-subscriptions/${device.id}`, demo);
  });

  it("two families cannot see or remove each other's devices, over REST and tRPC", async () => {
    const mine = await subscribe(demo, receiver.newDevice().subscription);
    expect((await devicesOf(other)).map((d) => d.id)).not.toContain(mine.id);
    const listed = await trpcQuery('pushSubscriptions.list', other);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(mine.endpoint);

    const viaRest = await rest('DELETE', `/api/push-subscriptions/${mine.id}`, other);
    expect(viaRest.statusCode, viaRest.body).toBe(404);
    expect(viaRest.json().code).toBe('not_found');
    const viaTrpc = await trpc('pushSubscriptions.remove', { id: mine.id }, other);
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(404);
    expect(viaTrpc.json().error.data.problem.code).toBe('not_found');
    expect((await devicesOf(demo)).map((d) => d.id)).toContain(mine.id);

    const removed = await trpc('pushSubscriptions.remove', { id: mine.id }, demo);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await rest('DELETE', `/api/push-subscriptions/${mine.id}`, demo)).statusCode).toBe(404);
  });

  it('refuses malformed subscriptions with a message naming the field, and API tokens', async () => {
    const { subscription } = receiver.newDevice();
    for (const [body, path] of [
      [{ ...subscription, extra: 1 }, ''],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ ...subscription, keys: { ...subscription.keys, auth: 'short' } }, 'keys.auth'],
      [{ ...subscription, endpoint: 'not a url' }, 'endpoint'],
      [{ ...subscription, endpoint: 'ftp://127.0.0.1/push' }, 'endpoint'],
      [{ endpoint: subscription.endpoint }, 'keys'],
    ] as const) {
      const res = await rest('POST', '/api/push-subscriptions', demo, body);
      expect(res.statusCode, res.body).toBe(400);
      if (path) expect(res.json().errors[0].path, res.body).toBe(path);
    }
    const token = (await rest('POST', '/api/tokens', demo, { name: 'everything', scopes: ['profile:read', 'activities:read'] })).json().token as string;
    const withToken = await t.app.inject({ method: 'POST', url: '/api/push-subscriptions', headers: { authorization: `Bearer ${token}` }, payload: subscription });
    expect(withToken.statusCode, withToken.body).toBe(403);
  });
});

describe('outbound safety and VAPID keys on a second instance', () => {
  it('without PUSH_ALLOW_PRIVATE, private, loopback and link-local endpoints are refused when saved and when sending', async () => {
    // A second app on the same database, as production runs it.
    const strict = await buildApp(testConfig({ DATA_DIR: t.config.dataDir }), { database: t.database, logger: false, clientDir: '/nonexistent' });
    await strict.ready();
    try {
      const cookie = demo;
      for (const endpoint of ['http://127.0.0.1:9/push/a', 'https://127.0.0.1/push/a', 'https://10.0.0.8/push/a', 'https://169.254.169.254/push/a', 'https://[fd00::1]/push/a', 'https://localhost/push/a', 'http://push.example.com/a']) {
        const res = await rest('POST', '/api/push-subscriptions', cookie, { ...receiver.newDevice().subscription, endpoint }, strict);
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().errors[0].path).toBe('endpoint');
        expect(res.json().detail, endpoint).toMatch(/https:\/\/ address|public address/);
      }
      // A public https endpoint is accepted.
      const ok = await rest('POST', '/api/push-subscriptions', cookie, { endpoint: 'https://push.example.com/send/abc', keys: browserKeys() }, strict);
      expect(ok.statusCode, ok.body).toBe(201);
      await rest('DELETE', `/api/push-subscriptions/${ok.json().id}`, cookie, undefined, strict);

      // Saved while private addresses were allowed, a loopback endpoint is still not sent to by an instance that forbids them.
      const phone = receiver.newDevice();
      const saved = await subscribe(demo, phone.subscription);
      expect(await strict.services.push.sendToUser(demoId, { title: 'x', body: 'y', url: '/' })).toEqual({ sent: 0, removed: 0 });
      expect(phone.received).toHaveLength(0);
      expect(phone.refused).toHaveLength(0);
      await rest('DELETE', `/api/push-subscriptions/${saved.id}`, demo);
    } finally {
      await strict.close();
    }
  });

  it('the VAPID pair is made once and shared by every instance on the database; one from the environment wins', async () => {
    // As on a fresh database: no pair yet, and two instances starting at once.
    await t.database.db.deleteFrom('server_secrets').execute();
    const allowPrivate = { DATA_DIR: t.config.dataDir, PUSH_ALLOW_PRIVATE: 'true' };
    const [second, third] = await Promise.all([0, 1].map(() => buildApp(testConfig(allowPrivate), { database: t.database, logger: false, clientDir: '/nonexistent' })));
    try {
      // Made as the instances start, before anyone asks for the key.
      await expect.poll(() => t.database.db.selectFrom('server_secrets').select('name').execute()).toEqual([{ name: 'vapid' }]);
      const keys = await Promise.all([second!, third!].map(async (app) => (await app.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey as string));
      expect(keys[0]).toBe(keys[1]);
      expect(keys[0]).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(await t.database.db.selectFrom('server_secrets').select('name').execute()).toEqual([{ name: 'vapid' }]);

      // A push made by one instance verifies against the key the browser got from the other.
      const phone = receiver.newDevice({ applicationServerKey: keys[1] });
      await subscribe(demo, phone.subscription);
      expect(await second!.services.push.sendToUser(demoId, { title: 'From B', body: '', url: '/' })).toEqual({ sent: 1, removed: 0 });
      expect(phone.refused).toEqual([]);
      expect(phone.received[0]!.payload).toEqual({ title: 'From B', body: '', url: '/' });
      for (const device of await devicesOf(demo)) await rest('DELETE', `/api/push-subscriptions/${device.id}`, demo);
    } finally {
      await second!.close();
      await third!.close();
    }

    const generated = webpush.generateVAPIDKeys();
    const fromEnv = { VAPID_PUBLIC_KEY: generated.publicKey, VAPID_PRIVATE_KEY: generated.privateKey };
    const configured = await buildApp(testConfig({ DATA_DIR: t.config.dataDir, ...fromEnv }), { database: t.database, logger: false, clientDir: '/nonexistent' });
    try {
      expect((await configured.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey).toBe(fromEnv.VAPID_PUBLIC_KEY);
    } finally {
      await configured.close();
    }
  });

  it('config fails fast naming the VAPID variable at fault', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey })).toThrow(/VAPID_PRIVATE_KEY: must be set too/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_ALLOW_PRIVATE: 'yes' })).toThrow(/PUSH_ALLOW_PRIVATE/);
  });
});
