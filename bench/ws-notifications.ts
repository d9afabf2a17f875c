/**
 * Notification fan-out benchmark (issue 18), the second half of `npm run bench:ws`.
 *
 * A server process runs the real app (demo data seeded, on an in-memory PGlite or, with
 * BENCH_DATABASE_URL=postgres://..., on a temporary database on that server) with
 * PUSH_ALLOW_PRIVATE=true, and adds BENCH_PARENTS (default 10,000) parents with bulk SQL: one
 * family each, a guardian, a session (its token_hash as the app hashes it), and for the first
 * BENCH_TAGGED (default 30) families a child in Classroom 3B. This process opens one socket per
 * parent, with that parent's session cookie, joined to `notifications:me`, and runs a push
 * service (tests/helpers/push-receiver.ts: checks VAPID, decrypts RFC 8291) where each tagged
 * family's guardian saves a subscription through POST /api/push-subscriptions.
 *
 * Each round, the demo staff member posts one activity in classroom-3b naming the tagged
 * children (POST /api/activities). Latency runs from just before the POST to each tagged
 * family's `notification` message on its socket, and to the receiver's decryption of each
 * family's push, on this process's clock. The outbox consumer, the notification rows, the
 * signals and the push worker are all on the way. Every message is parsed and checked (it must
 * name the round); a message on any other parent's socket is counted and fails the run.
 * BENCH_NOTIFY_ROUNDS (default 20) rounds after 3 warm-up rounds, one at a time.
 *
 * `ulimit -n` must exceed BENCH_PARENTS plus a few hundred (each side holds the sockets).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startPushReceiver } from '../tests/helpers/push-receiver';

const ROLE = process.argv[2] ?? 'main';
const ORIGIN = 'http://nestling.bench';
const CAMERA = 'classroom-3b';
const PARENTS = Number(process.env.BENCH_PARENTS ?? 10_000);
const TAGGED = Number(process.env.BENCH_TAGGED ?? 30);
const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 20);
const WARMUP_ROUNDS = 3;
const CONNECT_CONCURRENCY = 250;
/** After a round's last arrival, how long to wait for anything else before the next round. */
const SETTLE_MS = 300;
const ROUND_TIMEOUT_MS = 30_000;

/** What the server process answers once the parents exist: each one's session token, and the tagged children. */
interface Ready {
  port: number;
  parents: { token: string; childId: number | null }[];
  setupMs: number;
}

// ---------------------------------------------------------------- the server process

async function runServer() {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const { createTestDatabase } = await import('../tests/helpers/test-database');
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { seed } = await import('../src/server/demo/seed');
  const { hashSecret, newSecret } = await import('../src/server/lib/tokens');
  const database = await createTestDatabase();
  database.pool?.on('error', (error) => console.error('a pooled PostgreSQL connection failed:', error.message));
  await seed(database.db);
  const { db } = database;

  // The parents, in bulk: as sign-up and family creation would leave them, without 10,000 sign-ins.
  const started = performance.now();
  const now = new Date();
  const expires = new Date(now.getTime() + 7 * 86_400_000);
  const classroom = await db.selectFrom('classrooms').select('id').where('name', '=', 'Classroom 3B').executeTakeFirstOrThrow();
  const tokens = Array.from({ length: PARENTS }, () => newSecret());
  const familyIds: number[] = [];
  const userIds: number[] = [];
  const CHUNK = 1000;
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < PARENTS; from += CHUNK) {
      const indexes = Array.from({ length: Math.min(CHUNK, PARENTS - from) }, (_, i) => from + i);
      const families = await trx
        .insertInto('families')
        .values(indexes.map((i) => ({ name: `Bench family ${i}`, created_at: now })))
        .returning('id')
        .execute();
      familyIds.push(...families.map((row) => row.id));
      const users = await trx
        .insertInto('users')
        .values(
          indexes.map((i) => ({
            name: `Bench Parent${i}`,
            email: `bench-parent-${i}@nestling.test`,
            password_hash: null,
            phone: null,
            city: null,
            latitude: null,
            longitude: null,
            role: 'parent' as const,
            profile_image: null,
            nursery_id: null,
            shadow_teacher_id: null,
            created_at: now,
            family_id: familyIds[i]!,
            family_role: 'guardian' as const,
          })),
        )
        .returning('id')
        .execute();
      userIds.push(...users.map((row) => row.id));
      await trx
        .insertInto('sessions')
        .values(indexes.map((i) => ({ token_hash: hashSecret(tokens[i]!), user_id: userIds[i]!, created_at: now, expires_at: expires, last_active_at: now, user_agent: 'bench', ip: '127.0.0.1' })))
        .execute();
    }
  });
  const children = await db
    .insertInto('children')
    .values(
      familyIds.slice(0, TAGGED).map((familyId, i) => ({
        family_id: familyId,
        classroom_id: classroom.id,
        name: `Benchchild${i} Parent${i}`,
        date_of_birth: '2023-03-01',
        profile_image: null,
        current_activity: null,
        last_update: null,
        special_needs_details: null,
        created_at: now,
      })),
    )
    .returning(['id', 'family_id'])
    .execute();
  const childOf = new Map(children.map((child) => [child.family_id, child.id]));
  const setupMs = performance.now() - started;

  const config = loadConfig({ PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'warn', TZ: 'UTC', PUSH_ALLOW_PRIVATE: 'true' });
  // Every socket comes from 127.0.0.1: lift the per-address cap (each parent has one socket).
  const app = await buildApp(config, { database, clientDir: '/nonexistent', authLimits: { perIp: 1000 }, socketLimits: { perUser: 10, perAddress: 1_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', async () => {
    await app.close();
    await database.drop();
    process.exit(0);
  });
  process.send!({
    port: (app.server.address() as AddressInfo).port,
    parents: tokens.map((token, i) => ({ token, childId: childOf.get(familyIds[i]!) ?? null })),
    setupMs,
  } satisfies Ready);
}

