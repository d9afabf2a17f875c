import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/create-database';
import { writeEvents } from '../../src/server/db/outbox';
import { claimDueDeliveries } from '../../src/server/features/webhooks/webhooks.repository';
import { createWebhooksService, PER_ENDPOINT } from '../../src/server/features/webhooks/webhooks.service';
import { familyIdOf, testPostgresUrl } from '../helpers/test-database';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { startHoldingReceiver, startReceiver, waitUntil } from './webhook-receiver';

// Several instances deliver from one database: here two workers over the same database, and the
// app's own worker off (WEBHOOK_POLL_MS=0), so the test decides when each one runs.
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let familyId: number;
const settings = { allowPrivate: true, retryScale: 1 };

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '0' } });
  receiver = await startReceiver();
  const demo = await t.signIn(demoAccounts.parent);
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie: demo }, payload: { url: receiver.url, eventTypes: ['child.created'] } });
  expect(res.statusCode, res.body).toBe(201);
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  familyId = await familyIdOf(t.database.db, user.id);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function recordEvents(count: number) {
  await t.database.db.transaction().execute((trx) =>
    writeEvents(trx, Array.from({ length: count }, (_, i) => ({ type: 'child.created' as const, familyId, payload: { child: { name: `Child ${i}` } }, occurredAt: new Date() }))),
  );
}

