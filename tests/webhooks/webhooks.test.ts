import { createHmac } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/passwords';
import { eventTypes } from '../../src/shared/schemas/events';
import { retryDelaySeconds } from '../../src/server/features/webhooks/webhooks.service';
import { isPrivateAddress, postJson } from '../../src/server/features/webhooks/webhooks.sender';
import { familyIdOf } from '../helpers/test-database';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { startHoldingReceiver, startReceiver, waitUntil } from './webhook-receiver';

// Webhooks end to end: a guardian registers a real receiver on port 0, and the app's own worker
// (polling every 20 ms here, retries scaled down 5000 times) delivers signed events to it.
let t: TestApp;
let demo: string;
let other: string;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCALE: '0.0002', WEBHOOK_POLL_MS: '20' } });
  demo = await t.signIn(demoAccounts.parent);
  other = await t.signIn(demoAccounts.secondParent);
});
afterAll(async () => {
  await t?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(statuses?: number[]) {
  const r = await startReceiver(statuses);
  receivers.push(r);
  return r;
}

function rest(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}

async function register(cookie: string, url: string, eventTypes = ['booking.created', 'child.created', 'activity.created']) {
  const res = await rest('POST', '/api/webhooks', cookie, { url, eventTypes, description: 'Home dashboard' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
}

const addChild = (cookie: string, name: string) => rest('POST', '/api/children', cookie, { name, dateOfBirth: '2025-03-01', specialNeeds: false });

/** The Standard Webhooks check, written out independently of the server's signer. */
function verify(secret: string, delivery: { headers: Record<string, unknown>; body: string }) {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  const signatures = String(delivery.headers['webhook-signature']).split(' ');
  return signatures.includes(`v1,${expected}`) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

describe('webhooks', () => {
  it('delivers a family event to a real receiver, signed per Standard Webhooks with the secret shown once', async () => {
    const r = await receiver();
    const hook = await register(demo, r.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await rest('GET', '/api/webhooks', demo);
    expect(listed.json().map((w: { id: number }) => w.id)).toContain(hook.id);
    expect(listed.body).not.toContain(hook.secret);

    const child = await addChild(demo, 'Signed Sam');
    expect(child.statusCode, child.body).toBe(201);
    await waitUntil(() => r.received.length >= 1);
    const [delivery] = r.received;
    expect(verify(hook.secret, delivery!)).toBe(true);
    expect(verify(hook.secret, { ...delivery!, body: delivery!.body.replace('Signed Sam', 'Forged Sam') })).toBe(false);
    // And with the specification's own library, as a receiver would.
    const headers = { 'webhook-id': String(delivery!.headers['webhook-id']), 'webhook-timestamp': String(delivery!.headers['webhook-timestamp']), 'webhook-signature': String(delivery!.headers['webhook-signature']) };
    expect(new Webhook(hook.secret).verify(delivery!.body, headers)).toEqual(JSON.parse(delivery!.body));
    expect(() => new Webhook(hook.secret).verify(delivery!.body.replace('Signed Sam', 'Forged Sam'), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(delivery!.body, headers)).toThrow(WebhookVerificationError);
    expect(delivery!.headers['webhook-id']).toMatch(/^evt_\d+$/);
    expect(delivery!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(delivery!.body);
    expect(body).toEqual({ type: 'child.created', timestamp: expect.any(String), data: { child: child.json() } });

    await waitUntil(async () => (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json()[0]?.status === 'delivered');
    const [logged] = (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json();
    expect(logged).toMatchObject({ eventType: 'child.created', status: 'delivered', attempts: 1, responseCode: 200, error: null, nextAttemptAt: null });
    expect((await rest('DELETE', `/api/webhooks/${hook.id}`, demo)).statusCode).toBe(200);
  });

  it('retries after a 500, keeping the webhook-id, until the receiver takes it, and sends it no more', async () => {
    const r = await receiver([500, 500, 200]);
    const hook = await register(demo, r.url, ['child.created']);
    expect((await addChild(demo, 'Retry Rosa')).statusCode).toBe(201);
    await waitUntil(() => r.received.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((d) => d.headers['webhook-id'])).size).toBe(1);
    expect(r.received.every((d) => verify(hook.secret, d))).toBe(true);
    const [logged] = (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json();
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, responseCode: 200 });
    await rest('DELETE', `/api/webhooks/${hook.id}`, demo);
  });

  it('keeps delivering to other endpoints while a receiver that never answers holds its attempts', async () => {
    const silent = await startHoldingReceiver();
    const r = await receiver();
    const hooks = [await register(demo, silent.url, ['child.created']), await register(demo, r.url, ['child.created'])];
    try {
      expect((await addChild(demo, 'Held Hana')).statusCode).toBe(201);
      await waitUntil(() => silent.held.length === 1 && r.received.length === 1);
      expect((await addChild(demo, 'Next Nell')).statusCode).toBe(201);
      await waitUntil(() => r.received.length === 2);
      // Still inside the first attempt's 5 s timeout: the silent receiver held nobody else up.
      expect(silent.held[0]!.socket?.destroyed).toBe(false);
      expect(r.received.map((d) => JSON.parse(d.body).data.child.name)).toEqual(['Held Hana', 'Next Nell']);
    } finally {
      for (const hook of hooks) await rest('DELETE', `/api/webhooks/${hook.id}`, demo);
      silent.release();
      await silent.close();
    }
  });

  it("never sends one family's events to another family's endpoint", async () => {
    const ours = await receiver();
    const theirs = await receiver();
    const ourHook = await register(demo, ours.url, ['child.created', 'booking.created', 'booking.status_changed']);
    const theirHook = await register(other, theirs.url, ['child.created', 'booking.created', 'booking.status_changed']);
    expect((await addChild(demo, 'Private Pia')).statusCode).toBe(201);
    expect((await addChild(other, 'Their Theo')).statusCode).toBe(201);
    await waitUntil(() => ours.received.length >= 1 && theirs.received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ours.received.map((d) => JSON.parse(d.body).data.child.name)).toEqual(['Private Pia']);
    expect(theirs.received.map((d) => JSON.parse(d.body).data.child.name)).toEqual(['Their Theo']);

    // Nor may the other family see or remove ours: its id answers 404.
    for (const [method, url] of [['GET', `/api/webhooks/${ourHook.id}`], ['GET', `/api/webhooks/${ourHook.id}/deliveries`], ['DELETE', `/api/webhooks/${ourHook.id}`]] as const) {
      expect((await rest(method, url, other)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await rest('GET', '/api/webhooks', other)).json().map((w: { id: number }) => w.id)).toEqual([theirHook.id]);
  });

  it('is for guardians and staff in a browser session, or a token holding webhooks:manage: carers and other tokens get 403', async () => {
    const db = t.database.db;
    const demoUser = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ name: 'Carla Carer', email: 'carla@webhooks.test', password_hash: await hashPassword('a quiet harbour at dawn 7'), family_id: await familyIdOf(db, demoUser.id), family_role: 'carer' })
      .execute();
    const carer = await t.signIn({ email: 'carla@webhooks.test', password: 'a quiet harbour at dawn 7' });
    const token = (await rest('POST', '/api/tokens', demo, { name: 'everything', scopes: ['children:read', 'bookings:read', 'bookings:write'] })).json().token as string;
    const payload = { url: 'https://example.com/hook', eventTypes: ['child.created'] };
    expect((await rest('POST', '/api/webhooks', carer, payload)).json().code).toBe('guardian_only');
    const byToken = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { authorization: `Bearer ${token}` }, payload });
    expect(byToken.statusCode, byToken.body).toBe(403);
    expect(byToken.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(byToken.json().detail).toContain("'webhooks:manage'");
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);

    // With the scope, a token manages the family's webhooks; it still cannot make tokens.
    const manager = (await rest('POST', '/api/tokens', demo, { name: 'webhooks', scopes: ['webhooks:manage'] })).json().token as string;
    const asManager = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${manager}` }, ...(body === undefined ? {} : { payload: body }) });
    const r = await receiver();
    const created = await asManager('POST', '/api/webhooks', { url: r.url, eventTypes: ['child.created'] });
    expect(created.statusCode, created.body).toBe(201);
    expect((await asManager('GET', '/api/webhooks')).json().map((w: { id: number }) => w.id)).toContain(created.json().id);
    expect((await addChild(demo, 'Token Tara')).statusCode).toBe(201);
    await waitUntil(async () => (await asManager('GET', `/api/webhooks/${created.json().id}/deliveries`)).json()[0]?.status === 'delivered');
    const [delivery] = (await asManager('GET', `/api/webhooks/${created.json().id}/deliveries`)).json();
    expect((await asManager('POST', `/api/webhooks/${created.json().id}/deliveries/${delivery.id}/resend`)).statusCode).toBe(202);
    expect((await asManager('POST', `/api/webhooks/${created.json().id}/enable`)).statusCode).toBe(200);
    expect((await asManager('POST', '/api/tokens', { name: 'another' })).statusCode).toBe(403);
    expect((await asManager('DELETE', `/api/webhooks/${created.json().id}`)).statusCode).toBe(200);
  });

  it("sends a nursery's events to its staff's endpoints and not to another nursery's, and a family's to the family only", async () => {
    const db = t.database.db;
    const sunshine = await db.selectFrom('classrooms').select(['id', 'nursery_id']).where('name', '=', 'Sunshine Room').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ name: 'Tomasz Nowak', email: 'tomasz@webhooks.test', password_hash: await hashPassword('a quiet harbour at dawn 7'), role: 'staff', nursery_id: sunshine.nursery_id })
      .execute();
    const staff = await t.signIn(demoAccounts.staff);
    const otherStaff = await t.signIn({ email: 'tomasz@webhooks.test', password: 'a quiet harbour at dawn 7' });
    const [ourNursery, theirNursery, ourFamily, theirFamily] = [await receiver(), await receiver(), await receiver(), await receiver()];
    const staffHook = await register(staff, ourNursery.url, ['activity.created']);
    const otherStaffHook = await register(otherStaff, theirNursery.url, ['activity.created']);
    const familyHook = await register(demo, ourFamily.url, ['activity.created']);
    const otherFamilyHook = await register(other, theirFamily.url, ['activity.created']);

    const demoFamily = await familyIdOf(db, (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id);
    const child = await db.selectFrom('children').select(['id', 'classroom_id']).where('family_id', '=', demoFamily).where('classroom_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const ours = await rest('POST', '/api/activities', staff, { channel: `classroom:${child.classroom_id}`, childIds: [child.id], type: 'snack', description: 'Pear slices' });
    expect(ours.statusCode, ours.body).toBe(201);
    const theirs = await rest('POST', '/api/activities', otherStaff, { channel: `classroom:${sunshine.id}`, childIds: [], type: 'play', description: 'Sand pit' });
    expect(theirs.statusCode, theirs.body).toBe(201);

    await waitUntil(() => [ourNursery, theirNursery, ourFamily, theirFamily].every((r) => r.received.length >= 1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const activityIds = (r: typeof ourNursery) => r.received.map((d) => JSON.parse(d.body).data.activity.id);
    expect(activityIds(ourNursery)).toEqual([ours.json().id]);
    expect(activityIds(ourFamily)).toEqual([ours.json().id]);
    expect(activityIds(theirNursery)).toEqual([theirs.json().id]);
    expect(activityIds(theirFamily)).toEqual([theirs.json().id]);

    // Each sees its own endpoints only; anyone else's id answers 404.
    expect((await rest('GET', '/api/webhooks', staff)).json().map((w: { id: number }) => w.id)).toEqual([staffHook.id]);
    for (const cookie of [otherStaff, demo]) expect((await rest('GET', `/api/webhooks/${staffHook.id}/deliveries`, cookie)).statusCode).toBe(404);
    expect((await rest('DELETE', `/api/webhooks/${familyHook.id}`, staff)).statusCode).toBe(404);
    for (const [cookie, hook] of [[staff, staffHook], [otherStaff, otherStaffHook], [demo, familyHook], [other, otherFamilyHook]] as const) {
      expect((await rest('DELETE', `/api/webhooks/${hook.id}`, cookie)).statusCode).toBe(200);
    }
  });

  it('resends a delivery with the same webhook-id, and refuses another webhook’s or family’s delivery with 404', async () => {
    const r = await receiver();
    const hook = await register(demo, r.url, ['child.created']);
    const second = await register(demo, (await receiver()).url, ['child.created']);
    expect((await addChild(demo, 'Resent Rita')).statusCode).toBe(201);
    await waitUntil(async () => (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json()[0]?.status === 'delivered');
    const [delivery] = (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json();
    const [secondsDelivery] = (await rest('GET', `/api/webhooks/${second.id}/deliveries`, demo)).json();

    const resent = await rest('POST', `/api/webhooks/${hook.id}/deliveries/${delivery.id}/resend`, demo);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ id: delivery.id, eventId: delivery.eventId, status: 'pending', attempts: 0 });
    await waitUntil(() => r.received.length >= 2);
    expect(r.received.map((d) => d.headers['webhook-id'])).toEqual([`evt_${delivery.eventId}`, `evt_${delivery.eventId}`]);
    expect(r.received.every((d) => verify(hook.secret, d))).toBe(true);
    await waitUntil(async () => (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json()[0]?.status === 'delivered');
    expect((await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json()[0]).toMatchObject({ id: delivery.id, status: 'delivered', attempts: 1 });

    // The same over tRPC.
    const viaTrpc = await t.app.inject({ method: 'POST', url: '/trpc/webhooks.resendDelivery', headers: { 'content-type': 'application/json', cookie: demo }, payload: { id: hook.id, deliveryId: delivery.id } });
    expect(viaTrpc.json().result.data, viaTrpc.body).toMatchObject({ id: delivery.id, status: 'pending' });
    await waitUntil(() => r.received.length >= 3);

    for (const [cookie, url] of [
      [demo, `/api/webhooks/${hook.id}/deliveries/${secondsDelivery.id}/resend`],
      [demo, `/api/webhooks/${second.id}/deliveries/${delivery.id}/resend`],
      [other, `/api/webhooks/${hook.id}/deliveries/${delivery.id}/resend`],
      [other, `/api/webhooks/${hook.id}/enable`],
    ] as const) {
      const res = await rest('POST', url, cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const wrongTrpc = await t.app.inject({ method: 'POST', url: '/trpc/webhooks.resendDelivery', headers: { 'content-type': 'application/json', cookie: other }, payload: { id: hook.id, deliveryId: delivery.id } });
    expect(wrongTrpc.json().error.data.httpStatus).toBe(404);
    expect((await rest('POST', `/api/webhooks/${hook.id}/deliveries/0/resend`, demo)).statusCode).toBe(400);
    for (const h of [hook, second]) await rest('DELETE', `/api/webhooks/${h.id}`, demo);
  });

  it('refuses to resend to a disabled webhook (409 webhook_disabled) until its owner turns it back on', async () => {
    const r = await receiver();
    const hook = await register(demo, r.url, ['child.created']);
    expect((await addChild(demo, 'Paused Paula')).statusCode).toBe(201);
    await waitUntil(() => r.received.length >= 1);
    const [delivery] = (await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json();
    const reason = 'Deliveries failed for 3 days; the last attempt answered 503.';
    await t.database.db.updateTable('webhook_endpoints').set({ disabled_at: new Date(), disabled_reason: reason }).where('id', '=', hook.id).execute();

    const refused = await rest('POST', `/api/webhooks/${hook.id}/deliveries/${delivery.id}/resend`, demo);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'webhook_disabled', status: 409 });
    expect(refused.json().detail).toContain(`POST /api/webhooks/${hook.id}/enable`);
    expect(refused.json().detail).toContain('answered 503');
    const refusedTrpc = await t.app.inject({ method: 'POST', url: '/trpc/webhooks.resendDelivery', headers: { 'content-type': 'application/json', cookie: demo }, payload: { id: hook.id, deliveryId: delivery.id } });
    expect(refusedTrpc.json().error.data).toMatchObject({ httpStatus: 409, problem: { code: 'webhook_disabled' } });
    expect(refusedTrpc.json().error.message).toBe(refused.json().detail);
    expect((await rest('GET', `/api/webhooks/${hook.id}/deliveries`, demo)).json()[0]).toMatchObject({ status: 'delivered', attempts: 1 });

    const enabled = await rest('POST', `/api/webhooks/${hook.id}/enable`, demo);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ id: hook.id, disabledAt: null, disabledReason: null });
    expect((await rest('GET', `/api/webhooks/${hook.id}`, demo)).json()).toMatchObject({ disabledAt: null, disabledReason: null });
    expect((await rest('POST', `/api/webhooks/${hook.id}/deliveries/${delivery.id}/resend`, demo)).statusCode).toBe(202);
    await waitUntil(() => r.received.length >= 2);
    expect(r.received[1]!.headers['webhook-id']).toBe(`evt_${delivery.eventId}`);
    await rest('DELETE', `/api/webhooks/${hook.id}`, demo);
  });

  it('refuses addresses it must not send to, and unknown fields', async () => {
    for (const url of ['http://example.com/hook', 'ftp://example.com/hook', 'https://user:pw@example.com/hook', 'not a url']) {
      const res = await rest('POST', '/api/webhooks', demo, { url, eventTypes: ['child.created'] });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    for (const payload of [{ url: 'https://example.com/h', eventTypes: [] }, { url: 'https://example.com/h', eventTypes: ['booking.exploded'] }, { url: 'https://example.com/h', eventTypes: ['child.created'], secret: 'mine' }]) {
      expect((await rest('POST', '/api/webhooks', demo, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('the OpenAPI document', () => {
  type Operation = { parameters: { in: string; name: string; required: boolean }[]; requestBody: { content: { 'application/json': { schema: object } } }; security: unknown[] };
  it('lists every event type under webhooks, with the signed headers, and real deliveries match their schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { openapi: string; webhooks: Record<string, { post: Operation }> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual([...eventTypes].sort());
    const schemaOf = (type: string) => document.webhooks[type]!.post.requestBody.content['application/json'].schema;
    for (const type of eventTypes) {
      const operation = document.webhooks[type]!.post;
      expect(operation.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
        ['header', 'webhook-id', true],
        ['header', 'webhook-timestamp', true],
        ['header', 'webhook-signature', true],
      ]);
      expect(operation.security).toEqual([]);
      expect(schemaOf(type)).toMatchObject({ properties: { type: { const: type } }, required: ['type', 'timestamp', 'data'] });
    }

    const r = await receiver();
    const hook = await register(demo, r.url, ['child.created', 'post.created']);
    expect((await addChild(demo, 'Documented Dora')).statusCode).toBe(201);
    expect((await rest('POST', '/api/community/posts', demo, { title: 'Documented', content: 'A post a webhook tells of', tags: 'sleep' })).statusCode).toBe(201);
    await waitUntil(() => r.received.length >= 2);
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const bodies = r.received.map((d) => JSON.parse(d.body) as { type: string });
    expect(bodies.map((b) => b.type).sort()).toEqual(['child.created', 'post.created']);
    for (const body of bodies) {
      const validate = ajv.compile(schemaOf(body.type));
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      expect(ajv.compile(schemaOf(body.type === 'post.created' ? 'child.created' : 'post.created'))(body)).toBe(false);
    }
    await rest('DELETE', `/api/webhooks/${hook.id}`, demo);
  });
});

describe('outbound safety', () => {
  it('refuses loopback, private, link-local and IPv4-mapped addresses, and allows public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('checks the address it connects to on every attempt: a name resolving to loopback is refused unless allowed', async () => {
    const r = await receiver();
    const viaName = r.url.replace('127.0.0.1', 'localhost');
    const refused = await postJson(viaName, {}, '{}', { allowPrivate: false });
    expect(refused.error).toMatch(/private address/);
    expect((await postJson(r.url, {}, '{}', { allowPrivate: false })).error).toMatch(/private address/);
    expect(r.received).toHaveLength(0);
    expect((await postJson(r.url, {}, '{}', { allowPrivate: true })).status).toBe(200);
  });

  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 12 h, and gives up after 3 days', () => {
    const waits: number[] = [];
    let age = 0;
    for (let attempts = 1; ; attempts++) {
      const wait = retryDelaySeconds(attempts, age, 1);
      if (wait === null) break;
      waits.push(wait);
      age += wait;
    }
    expect(waits.slice(0, 7)).toEqual([5, 300, 1800, 7200, 18000, 36000, 43200]);
    expect(age).toBeLessThanOrEqual(3 * 86400);
    expect(age + 43200).toBeGreaterThan(3 * 86400);
  });
});