// ---------------------------------------------------------------- the measuring process

function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['server'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface NotificationFrame {
  type: string;
  notification?: { title: string; body: string };
  unread?: number;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

async function main() {
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  const loadBefore = load();
  console.log(
    `Notification fan-out: ${PARENTS.toLocaleString('en-US')} parents on notifications:me, ${TAGGED} tagged per activity, ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds; ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; Node ${process.version}, ${cpus().length} cores, load average ${loadBefore} at the start`,
  );
  const receiver = await startPushReceiver();
  const { child, ready } = await startServer();
  console.log(`server up; ${PARENTS.toLocaleString('en-US')} parents created in ${ready.setupMs.toFixed(0)} ms`);
  const base = `http://127.0.0.1:${ready.port}`;

  const signInResponse = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: 'staff@nestling.test', password: 'nestling-staff' }),
  });
  if (!signInResponse.ok) throw new Error(`staff sign-in failed: ${signInResponse.status}`);
  const staff = signInResponse.headers.getSetCookie().find((c) => c.startsWith('nestling_session='))!.split(';')[0]!;

  // The tagged families' phones subscribe, as the settings page does, with their own session.
  const { publicKey } = (await (await fetch(`${base}/api/push/public-key`)).json()) as { publicKey: string };
  const tagged = ready.parents.map((parent, index) => ({ ...parent, index })).filter((parent) => parent.childId !== null);
  if (tagged.length !== TAGGED) throw new Error(`expected ${TAGGED} tagged families, got ${tagged.length}`);
  let pushArrivals: (number | undefined)[] = [];
  let pushExpected = '';
  let strayPushes = 0;
  let onArrival: () => void = () => {};
  const devices = [];
  for (const [slot, parent] of tagged.entries()) {
    const device = receiver.newDevice({ applicationServerKey: publicKey });
    const record = device.received.push.bind(device.received);
    // The receiver records a push once it has checked and decrypted it: time it then.
    device.received.push = (...items) => {
      const at = performance.now();
      for (const item of items) {
        const body = (item.payload as { body?: string }).body;
        if (body === pushExpected && pushArrivals[slot] === undefined) pushArrivals[slot] = at;
        else strayPushes += 1;
      }
      onArrival();
      return record(...items);
    };
    devices.push(device);
    const saved = await fetch(`${base}/api/push-subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `nestling_session=${parent.token}`, origin: ORIGIN },
      body: JSON.stringify(device.subscription),
    });
    if (saved.status !== 201) throw new Error(`saving a push subscription failed: ${saved.status} ${await saved.text()}`);
  }

  // One socket per parent, each with its own session, joined to notifications:me.
  const slotOf = new Map(tagged.map((parent, slot) => [parent.index, slot]));
  let socketArrivals: (number | undefined)[] = [];
  let socketExpected = '';
  let strayMessages = 0;
  const strayExamples: string[] = [];
  const sockets: WebSocket[] = [];
  const connectStarted = performance.now();
  const connect = (index: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${ready.port}/ws`, { headers: { cookie: `nestling_session=${ready.parents[index]!.token}`, origin: ORIGIN }, perMessageDeflate: false });
      const slot = slotOf.get(index);
      const receive = (data: WebSocket.RawData) => {
        const at = performance.now();
        const frame = JSON.parse(String(data)) as NotificationFrame;
        const expected = slot !== undefined && frame.type === 'notification' && frame.notification?.body === socketExpected && socketArrivals[slot] === undefined;
        if (expected) {
          socketArrivals[slot] = at;
          onArrival();
        } else {
          strayMessages += 1;
          if (strayExamples.length < 3) strayExamples.push(`parent ${index}${slot === undefined ? ' (not tagged)' : ''}: ${String(data).slice(0, 200)}`);
        }
      };
      ws.once('error', reject);
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'join', channel: 'notifications:me' }));
        ws.once('message', (data) => {
          const reply = JSON.parse(String(data)) as { type: string };
          if (reply.type !== 'joined') return reject(new Error(`join refused: ${String(data)}`));
          ws.on('message', receive);
          resolve(ws);
        });
      });
    });
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < PARENTS) sockets.push(await connect(next++));
    }),
  );
  console.log(`${sockets.length.toLocaleString('en-US')} sockets joined in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s; load average ${load()}`);

  const childIds = tagged.map((parent) => parent.childId!);
  const socketLatencies: number[] = [];
  const pushLatencies: number[] = [];
  const lastSocket: number[] = [];
  const lastPush: number[] = [];
  const postMs: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
    const description = `Bench round ${round}: building a marble run together, one piece each.`;
    socketExpected = description;
    pushExpected = description;
    socketArrivals = Array.from({ length: TAGGED }, () => undefined);
    pushArrivals = Array.from({ length: TAGGED }, () => undefined);
    const complete = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${round}: after ${ROUND_TIMEOUT_MS} ms, ${socketArrivals.filter((a) => a === undefined).length} sockets and ${pushArrivals.filter((a) => a === undefined).length} pushes missing`)),
        ROUND_TIMEOUT_MS,
      );
      onArrival = () => {
        if (socketArrivals.every((a) => a !== undefined) && pushArrivals.every((a) => a !== undefined)) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    const start = performance.now();
    const response = await fetch(`${base}/api/activities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: staff, origin: ORIGIN },
      body: JSON.stringify({ channel: CAMERA, type: 'play', description, childIds }),
    });
    if (!response.ok) throw new Error(`POST /api/activities failed: ${response.status} ${await response.text()}`);
    const answered = performance.now() - start;
    await complete;
    // Anything else this activity causes (on any socket, or a second push) arrives in this pause and is counted.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (round < WARMUP_ROUNDS) continue;
    const sockets = socketArrivals.map((at) => at! - start);
    const pushes = pushArrivals.map((at) => at! - start);
    socketLatencies.push(...sockets);
    pushLatencies.push(...pushes);
    lastSocket.push(Math.max(...sockets));
    lastPush.push(Math.max(...pushes));
    postMs.push(answered);
  }
  const refused = devices.flatMap((device) => device.refused);
  const loadAfter = load();

  const ms = (value: number) => value.toFixed(0);
  const row = (name: string, values: number[], slowest: number[]) =>
    `| ${name} | ${values.length} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.99))} | ${ms(Math.max(...values))} | ${ms(quantile(slowest, 0.5))} / ${ms(quantile(slowest, 0.99))} |`;
  console.log(`\nload average ${loadBefore} before, ${loadAfter} after`);
  console.log(`POST /api/activities answered in p50 ${ms(quantile(postMs, 0.5))} ms, p99 ${ms(quantile(postMs, 0.99))} ms`);
  console.log(`messages on other sockets or out of place: ${strayMessages}${strayExamples.length ? ` (${strayExamples.join('; ')})` : ''}; stray pushes: ${strayPushes}; pushes refused by the receiver: ${refused.length}${refused.length ? ` (${refused[0]})` : ''}`);
  console.log('\n| to the tagged families | arrivals | p50 ms | p99 ms | max ms | last of 30 per round, median / p99 ms |');
  console.log('|---|---:|---:|---:|---:|---|');
  console.log(row('socket (`notification` on notifications:me)', socketLatencies, lastSocket));
  console.log(row('push (decrypted at the receiver)', pushLatencies, lastPush));
  if (strayMessages > 0 || strayPushes > 0 || refused.length > 0) {
    console.error('FAILED: something arrived where it should not have, or a push was refused');
    process.exitCode = 1;
  }

  await Promise.all(sockets.map((ws) => new Promise<void>((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve() : (ws.once('close', () => resolve()), ws.terminate())))));
  await stopServer(child);
  await receiver.close();
}

const roles: Record<string, () => Promise<void>> = { main, server: runServer };
await roles[ROLE]!();