describe('delivery workers', () => {
  it('deliver each event once per endpoint when two run at the same time', async () => {
    receiver.received.length = 0;
    await recordEvents(45);
    const workers = [createWebhooksService({ db: t.database.db, settings }), createWebhooksService({ db: t.database.db, settings })];
    for (;;) {
      const made = await Promise.all(workers.map((w) => w.deliverDue()));
      if (made.every((n) => n === 0)) break;
    }
    const ids = receiver.received.map((d) => d.headers['webhook-id']);
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
  });

  it('send a delivery again, with the same webhook-id, once the lease of a worker that died runs out', async () => {
    receiver.received.length = 0;
    await recordEvents(1);
    const [claimed] = await claimDueDeliveries(t.database.db, 10, 30);
    expect(claimed).toBeDefined();
    const worker = createWebhooksService({ db: t.database.db, settings });
    // The claiming worker is gone; while its lease holds, nobody else takes the delivery.
    expect(await worker.deliverDue()).toBe(0);
    await t.database.db.updateTable('webhook_deliveries').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', claimed!.id).execute();
    expect(await worker.deliverDue()).toBe(1);
    expect(receiver.received.map((d) => d.headers['webhook-id'])).toEqual([`evt_${claimed!.event_id}`]);
    const row = await t.database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', claimed!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'delivered', attempts: 2 });
  });

  it('send nothing for a transaction that rolled back', async () => {
    receiver.received.length = 0;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await writeEvents(trx, [{ type: 'child.created', familyId, payload: { child: { name: 'Never' } }, occurredAt: new Date() }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await createWebhooksService({ db: t.database.db, settings }).deliverDue()).toBe(0);
    expect(receiver.received).toEqual([]);
  });

  it('disable an endpoint whose receiver fails for 3 days (scaled down to about 5 s), saying why', async () => {
    const failing = await startReceiver([503]);
    try {
      const demo = await t.cookieFor(demoAccounts.parent);
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie: demo }, payload: { url: failing.url, eventTypes: ['child.created'] } });
      const hook = res.json() as { id: number };
      await recordEvents(1);
      const worker = createWebhooksService({ db: t.database.db, settings: { allowPrivate: true, retryScale: 0.00002 } });
      const disabled = async () => (await t.database.db.selectFrom('webhook_endpoints').select('disabled_at').where('id', '=', hook.id).executeTakeFirstOrThrow()).disabled_at !== null;
      const deadline = Date.now() + 15_000;
      while (!(await disabled()) && Date.now() < deadline) {
        await worker.deliverDue();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const shown = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}`, headers: { cookie: demo } })).json();
      expect(shown.disabledReason).toBe('Deliveries failed for 3 days; the last attempt answered 503.');
      const [delivery] = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: { cookie: demo } })).json();
      expect(delivery).toMatchObject({ status: 'failed', responseCode: 503, nextAttemptAt: null });
      // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 12 h within 3 days: 10 waits, 11 attempts,
      // or 10 on a machine so slow that the time between attempts uses up the last wait's room.
      expect(delivery.attempts).toBeGreaterThanOrEqual(10);
      expect(delivery.attempts).toBeLessThanOrEqual(11);
      expect(failing.received).toHaveLength(delivery.attempts);
      // A disabled endpoint gets no new deliveries.
      await recordEvents(1);
      await worker.deliverDue();
      expect(failing.received).toHaveLength(delivery.attempts);
      expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: { cookie: demo } })).json()).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });
});

// Two real app instances on one PostgreSQL database, each running its own delivery worker (every
// 10 ms), as in production; the file's own app only registers endpoints and records events.
describe.runIf(testPostgresUrl)('two app instances on one PostgreSQL', () => {
  const instances: { handle: DatabaseHandle; app: FastifyInstance; closed: boolean }[] = [];
  const receivers: { close(): Promise<void> }[] = [];

  async function startInstance() {
    const handle = await createDatabase({ kind: 'postgres', connectionString: t.database.connectionString! });
    // pg-pool's end() resolves before its connections have finished closing; see broadcast.test.ts.
    handle.pool!.on('error', () => {});
    const config = { ...t.config, webhooks: { ...t.config.webhooks, pollMs: 10, retryScale: 0.0002 } };
    const app = await buildApp(config, { database: handle, logger: false, clientDir: '/nonexistent' });
    await app.ready();
    const instance = { handle, app, closed: false };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    await startInstance();
    await startInstance();
  });
  afterAll(async () => {
    for (const instance of instances.filter((i) => !i.closed)) {
      await instance.app.close();
      await instance.handle.db.destroy();
    }
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function registerPostsEndpoint(url: string) {
    const demo = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie: demo }, payload: { url, eventTypes: ['post.created'] } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }

  async function recordPosts(count: number): Promise<string[]> {
    const ids = await t.database.db.transaction().execute(async (trx) => {
      await writeEvents(trx, Array.from({ length: count }, (_, i) => ({ type: 'post.created' as const, familyId, payload: { post: { title: `Post ${i}` } }, occurredAt: new Date() })));
      return trx.selectFrom('outbox_events').select('id').where('type', '=', 'post.created').orderBy('id', 'desc').limit(count).execute();
    });
    return ids.map((e) => `evt_${e.id}`).sort();
  }

  const statuses = (endpointId: number) => t.database.db.selectFrom('webhook_deliveries').select(['status']).where('endpoint_id', '=', endpointId).execute();

  it('deliver each event once per endpoint', async () => {
    const [first, second] = [await startReceiver(), await startReceiver()];
    receivers.push(first, second);
    const hooks = [await registerPostsEndpoint(first.url), await registerPostsEndpoint(second.url)];
    const expected = await recordPosts(60);
    await waitUntil(async () => (await Promise.all(hooks.map((h) => statuses(h.id)))).flat().filter((d) => d.status === 'delivered').length === 120, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const r of [first, second]) {
      expect(r.received.map((d) => String(d.headers['webhook-id'])).sort()).toEqual(expected);
    }
    for (const hook of hooks) await t.database.db.deleteFrom('webhook_endpoints').where('id', '=', hook.id).execute();
  });

  it('lose nothing when one closes in the middle of its deliveries: the others take them up, with the same webhook-id', async () => {
    const r = await startHoldingReceiver();
    receivers.push(r);
    const hook = await registerPostsEndpoint(r.url);
    // Each instance keeps at most PER_ENDPOINT attempts to one endpoint under way: with 50 events
    // and the receiver holding every request, both instances have that many under way.
    const expected = await recordPosts(50);
    const underWay = 2 * PER_ENDPOINT;
    await waitUntil(() => r.held.length === underWay, 30_000);

    // Instance B dies: it can no longer record what became of its attempts.
    const b = instances[1]!;
    b.closed = true;
    await b.handle.db.destroy();
    const closing = b.app.close();
    r.release();
    await closing;

    // A sends its own again and the rest; B's claims are leased for 30 s, so nobody sends them
    // meanwhile. Time passes (the lease is moved back here rather than waited out) and A sends them.
    await waitUntil(async () => (await statuses(hook.id)).filter((d) => d.status === 'delivered').length === 50 - PER_ENDPOINT, 30_000);
    const leased = await t.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('endpoint_id', '=', hook.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '>', sql<Date>`now() + interval '10 seconds'`)
      .returning('id')
      .execute();
    expect(leased).toHaveLength(PER_ENDPOINT);
    await waitUntil(async () => (await statuses(hook.id)).every((d) => d.status === 'delivered'), 30_000);

    const ids = r.received.map((d) => String(d.headers['webhook-id']));
    expect([...new Set(ids)].sort()).toEqual(expected);
    // Every event held when B died arrived twice, as the same delivery: same id, same body.
    expect(ids).toHaveLength(50 + underWay);
    const bodies = new Map<string, Set<string>>();
    for (const d of r.received) bodies.set(String(d.headers['webhook-id']), (bodies.get(String(d.headers['webhook-id'])) ?? new Set()).add(d.body));
    expect([...bodies.values()].every((set) => set.size === 1)).toBe(true);
  });
});
