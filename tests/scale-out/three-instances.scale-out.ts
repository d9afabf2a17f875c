import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/shared/booking-rules';
import { IMAGE_UPLOAD_PATH } from '../../src/shared/community-rules';
import type { ServerMessage } from '../../src/shared/realtime';
import { demoAccounts } from '../helpers/test-app';
import { TestSocket } from '../realtime/realtime-helpers';
import { bookingPayload } from '../shadow-bookings/bookings.fixtures';
import { startReceiver, waitUntil } from '../webhooks/webhook-receiver';
import { startCluster, type Cluster, type Instance } from './cluster';

// Three instances of the real server on one fresh PostgreSQL database and one S3 bucket, behind
// HAProxy configured as the README says. Every request goes through HAProxy; the instances' logs
// say which one answered (each answer names its request in X-Request-Id, as the log does).

let cluster: Cluster;
let base: string;
let parent: string;
let staff: string;

beforeAll(async () => {
  cluster = await startCluster();
  base = cluster.base;
});
afterAll(() => cluster?.stop());

async function call(method: string, path: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: await response.text(), requestId: response.headers.get('x-request-id')!, headers: response.headers };
}

async function signIn(account: { email: string; password: string }) {
  const response = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const wsUrl = (probe: string) => `${base.replace('http', 'ws')}/ws?probe=${probe}`;

/** A parent's socket joined to Classroom 3B's camera, and the instance that holds it (its log names the probe). */
async function parentSocket(lastEventId?: number): Promise<{ socket: TestSocket; instance: Instance; joined: ServerMessage }> {
  const probe = randomUUID();
  const socket = await TestSocket.open(wsUrl(probe), { cookie: parent, origin: base });
  socket.send({ type: 'join', channel: 'classroom-3b', ...(lastEventId === undefined ? {} : { lastEventId }) });
  const joined = await socket.next();
  expect(joined.type).toBe('joined');
  return { socket, instance: await cluster.servedBy(`probe=${probe}`), joined };
}

async function postActivity(description: string) {
  const response = await call('POST', '/api/activities', { cookie: staff, body: { channel: 'classroom-3b', type: 'play', description } });
  expect(response.status, response.body).toBe(201);
  return { id: (JSON.parse(response.body) as { id: number }).id, requestId: response.requestId };
}

/** The next activity a socket receives, skipping anything else the server sends (such as presence). */
async function nextActivity(socket: TestSocket) {
  for (;;) {
    const message = await socket.next();
    if (message.type === 'activity') return message;
  }
}

describe('three instances behind HAProxy', () => {
  it('signs in, and round-robin spreads requests over all three instances', async () => {
    [parent, staff] = [await signIn(demoAccounts.parent), await signIn(demoAccounts.staff)];
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await call('GET', '/api/children', { cookie: parent }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const served = await Promise.all(answers.map((a) => cluster.servedBy(a.requestId)));
    expect(new Set(served.map((i) => i.name))).toEqual(new Set(['app1', 'app2', 'app3']));
  });

  it('lets exactly one of 200 simultaneous attempts book one slot', async () => {
    const { db } = cluster;
    const teacher = await db.selectFrom('shadow_teachers').select(['id', 'hourly_rate']).where('name', '=', 'Amara Okafor').executeTakeFirstOrThrow();
    const nursery = await db.selectFrom('nurseries').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const children = await db
      .selectFrom('children')
      .innerJoin('users', 'users.family_id', 'children.family_id')
      .select('children.id')
      .where('users.email', '=', demoAccounts.parent.email)
      .execute();
    // A Monday one to two weeks ahead: inside the bookable window, and Amara works Mondays.
    let date = addDays(new Date().toISOString().slice(0, 10), 7);
    while (weekdayOf(date) !== 'Monday') date = addDays(date, 1);
    const attempts = Array.from({ length: 200 }, (_, i) =>
      call('POST', '/api/shadow-bookings', {
        cookie: parent,
        body: bookingPayload({ teacherId: teacher.id, hourlyRate: teacher.hourly_rate, childId: children[i % children.length]!.id, nurseryId: nursery.id }, { startDate: date, startTime: '10:00', endTime: '11:00' }),
      }),
    );
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length, JSON.stringify(results.find((r) => r.status !== 201 && r.status !== 409))).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(199);
    const served = await Promise.all(results.map((r) => cluster.servedBy(r.requestId)));
    expect(new Set(served.map((i) => i.name)).size).toBe(3);
    const rows = await db.selectFrom('shadow_bookings').select('id').where('teacher_id', '=', teacher.id).where('start_date', '=', date).execute();
    expect(rows.length).toBe(1);
  });

  it('serves an image uploaded through one instance from the others', async () => {
    await cluster.inRotation();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
    const uploaded = await fetch(`${base}${IMAGE_UPLOAD_PATH}`, { method: 'POST', headers: { cookie: parent, 'content-type': 'image/png' }, body: png });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const image = (await uploaded.json()) as { url: string };
    const uploader = await cluster.servedBy(uploaded.headers.get('x-request-id')!);
    const servers = new Map<string, Buffer>();
    for (let i = 0; i < 12 && servers.size < 3; i += 1) {
      const response = await fetch(`${base}${image.url}`, { headers: { cookie: parent } });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      servers.set((await cluster.servedBy(response.headers.get('x-request-id')!)).name, bytes);
    }
    expect([...servers.keys()].sort()).toEqual(['app1', 'app2', 'app3']);
    expect(servers.has(uploader.name)).toBe(true);
    const [first, ...others] = [...servers.values()];
    for (const bytes of others) expect(bytes.equals(first!)).toBe(true);
    expect((await sharp(first!).metadata()).format).toBe('webp');
  });

  it("delivers a staff member's activity to the parent's sockets on every instance", async () => {
    await cluster.inRotation();
    const sockets: Awaited<ReturnType<typeof parentSocket>>[] = [];
    for (let i = 0; i < 9 && new Set(sockets.map((s) => s.instance.name)).size < 3; i += 1) {
      const opened = await parentSocket();
      if (sockets.some((s) => s.instance === opened.instance)) await opened.socket.close();
      else sockets.push(opened);
    }
    expect(sockets.map((s) => s.instance.name).sort()).toEqual(['app1', 'app2', 'app3']);
    const posters = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const posted = await postActivity(`Fan-out ${i}`);
      posters.add((await cluster.servedBy(posted.requestId)).name);
      for (const { socket } of sockets) expect((await nextActivity(socket)).data.id).toBe(posted.id);
    }
    expect(posters.size).toBeGreaterThan(1);
    await Promise.all(sockets.map((s) => s.socket.close()));
  });

  it('delivers a webhook once, though every instance polls the outbox', async () => {
    const receiver = await startReceiver();
    try {
      const created = await call('POST', '/api/webhooks', { cookie: staff, body: { url: receiver.url, eventTypes: ['activity.created'] } });
      expect(created.status, created.body).toBe(201);
      const posted = await postActivity('Webhook check');
      const forActivity = () => receiver.received.filter((r) => (JSON.parse(r.body) as { data: { activity: { id: number } } }).data.activity.id === posted.id);
      await waitUntil(() => forActivity().length > 0, 20_000);
      // Many poll rounds of all three instances: none may send it again.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(forActivity().length).toBe(1);
      expect(JSON.parse(forActivity()[0]!.body)).toMatchObject({ type: 'activity.created' });
    } finally {
      await receiver.close();
    }
  });

  it('counts sign-in failures across instances', async () => {
    // A client address of its own, which HAProxy passes on and the instances believe (TRUST_PROXY).
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const account = demoAccounts.secondParent;
    const failures = [];
    for (let i = 0; i < 10; i += 1) failures.push(await call('POST', '/api/auth/sign-in', { body: { email: account.email, password: 'not-the-password' }, headers }));
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));
    const served = await Promise.all(failures.map((f) => cluster.servedBy(f.requestId)));
    expect(new Set(served.map((i) => i.name)).size).toBe(3);
    // The eleventh is refused, even with the right password, wherever it lands.
    for (let i = 0; i < 3; i += 1) expect((await call('POST', '/api/auth/sign-in', { body: account, headers })).status).toBe(429);
    // Another address is not.
    expect((await call('POST', '/api/auth/sign-in', { body: account, headers: { 'x-forwarded-for': '203.0.113.10' } })).status).toBe(200);
  });

  it("survives SIGTERM to the instance holding the parent's socket: every activity arrives once, in order; the instance comes back", async () => {
    await cluster.inRotation();
    const first = await parentSocket();
    const victim = first.instance;
    const posted: number[] = [];
    const received: number[] = [];
    const closes: number[] = [];
    let socket = first.socket;
    let reading = true;
    let lastEventId = (first.joined as { lastEventId: number }).lastEventId;

    // The parent reads every activity, and when its instance goes away reconnects through
    // HAProxy naming the last event it had, as the web client does.
    void (async () => {
      for (;;) {
        const next = await Promise.race([nextActivity(socket), socket.closed.then((closed) => ({ closed }))]);
        if ('closed' in next) {
          if (!reading) return;
          closes.push(next.closed.code);
          ({ socket } = await parentSocket(lastEventId));
          continue;
        }
        received.push(next.data.id);
        lastEventId = next.eventId;
      }
    })();

    for (let i = 0; i < 40; i += 1) {
      if (i === 8) victim.process.kill('SIGTERM');
      posted.push((await postActivity(`During the drain ${i}`)).id);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(await victim.exited).toBe(0);
    await waitUntil(() => received.length >= posted.length, 20_000).catch(() => {
      throw new Error(`posted ${posted.join()}; received ${received.join()}`);
    });
    // Anything sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(closes).toEqual([1001]);
    expect(received).toEqual(posted);
    reading = false;
    await socket.close();

    const restarted = await cluster.restart(victim);
    await cluster.inRotation();
    expect(cluster.instances).toContain(restarted);
  });
});
