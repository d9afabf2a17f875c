/**
 * Realtime bus bench (`npm run bench:bus`, issue 22's capacity model).
 *
 * Measures, in one run, the brokers that could carry realtime events between app instances:
 * - PostgreSQL NOTIFY/LISTEN as src/server/realtime/event-bus.ts uses it: `SELECT pg_notify`
 *   through a pool, one LISTEN connection per instance on REALTIME_NOTIFY_CHANNEL;
 * - Redis pub/sub (node-redis), NATS core pub/sub and NATS JetStream (a stream on the subject,
 *   each publish awaiting the server's acknowledgement; subscribers are core subscriptions).
 * Each event is an activity as the bus would carry it (topic, an ActivityDto with one photo,
 * the publishing instance); its first two fields are a sequence number and the time it was due,
 * so the subscribers read them without parsing the rest.
 *
 * For each broker and each number of publishers (BENCH_PUBLISHERS, default 1 and 4: one pool or
 * connection each, as many app instances), with SUBSCRIBERS (3) subscriber connections:
 * - throughput: each publisher keeps BENCH_WINDOW (10, a pool's worth) events in flight, an event
 *   leaving flight when all subscribers have it; events/s delivered to every subscriber;
 * - latency: publishers send on a schedule, BENCH_RATES events/s in all (default 120, the model's
 *   morning peak, and 1,200), and each subscriber records the time from when the event was due
 *   (not when it went out, so a publisher falling behind shows up) to its arrival;
 * - the broker's CPU over the round, from /proc/<pid>/stat: redis-server, nats-server, and for
 *   PostgreSQL the backends of the bench's database (not the WAL writer or checkpointer).
 *
 * Then the outbox write (src/server/db/outbox.ts), BENCH_WRITERS concurrent writers (1 and 16),
 * 3 connections listening on the outbox channel and reading nothing:
 * - writeEvent as the app runs it (the writers' advisory lock held to commit, the row, NOTIFY);
 * - the same lock and row without NOTIFY; the row alone (no lock, no NOTIFY);
 * - the lock's candidate replacement, write side: no lock, the row stamped with its transaction
 *   id (pg_current_xact_id, in an `xid xid8` column this bench adds, indexed on (xid, id)) for a
 *   reader that stops below the oldest running one, and NOTIFY; the same without NOTIFY;
 * - writeEvent with synchronous_commit off, to show what the WAL flush under the lock costs.
 *
 * Then the outbox end to end, writers to one reader (an instance's relay): each writer commits
 * events in a loop (BENCH_WRITERS), or all of them together at BENCH_PEAK events/s (120, the
 * model's peak) with 16 writers; the reader wakes on the outbox NOTIFY and polls every
 * BENCH_POLL_MS (100) as src/server/realtime/outbox-relay.ts does (startPollingLoop, 500 a read):
 * - locked: writeEvent as the app runs it, read as the relay reads (readEvents, id > cursor ORDER BY id);
 * - xid: the same statements without the lock, the row stamped with pg_current_xact_id(); read
 *   WHERE xid < pg_snapshot_xmin(pg_current_snapshot()) AND (xid, id) > cursor ORDER BY xid, id;
 * - control (16 writers only): no lock, read by id: the reader the lock exists for, to show
 *   that the check below catches skips.
 * Each run reports events/s committed and delivered, the latency from the moment the writer sent
 * COMMIT to the reader's read, and checks that the reader read every committed row (the table's
 * rows after the case, compared by id) exactly once, nothing else, in its own order. At the
 * peak, a fourth case holds a transaction with an xid open for a second (HOLD_MS) from a quarter
 * into the round, to show what a long transaction does to each reader.
 *
 * Rounds (BENCH_ROUNDS, 2) alternate: each round runs every case, in an order rotated by one,
 * so that other work on a shared machine falls on all of them alike. PostgreSQL works in a
 * temporary database on BENCH_DATABASE_URL's server, dropped at the end. A broker that does not
 * answer is reported and skipped; BENCH_BROKERS=postgres,redis,nats,jetstream chooses. Everything runs in this one process: the subscribers do no
 * more than read two numbers, and the bench's own CPU is printed beside each row.
 * BENCH_SECTIONS=brokers,write,read (all by default) chooses the parts: the brokers, the outbox
 * write, the outbox end to end.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats, type NatsConnection } from '@nats-io/transport-node';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { createClient } from 'redis';
import { createDatabase } from '../src/server/db/create-database';
import type { Database, Db } from '../src/server/db/database';
import { lastEventId, readEvents } from '../src/server/db/event-log';
import { migrateToLatest } from '../src/server/db/migrator';
import { OUTBOX_NOTIFY_CHANNEL, writeEvent } from '../src/server/db/outbox';
import { startPollingLoop } from '../src/server/lib/polling-loop';
import { seed } from '../src/server/demo/seed';
import { REALTIME_NOTIFY_CHANNEL } from '../src/server/realtime/event-bus';

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NATS_SERVER = process.env.BENCH_NATS_SERVER ?? '127.0.0.1:4222';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PUBLISHERS = (process.env.BENCH_PUBLISHERS ?? '1,4').split(',').map(Number);
const RATES = (process.env.BENCH_RATES ?? '120,1200').split(',').map(Number);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,16').split(',').map(Number);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 10);
/** Which to run: postgres, redis, nats, jetstream (all by default); the outbox runs with postgres. */
const BROKERS = new Set((process.env.BENCH_BROKERS ?? 'postgres,redis,nats,jetstream').split(','));
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'brokers,write,read').split(','));
/** The end-to-end reader's poll, beside its NOTIFY wake-up. */
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);
/** Events/s offered in the paced end-to-end cases: the capacity model's morning peak. */
const PEAK = Number(process.env.BENCH_PEAK ?? 120);
/** How long the held transaction stays open in the end-to-end demonstration. */
const HOLD_MS = 1_000;
const SUBSCRIBERS = 3;
/** How long delivery may lag behind the end of a round before the rest counts as lost. */
const DRAIN_MS = 3_000;
const CONNECT_TIMEOUT_MS = 2_000;
const suffix = randomBytes(3).toString('hex');
const SUBJECT = `nestling.realtime.bench_${suffix}`;

/** An activity as the bus carries it: topic, the ActivityDto (one photo, two children), the instance. */
const ACTIVITY = {
  id: 48_213,
  type: 'meal',
  time: '12:15 PM',
  timeAgo: 'just now',
  description: 'Lunch: pasta with tomato and lentil sauce, cucumber sticks, then yoghurt. Ate nearly all of it and asked for more cucumber.',
  occurredAt: '2026-11-26T12:15:00.000Z',
  childIds: [1_204, 1_377],
  cameraId: null,
  photos: [
    {
      id: 'k3J9vQm2xT7pL0aZ',
      url: '/api/activities/48213/photos/k3J9vQm2xT7pL0aZ',
      thumbnailUrl: '/api/activities/48213/photos/k3J9vQm2xT7pL0aZ/thumbnail',
      downloadUrl: '/api/activities/48213/photos/k3J9vQm2xT7pL0aZ/download',
      width: 2048,
      height: 1536,
    },
  ],
};
const BODY = JSON.stringify({ topic: 'classroom:312', data: { activity: ACTIVITY }, instance: randomUUID() }).slice(1);
const eventText = (seq: number, due: number) => `{"seq":${seq},"due":${due.toFixed(3)},${BODY}`;
const HEAD = /^\{"seq":(\d+),"due":([\d.]+)/;
const EVENT_BYTES = Buffer.byteLength(eventText(100_000, 1_000_000.123));

// ---------------------------------------------------------------- CPU of a broker

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds used so far by the processes named `comm` (whose command line holds `having`). */
function cpuSeconds(comm: string, having?: string): number | undefined {
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== comm) continue;
      if (having && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(having)) continue;
      // After the name: state is field 3, utime field 14 and stime field 15.
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  return found ? ticks / CLOCK_TICKS : undefined;
}

// ---------------------------------------------------------------- brokers

interface Session {
  /** Resolves when the broker has taken the event (for NATS core, at once: it has no reply). */
  publish(publisher: number, text: string): Promise<unknown>;
  close(): Promise<void>;
}

interface Broker {
  name: string;
  cpu: () => number | undefined;
  open(publishers: number, receive: (text: string) => void): Promise<Session>;
  /** Releases what the broker holds for the whole run. */
  dispose?: () => Promise<void>;
}

function postgresBroker(url: string, database: string): Broker {
  return {
    name: 'PostgreSQL NOTIFY',
    cpu: () => cpuSeconds('postgres', ` ${database} `),
    async open(publishers, receive) {
      const listeners: pg.Client[] = [];
      for (let i = 0; i < SUBSCRIBERS; i += 1) {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => receive(message.payload ?? ''));
        await client.connect();
        await client.query(`LISTEN ${REALTIME_NOTIFY_CHANNEL}`);
        listeners.push(client);
      }
      const pools = Array.from({ length: publishers }, () => new pg.Pool({ connectionString: url, max: WINDOW }));
      // Open every pooled connection now, so that the round measures publishing only.
      await Promise.all(pools.flatMap((pool) => Array.from({ length: WINDOW }, () => pool.query('SELECT 1'))));
      return {
        publish: (publisher, text) => pools[publisher]!.query('SELECT pg_notify($1, $2)', [REALTIME_NOTIFY_CHANNEL, text]),
        async close() {
          await Promise.all([...listeners.map((c) => c.end()), ...pools.map((p) => p.end())]);
        },
      };
    },
  };
}

function redisBroker(): Broker {
  const open = async () => {
    const client = createClient({ url: REDIS_URL, socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false } });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  return {
    name: 'Redis pub/sub',
    cpu: () => cpuSeconds('redis-server'),
    async open(publishers, receive) {
      const subscribers = await Promise.all(Array.from({ length: SUBSCRIBERS }, open));
      await Promise.all(subscribers.map((s) => s.subscribe(SUBJECT, receive)));
      const clients = await Promise.all(Array.from({ length: publishers }, open));
      return {
        publish: (publisher, text) => clients[publisher]!.publish(SUBJECT, text),
        async close() {
          await Promise.all([...subscribers, ...clients].map((c) => c.close()));
        },
      };
    },
  };
}

const openNats = () => connectNats({ servers: NATS_SERVER, timeout: CONNECT_TIMEOUT_MS, maxReconnectAttempts: 0 });

async function natsSubscribers(receive: (text: string) => void): Promise<NatsConnection[]> {
  const connections = await Promise.all(Array.from({ length: SUBSCRIBERS }, openNats));
  for (const nc of connections) nc.subscribe(SUBJECT, { callback: (error, message) => void (error || receive(message.string())) });
  // The server has the subscriptions once each connection's PING is answered.
  await Promise.all(connections.map((nc) => nc.flush()));
  return connections;
}

function natsBroker(): Broker {
  return {
    name: 'NATS core',
    cpu: () => cpuSeconds('nats-server'),
    async open(publishers, receive) {
      const subscribers = await natsSubscribers(receive);
      const connections = await Promise.all(Array.from({ length: publishers }, openNats));
      return {
        publish: async (publisher, text) => connections[publisher]!.publish(SUBJECT, text),
        async close() {
          await Promise.all([...subscribers, ...connections].map((nc) => nc.close()));
        },
      };
    },
  };
}

async function jetStreamBroker(): Promise<Broker> {
  const stream = `NESTLING_BENCH_${suffix}`;
  const admin = await openNats();
  const manager = await jetstreamManager(admin);
  await manager.streams.add({ name: stream, subjects: [SUBJECT] });
  return {
    name: 'NATS JetStream',
    cpu: () => cpuSeconds('nats-server'),
    async open(publishers, receive) {
      const subscribers = await natsSubscribers(receive);
      const connections = await Promise.all(Array.from({ length: publishers }, openNats));
      const streams = connections.map((nc) => jetstream(nc));
      return {
        publish: (publisher, text) => streams[publisher]!.publish(SUBJECT, text),
        async close() {
          await Promise.all([...subscribers, ...connections].map((nc) => nc.close()));
        },
      };
    },
    async dispose() {
      await manager.streams.delete(stream);
      await admin.close();
    },
  };
}

// ---------------------------------------------------------------- measuring

const percentile = (sorted: number[], q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Measured {
  /** Events every subscriber received, per second of the round. */
  rate: number;
  sent: number;
  /** Deliveries that never came (of sent × SUBSCRIBERS). */
  lost: number;
  errors: number;
  firstError: string | undefined;
  latencies: number[];
  brokerCpu: number | undefined;
  benchCpu: number;
}

/**
 * One round on an open session. With `rate`, the publishers send on a schedule; without, each
 * keeps WINDOW events in flight until every subscriber has them.
 */
async function measure(broker: Broker, publishers: number, rate: number | undefined): Promise<Measured> {
  const pending = new Map<number, { left: number; publisher: number }>();
  const waiting: Array<Array<() => void>> = Array.from({ length: publishers }, () => []);
  const inFlight = new Array<number>(publishers).fill(0);
  const latencies: number[] = [];
  let complete = 0;
  let counting = false;
  const receive = (text: string) => {
    const head = HEAD.exec(text);
    if (!head) return;
    const seq = Number(head[1]);
    const entry = pending.get(seq);
    if (!entry) return;
    if (counting) latencies.push(performance.now() - Number(head[2]));
    entry.left -= 1;
    if (entry.left > 0) return;
    pending.delete(seq);
    complete += 1;
    inFlight[entry.publisher]! -= 1;
    waiting[entry.publisher]!.shift()?.();
  };
  const session = await broker.open(publishers, receive);
  let seq = 0;
  let sent = 0;
  let errors = 0;
  let firstError: string | undefined;
  /** Publishes the broker has not answered yet (JetStream's acknowledgement may follow the delivery). */
  let unanswered = 0;
  const send = (publisher: number, due: number) => {
    seq += 1;
    pending.set(seq, { left: SUBSCRIBERS, publisher });
    inFlight[publisher]! += 1;
    sent += 1;
    unanswered += 1;
    session
      .publish(publisher, eventText(seq, due))
      .catch((error: unknown) => {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      })
      .finally(() => (unanswered -= 1));
  };
  // Warm up: connections, JIT, the broker's first deliveries.
  for (let i = 0; i < 50; i += 1) send(0, performance.now());
  for (let waited = 0; (pending.size > 0 || unanswered > 0) && waited < DRAIN_MS; waited += 10) await sleep(10);
  pending.clear();
  inFlight.fill(0);
  sent = 0;
  errors = 0;
  complete = 0;

  counting = true;
  const cpuBefore = broker.cpu();
  const benchBefore = process.cpuUsage();
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: publishers }, async (_, publisher) => {
      if (rate === undefined) {
        while (performance.now() < end) {
          if (inFlight[publisher]! >= WINDOW) {
            await Promise.race([new Promise<void>((resolve) => waiting[publisher]!.push(resolve)), sleep(Math.max(0, end - performance.now()))]);
            continue;
          }
          send(publisher, performance.now());
          // Let deliveries in now and then, as a busy instance would.
          if (sent % WINDOW === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        return;
      }
      const every = (1000 * publishers) / rate;
      let mine = 0;
      for (let now = performance.now(); now < end; now = performance.now()) {
        for (let due = start + publisher * (every / publishers) + mine * every; due <= now && due < end; due += every, mine += 1) send(publisher, due);
        await sleep(1);
      }
    }),
  );
  const sentInTime = sent;
  const completeInTime = complete;
  for (let waited = 0; (pending.size > 0 || unanswered > 0) && waited < DRAIN_MS; waited += 10) await sleep(10);
  const cpuAfter = broker.cpu();
  const bench = process.cpuUsage(benchBefore);
  const elapsed = (performance.now() - start) / 1000;
  let lost = 0;
  for (const entry of pending.values()) lost += entry.left;
  await session.close();
  latencies.sort((a, b) => a - b);
  return {
    // Throughput counts what was complete by the end of the round; a schedule counts all it sent.
    rate: rate === undefined ? completeInTime / SECONDS : sentInTime / SECONDS,
    sent: sentInTime,
    lost,
    errors,
    firstError,
    latencies,
    brokerCpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / elapsed,
    benchCpu: (bench.user + bench.system) / 1e6 / elapsed,
  };
}

// ---------------------------------------------------------------- the outbox write

interface OutboxVariant {
  name: string;
  write(db: Db, nurseryId: number): Promise<void>;
}

const outboxEvent = (nurseryId: number) => ({ type: 'activity.created' as const, nurseryId, payload: { activity: ACTIVITY }, occurredAt: new Date() });
/** The bench's own key; advisory locks are per database, so it stands for the writers' lock. */
const BENCH_LOCK = 0x0b00_00ff;
const insertRow = (trx: Db, nurseryId: number) =>
  sql`INSERT INTO outbox_events (type, nursery_id, payload, occurred_at) VALUES ('activity.created', ${nurseryId}::int, ${JSON.stringify({ activity: ACTIVITY })}::jsonb, now())`.execute(trx);

const OUTBOX_VARIANTS: OutboxVariant[] = [
  { name: 'writeEvent: lock, row, NOTIFY (the app)', write: (db, nurseryId) => db.transaction().execute((trx) => writeEvent(trx, outboxEvent(nurseryId))) },
  {
    name: 'lock and row, no NOTIFY',
    write: (db, nurseryId) =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${BENCH_LOCK}::int, 0)`.execute(trx);
        await insertRow(trx, nurseryId);
      }),
  },
  { name: 'row alone (no lock, no NOTIFY)', write: (db, nurseryId) => db.transaction().execute(async (trx) => void (await insertRow(trx, nurseryId))) },
  {
    // The candidate that replaces the lock: ids are taken freely and each row carries its
    // transaction's id, so a reader can stop below the oldest transaction still running
    // (pg_snapshot_xmin) instead of writers queuing. Its reader is in the end-to-end part.
    name: 'no lock: row stamped with its transaction id, NOTIFY',
    write: (db, nurseryId) =>
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO outbox_events (type, nursery_id, payload, occurred_at, xid)
          VALUES ('activity.created', ${nurseryId}::int, ${JSON.stringify({ activity: ACTIVITY })}::jsonb, now(), pg_current_xact_id())`.execute(trx);
        await sql`SELECT pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`.execute(trx);
      }),
  },
  {
    name: 'no lock: row stamped with its transaction id, no NOTIFY',
    write: (db, nurseryId) =>
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO outbox_events (type, nursery_id, payload, occurred_at, xid)
          VALUES ('activity.created', ${nurseryId}::int, ${JSON.stringify({ activity: ACTIVITY })}::jsonb, now(), pg_current_xact_id())`.execute(trx);
      }),
  },
  {
    name: 'writeEvent, synchronous_commit off',
    write: (db, nurseryId) =>
      db.transaction().execute(async (trx) => {
        await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        await writeEvent(trx, outboxEvent(nurseryId));
      }),
  },
];

interface OutboxMeasured {
  rate: number;
  latencies: number[];
  notified: number;
  brokerCpu: number | undefined;
}

async function measureOutbox(url: string, database: string, variant: OutboxVariant, writers: number, nurseryId: number): Promise<OutboxMeasured> {
  const { db } = await createDatabase({ kind: 'postgres', connectionString: url, max: writers });
  let notified = 0;
  const listeners: pg.Client[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += 1) {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => (notified += 1));
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
    listeners.push(client);
  }
  await Promise.all(Array.from({ length: writers }, () => variant.write(db, nurseryId)));
  notified = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuSeconds('postgres', ` ${database} `);
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < end) {
        const began = performance.now();
        await variant.write(db, nurseryId);
        latencies.push(performance.now() - began);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = cpuSeconds('postgres', ` ${database} `);
  await sleep(200);
  await Promise.all(listeners.map((c) => c.end()));
  await db.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    latencies,
    notified: notified / elapsed,
    brokerCpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / elapsed,
  };
}

// ---------------------------------------------------------------- the outbox end to end

/** As the relay reads (outbox-relay.ts's BATCH). */
const READ_BATCH = 500;

/** Where a reader is: the last row it read (`xid` '0' for the id readers). */
interface Cursor {
  id: number;
  xid: string;
}

interface ReadRow extends Cursor {
  seq: number;
}

interface Pipeline {
  name: string;
  /** Writes one event carrying `seq` in its payload, in a transaction of its own. */
  write(trx: Transaction<Database>, nurseryId: number, seq: number): Promise<void>;
  /** Where a reader starting now begins (nothing committed before it is read). */
  start(reader: Kysely<Database>): Promise<Cursor>;
  read(reader: Kysely<Database>, cursor: Cursor): Promise<ReadRow[]>;
  /** Whether `b` comes strictly after `a` in this reader's order. */
  follows(a: Cursor, b: Cursor): boolean;
  /** Whether it runs with one writer and at the peak too, or only flat out with the most writers. */
  control?: boolean;
}

const e2ePayload = (seq: number) => JSON.stringify({ seq, activity: ACTIVITY });

/** writeEvents' statements (src/server/db/outbox.ts) without the lock; `stamped` adds the row's transaction id. */
async function writeUnlocked(trx: Transaction<Database>, nurseryId: number, seq: number, stamped: boolean): Promise<void> {
  const xid = stamped ? sql`pg_current_xact_id()` : sql`NULL::xid8`;
  await sql`
    WITH inserted AS (
      INSERT INTO outbox_events (type, family_id, nursery_id, payload, occurred_at, xid)
      VALUES ('activity.created', NULL::int, ${nurseryId}::int, ${e2ePayload(seq)}::jsonb, ${new Date()}::timestamptz, ${xid})
      RETURNING id, type, family_id, nursery_id
    )
    INSERT INTO webhook_deliveries (endpoint_id, event_id)
    SELECT w.id, i.id FROM inserted i
      JOIN webhook_endpoints w ON (w.family_id = i.family_id OR w.nursery_id = i.nursery_id) AND i.type = ANY (w.event_types) AND w.disabled_at IS NULL`.execute(trx);
  await sql`SELECT pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`.execute(trx);
}

/** The relay's reader: readEvents after the last id, in id order. */
const readById = async (reader: Kysely<Database>, cursor: Cursor): Promise<ReadRow[]> =>
  (await readEvents(reader, { after: cursor.id, limit: READ_BATCH })).map((e) => ({ id: e.id, xid: '0', seq: Number(e.payload.seq) }));
const startById = async (reader: Kysely<Database>): Promise<Cursor> => ({ id: await lastEventId(reader), xid: '0' });
const followsById = (a: Cursor, b: Cursor) => b.id > a.id;

const PIPELINES: Pipeline[] = [
  {
    name: 'locked: writeEvent, read by id (the app)',
    write: (trx, nurseryId, seq) => writeEvent(trx, { type: 'activity.created', nurseryId, payload: { seq, activity: ACTIVITY }, occurredAt: new Date() }),
    start: startById,
    read: readById,
    follows: followsById,
  },
  {
    name: 'xid: no lock, stamped row, read below xmin by (xid, id)',
    write: (trx, nurseryId, seq) => writeUnlocked(trx, nurseryId, seq, true),
    // Every transaction that takes an xid from now on has one at or above the snapshot's xmax.
    start: async (reader) => {
      const { rows } = await sql<{ xmax: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(reader);
      return { id: 0, xid: rows[0]!.xmax };
    },
    // Below the snapshot's xmin every transaction has ended, so no row can still appear there:
    // what is read is final, and (xid, id) is a total order over it. xid8 (64 bits, no
    // wraparound) compares numerically; its text would not. The text goes out under another
    // name: ORDER BY takes an output column's name first, and `xid::text AS xid` would sort as
    // text (wrong once xids grow a digit, and a sort instead of the index's order).
    read: async (reader, cursor) => {
      const { rows } = await sql<{ id: number; xid_text: string; payload: { seq: number } }>`
        SELECT id, type, family_id, nursery_id, payload, occurred_at, xid::text AS xid_text
        FROM outbox_events
        WHERE xid < pg_snapshot_xmin(pg_current_snapshot()) AND (xid, id) > (${cursor.xid}::xid8, ${cursor.id}::int)
        ORDER BY xid, id
        LIMIT ${READ_BATCH}`.execute(reader);
      return rows.map((r) => ({ id: r.id, xid: r.xid_text, seq: Number(r.payload.seq) }));
    },
    follows: (a, b) => BigInt(b.xid) > BigInt(a.xid) || (b.xid === a.xid && b.id > a.id),
  },
  {
    name: 'control: no lock, read by id (skips expected)',
    write: (trx, nurseryId, seq) => writeUnlocked(trx, nurseryId, seq, false),
    start: startById,
    read: readById,
    follows: followsById,
    control: true,
  },
];

interface PipelineCheck {
  /** Rows the case committed (the table after it, by id). */
  committed: number;
  /** Distinct rows of the case the reader read. */
  read: number;
  missing: number;
  /** Of the missing, those behind the reader's cursor: skipped for good (the rest were still held back). */
  skipped: number;
  duplicates: number;
  /** Rows read that the case did not commit. */
  foreign: number;
  /** Reads that did not follow the one before in the reader's own order. */
  outOfOrder: number;
  /** Commits the writers saw acknowledged whose row the reader never read. */
  acknowledgedUnread: number;
}

interface PipelineMeasured {
  committed: number;
  delivered: number;
  /** ms from the writer sending COMMIT to the reader reading the row. */
  latencies: number[];
  readsPerSecond: number;
  /** Reads that found nothing (for the xid reader: nothing yet below xmin). */
  emptyReads: number;
  /** How long each read took, from the reader's side (the query's round trip). */
  readMs: number[];
  /** ms after the writers stopped until the reader had the last row. */
  caughtUpMs: number | undefined;
  check: PipelineCheck;
  writeErrors: number;
  readErrors: number;
  firstError: string | undefined;
  brokerCpu: number | undefined;
  /**
   * The longest-running transaction holding an xid outside the bench's database (any database on
   * the server), or in it but not from a client (autovacuum), sampled every 50 ms by its start:
   * it holds the xid reader back too.
   */
  othersOldestMs: number;
  othersDatabase: string | undefined;
  /** With a held transaction: the events committed while it was open, and how many were read while it was. */
  hold?: { committed: number; readDuring: number; latencies: number[] };
}

const checkPassed = (c: PipelineCheck) => c.missing + c.duplicates + c.foreign + c.outOfOrder + c.acknowledgedUnread === 0 && c.read === c.committed;

async function measurePipeline(
  url: string,
  database: string,
  pipeline: Pipeline,
  writers: number,
  rate: number | undefined,
  nurseryId: number,
  hold: boolean,
): Promise<PipelineMeasured> {
  const { db } = await createDatabase({ kind: 'postgres', connectionString: url, max: writers });
  const { db: reader } = await createDatabase({ kind: 'postgres', connectionString: url, max: 1 });
  const listen = new pg.Client({ connectionString: url });
  await listen.connect();
  await listen.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
  await Promise.all([...Array.from({ length: writers }, () => sql`SELECT 1`.execute(db)), sql`SELECT 1`.execute(reader)]);
  const holder = hold ? new pg.Client({ connectionString: url }) : undefined;
  await holder?.connect();

  const floor = await lastEventId(reader);
  let cursor = await pipeline.start(reader);
  const commitSent = new Map<number, number>();
  const acknowledged: number[] = [];
  const got: ReadRow[] = [];
  const readAt: number[] = [];
  const latencyOf = new Map<number, number>();
  let reads = 0;
  let emptyReads = 0;
  const readMs: number[] = [];
  let readErrors = 0;
  let writeErrors = 0;
  let firstError: string | undefined;
  const fail = (error: unknown) => (firstError ??= error instanceof Error ? error.message : String(error));

  const loop = startPollingLoop({
    pass: async () => {
      const began = performance.now();
      const rows = await pipeline.read(reader, cursor);
      readMs.push(performance.now() - began);
      reads += 1;
      if (rows.length === 0) emptyReads += 1;
      const now = performance.now();
      for (const row of rows) {
        got.push(row);
        readAt.push(now);
        const sent = commitSent.get(row.seq);
        if (sent !== undefined && !latencyOf.has(row.seq)) latencyOf.set(row.seq, now - sent);
        cursor = { id: row.id, xid: row.xid };
      }
      return rows.length === READ_BATCH;
    },
    everyMs: POLL_MS,
    wakeOn: (wake) => {
      const onNotification = () => wake();
      listen.on('notification', onNotification);
      return () => listen.off('notification', onNotification);
    },
    onError: (error) => {
      readErrors += 1;
      fail(error);
    },
  });

  let seq = 0;
  const writeOne = async () => {
    seq += 1;
    const mine = seq;
    try {
      const trx = await db.startTransaction().execute();
      try {
        await pipeline.write(trx, nurseryId, mine);
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
      commitSent.set(mine, performance.now());
      await trx.commit().execute();
      acknowledged.push(mine);
    } catch (error) {
      writeErrors += 1;
      fail(error);
    }
  };

  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  let othersOldestMs = 0;
  let othersDatabase: string | undefined;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      // Others: any other database's backends, and the bench database's own background workers (autovacuum).
      const { rows } = await watcher.query<{ ms: number; datname: string | null; backend_type: string }>(
        `SELECT (extract(epoch FROM now() - xact_start) * 1000)::float8 AS ms, datname, backend_type FROM pg_stat_activity
         WHERE backend_xid IS NOT NULL AND (datname IS DISTINCT FROM $1 OR backend_type <> 'client backend') ORDER BY xact_start LIMIT 1`,
        [database],
      );
      if (rows[0] && rows[0].ms > othersOldestMs) {
        othersOldestMs = rows[0].ms;
        othersDatabase = `${rows[0].datname ?? '(no database)'}${rows[0].backend_type === 'client backend' ? '' : `, ${rows[0].backend_type}`}`;
      }
      await sleep(50);
    }
  })();

  const cpuBefore = cpuSeconds('postgres', ` ${database} `);
  const start = performance.now();
  const end = start + SECONDS * 1000;
  let held: { from: number; to: number } | undefined;
  const holding = holder
    ? (async () => {
        await sleep(SECONDS * 250);
        await holder.query('BEGIN');
        // Takes an xid, as any transaction that writes does; it writes nothing to the outbox.
        await holder.query('SELECT pg_current_xact_id()');
        const from = performance.now();
        await sleep(HOLD_MS);
        const to = performance.now();
        await holder.query('COMMIT');
        held = { from, to };
      })()
    : Promise.resolve();
  let slot = 0;
  await Promise.all([
    holding,
    ...Array.from({ length: writers }, async () => {
      if (rate === undefined) {
        while (performance.now() < end) await writeOne();
        return;
      }
      for (;;) {
        const due = start + (slot * 1000) / rate;
        if (due >= end) return;
        slot += 1;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        await writeOne();
      }
    }),
  ]);
  const writersDone = performance.now();
  const elapsed = (writersDone - start) / 1000;

  // What the case committed, from the table itself.
  const truthRows = (
    await sql<{ id: number; xid_text: string | null }>`SELECT id, xid::text AS xid_text FROM outbox_events WHERE id > ${floor}::int ORDER BY id`.execute(reader)
  ).rows;
  const truth = truthRows.map((r) => r.id);
  const truthSet = new Set(truth);
  const readIds = () => new Set(got.map((r) => r.id));
  void loop.wake();
  for (let waited = 0; waited < DRAIN_MS; waited += 10) {
    const have = readIds();
    if (truth.every((id) => have.has(id))) break;
    await sleep(10);
  }
  const cpuAfter = cpuSeconds('postgres', ` ${database} `);
  watching = false;
  await watch;
  await loop.close();
  await Promise.all([watcher.end(), listen.end(), holder?.end(), db.destroy(), reader.destroy()]);

  const distinct = readIds();
  let outOfOrder = 0;
  for (let i = 1; i < got.length; i += 1) if (!pipeline.follows(got[i - 1]!, got[i]!)) outOfOrder += 1;
  const readSeqs = new Set(got.map((r) => r.seq));
  const caseRead = [...distinct].filter((id) => truthSet.has(id)).length;
  const lastNeeded = got.reduce((latest, row, i) => (truthSet.has(row.id) ? Math.max(latest, readAt[i]!) : latest), -Infinity);
  const latencies = [...latencyOf.values()].sort((a, b) => a - b);
  let holdResult: PipelineMeasured['hold'];
  if (held) {
    const { from, to } = held;
    const during = [...commitSent].filter(([, sent]) => sent >= from && sent <= to).map(([s]) => s);
    const duringSet = new Set(during);
    const readDuring = got.filter((row, i) => duringSet.has(row.seq) && readAt[i]! <= to).length;
    holdResult = {
      committed: during.length,
      readDuring,
      latencies: during.map((s) => latencyOf.get(s)).filter((l): l is number => l !== undefined).sort((a, b) => a - b),
    };
  }
  return {
    committed: acknowledged.length / elapsed,
    delivered: got.filter((row, i) => truthSet.has(row.id) && readAt[i]! <= end).length / SECONDS,
    latencies,
    readsPerSecond: reads / elapsed,
    emptyReads,
    readMs: readMs.sort((a, b) => a - b),
    caughtUpMs: Number.isFinite(lastNeeded) ? Math.max(0, lastNeeded - writersDone) : undefined,
    check: {
      committed: truth.length,
      read: caseRead,
      missing: truth.filter((id) => !distinct.has(id)).length,
      skipped: truthRows.filter((r) => !distinct.has(r.id) && !pipeline.follows(cursor, { id: r.id, xid: r.xid_text ?? '0' })).length,
      duplicates: got.length - distinct.size,
      foreign: [...distinct].filter((id) => !truthSet.has(id)).length,
      outOfOrder,
      acknowledgedUnread: acknowledged.filter((s) => !readSeqs.has(s)).length,
    },
    writeErrors,
    readErrors,
    firstError,
    othersOldestMs,
    othersDatabase,
    brokerCpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / elapsed,
    hold: holdResult,
  };
}

// ---------------------------------------------------------------- the run

const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const pct = (cores: number | undefined) => (cores === undefined ? '–' : `${Math.round(cores * 100)}%`);
const perEvent = (cores: number | undefined, rate: number) => (cores === undefined || rate === 0 ? '–' : Math.round((cores * 1e6) / rate).toLocaleString('en-GB'));
const rotate = <T>(items: T[], by: number) => items.map((_, i) => items[(i + by) % items.length]!);

async function tryOpen<T>(name: string, open: () => Promise<T>): Promise<T | undefined> {
  try {
    return await open();
  } catch (error) {
    console.log(`${name}: skipped, not reachable (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const database = `bus_bench_${suffix}`;
const databaseUrl = new URL(PG_SERVER);
databaseUrl.pathname = `/${database}`;
const url = databaseUrl.toString();

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {
  // Not a checkout.
}
console.log(
  `# bench:bus ${new Date().toISOString()}, commit ${commit}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`# ${SECONDS} s per case, ${ROUNDS} rounds alternating, ${SUBSCRIBERS} subscribers, window ${WINDOW}, event ${EVENT_BYTES} bytes`);

const postgresReady =
  BROKERS.has('postgres') &&
  (await tryOpen('PostgreSQL', async () => {
    await admin(`CREATE DATABASE ${database}`);
    return true;
  }));
let nurseryId = 0;
const brokers: Broker[] = [];
try {
  if (postgresReady) {
    const setup = await createDatabase({ kind: 'postgres', connectionString: url });
    await migrateToLatest(setup.db);
    await seed(setup.db);
    // The xid-stamped variants' column, in the bench's database only: xid8 (64 bits, ordered, no
    // wraparound), and an index in the reader's order, partial so the other variants pay nothing.
    await sql`ALTER TABLE outbox_events ADD COLUMN xid xid8`.execute(setup.db);
    await sql`CREATE INDEX outbox_events_xid_idx ON outbox_events (xid, id) WHERE xid IS NOT NULL`.execute(setup.db);
    nurseryId = (await setup.db.selectFrom('nurseries').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    await setup.db.destroy();
    if (SECTIONS.has('brokers')) brokers.push(postgresBroker(url, database));
  }
  const redis =
    SECTIONS.has('brokers') &&
    BROKERS.has('redis') &&
    (await tryOpen('Redis', async () => {
      const client = createClient({ url: REDIS_URL, socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false } });
      client.on('error', () => {});
      await client.connect();
      await client.close();
      return redisBroker();
    }));
  if (redis) brokers.push(redis);
  const nats =
    SECTIONS.has('brokers') &&
    (BROKERS.has('nats') || BROKERS.has('jetstream')) &&
    (await tryOpen('NATS', async () => {
      await (await openNats()).close();
      return natsBroker();
    }));
  if (nats && BROKERS.has('nats')) brokers.push(nats);
  const js = nats && BROKERS.has('jetstream') && (await tryOpen('NATS JetStream', jetStreamBroker));
  if (js) brokers.push(js);

  const throughput = new Map<string, Measured[]>();
  const latency = new Map<string, Measured[]>();
  const outbox = new Map<string, OutboxMeasured[]>();
  const pipelines = new Map<string, PipelineMeasured[]>();
  const pipelineCases = [
    ...WRITERS.map((writers) => ({ writers, rate: undefined as number | undefined, hold: false })),
    { writers: Math.max(...WRITERS), rate: PEAK as number | undefined, hold: false },
    { writers: Math.max(...WRITERS), rate: PEAK as number | undefined, hold: true },
  ];
  const caseLabel = (c: { writers: number; rate: number | undefined; hold: boolean }) =>
    `${c.rate === undefined ? 'flat out' : `${c.rate}/s`}${c.hold ? `, a transaction held ${HOLD_MS / 1000} s` : ''}`;
  const add = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

  for (let round = 0; round < ROUNDS; round += 1) {
    console.log(`\n## Round ${round + 1}, load average ${loadavg()[0]!.toFixed(2)}`);
    if (brokers.length > 0) console.log(`| broker | publishers | offered events/s | delivered to all 3, events/s | lost | p50 / p99 ms | broker CPU | broker µs/event | bench CPU |`);
    if (brokers.length > 0) console.log(`|---|---:|---:|---:|---:|---|---:|---:|---:|`);
    for (const broker of rotate(brokers, round)) {
      for (const publishers of PUBLISHERS) {
        for (const rate of [undefined, ...RATES]) {
          const result = await measure(broker, publishers, rate);
          add(rate === undefined ? throughput : latency, `${broker.name}|${publishers}|${rate ?? ''}`, result);
          console.log(
            `| ${broker.name} | ${publishers} | ${rate ?? `as fast as it goes (${WINDOW} in flight each)`} | ${Math.round(result.rate)} | ${result.lost}${result.errors ? ` (${result.errors} publishes failed: ${result.firstError})` : ''} | ${ms(percentile(result.latencies, 0.5))} / ${ms(percentile(result.latencies, 0.99))} | ${pct(result.brokerCpu)} | ${perEvent(result.brokerCpu, result.rate)} | ${pct(result.benchCpu)} |`,
          );
        }
      }
    }
    if (!postgresReady) continue;
    if (SECTIONS.has('read')) {
      console.log(`\n| outbox end to end | writers | offered | events/s committed | events/s read | commit-to-read p50 / p99 / max ms | caught up after ms | reads/s (empty), read p50 / p99 ms | check | PostgreSQL CPU | longest other transaction with an xid, ms |`);
      console.log(`|---|---:|---|---:|---:|---|---:|---:|---|---:|---|`);
      for (const pipeline of rotate(PIPELINES, round)) {
        for (const c of pipelineCases) {
          if (pipeline.control && (c.rate !== undefined || c.writers !== Math.max(...WRITERS))) continue;
          const r = await measurePipeline(url, database, pipeline, c.writers, c.rate, nurseryId, c.hold);
          add(pipelines, `${pipeline.name}|${caseLabel(c)}|${c.writers}`, r);
          const k = r.check;
          const verdict = checkPassed(k)
            ? `ok: ${k.committed} committed, each read once, in order`
            : `FAILED: ${k.committed} committed, ${k.read} read, ${k.missing} missing (${k.skipped} behind the cursor, ${k.missing - k.skipped} still held back), ${k.duplicates} duplicate, ${k.foreign} foreign, ${k.outOfOrder} out of order, ${k.acknowledgedUnread} acknowledged unread`;
          const errors = r.writeErrors + r.readErrors ? ` (${r.writeErrors} writes, ${r.readErrors} reads failed: ${r.firstError})` : '';
          console.log(
            `| ${pipeline.name} | ${c.writers} | ${caseLabel(c)} | ${Math.round(r.committed)} | ${Math.round(r.delivered)} | ${ms(percentile(r.latencies, 0.5))} / ${ms(percentile(r.latencies, 0.99))} / ${ms(percentile(r.latencies, 1))} | ${r.caughtUpMs === undefined ? '–' : Math.round(r.caughtUpMs)} | ${Math.round(r.readsPerSecond)} (${r.emptyReads}), ${ms(percentile(r.readMs, 0.5))} / ${ms(percentile(r.readMs, 0.99))} | ${verdict}${errors} | ${pct(r.brokerCpu)} | ${r.othersDatabase ? `${Math.round(r.othersOldestMs)} (${r.othersDatabase})` : 'none'} |`,
          );
          if (r.hold) {
            console.log(
              `|  | held | ${HOLD_MS} ms | ${r.hold.committed} committed while held | ${r.hold.readDuring} of them read while held | their p50 / max ${ms(percentile(r.hold.latencies, 0.5))} / ${ms(percentile(r.hold.latencies, 1))} |  |  |  |  |  |`,
            );
          }
        }
      }
    }
    if (!SECTIONS.has('write')) continue;
    console.log(`\n| outbox write | writers | events/s committed | notifications/s received (3 listeners) | commit p50 / p99 ms | PostgreSQL CPU (the bench's backends) |`);
    console.log(`|---|---:|---:|---:|---|---:|`);
    for (const variant of rotate(OUTBOX_VARIANTS, round)) {
      for (const writers of WRITERS) {
        const result = await measureOutbox(url, database, variant, writers, nurseryId);
        add(outbox, `${variant.name}|${writers}`, result);
        console.log(`| ${variant.name} | ${writers} | ${Math.round(result.rate)} | ${Math.round(result.notified)} | ${ms(percentile(result.latencies, 0.5))} / ${ms(percentile(result.latencies, 0.99))} | ${pct(result.brokerCpu)} |`);
      }
    }
  }

  const range = (values: number[]) => {
    const low = Math.round(Math.min(...values));
    const high = Math.round(Math.max(...values));
    return low === high ? `${low}` : `${low}–${high}`;
  };
  const pooled = (results: Array<{ latencies: number[] }>) => results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  console.log(`\n## Summary over ${ROUNDS} rounds (events/s: lowest–highest round; latency: all rounds pooled), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (brokers.length > 0) {
    console.log(`| broker | publishers | throughput, events/s to all 3 | broker µs/event at throughput | ${RATES.map((r) => `p50 / p99 ms at ${r}/s`).join(' | ')} | broker CPU at ${RATES.join(' / ')}/s |`);
    console.log(`|---|---:|---:|---:|${RATES.map(() => '---|').join('')}---|`);
  }
  for (const broker of brokers) {
    for (const publishers of PUBLISHERS) {
      const saturated = throughput.get(`${broker.name}|${publishers}|`) ?? [];
      const paced = RATES.map((rate) => latency.get(`${broker.name}|${publishers}|${rate}`) ?? []);
      const cpuAt = paced.map((results) => pct(results.reduce((sum, r) => sum + (r.brokerCpu ?? NaN), 0) / results.length));
      const lostAt = paced.map((results) => results.reduce((sum, r) => sum + r.lost, 0));
      console.log(
        `| ${broker.name} | ${publishers} | ${range(saturated.map((r) => r.rate))} | ${range(saturated.map((r) => Number(perEvent(r.brokerCpu, r.rate).replace(/,/g, ''))))} | ${paced
          .map((results, i) => {
            const sorted = pooled(results);
            return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))}${lostAt[i] ? ` (${lostAt[i]} lost)` : ''}`;
          })
          .join(' | ')} | ${cpuAt.join(' / ')} |`,
      );
    }
  }
  if (postgresReady && SECTIONS.has('read')) {
    console.log(`\n| outbox end to end | writers | offered | events/s committed | events/s read | commit-to-read p50 / p99 / max ms | checks passed | PostgreSQL CPU | longest other transaction with an xid, ms, per round |`);
    console.log(`|---|---:|---|---:|---:|---|---|---:|---|`);
    for (const pipeline of PIPELINES) {
      for (const c of pipelineCases) {
        const results = pipelines.get(`${pipeline.name}|${caseLabel(c)}|${c.writers}`);
        if (!results) continue;
        const sorted = pooled(results);
        const passed = results.filter((r) => checkPassed(r.check)).length;
        const failures = results
          .filter((r) => !checkPassed(r.check))
          .map((r) => `${r.check.missing} of ${r.check.committed} missing`)
          .join(', ');
        console.log(
          `| ${pipeline.name} | ${c.writers} | ${caseLabel(c)} | ${range(results.map((r) => r.committed))} | ${range(results.map((r) => r.delivered))} | ${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))} / ${ms(percentile(sorted, 1))} | ${passed} of ${results.length}${failures ? ` (${failures})` : ''} (${results.reduce((sum, r) => sum + r.check.committed, 0)} events) | ${pct(results.reduce((sum, r) => sum + (r.brokerCpu ?? NaN), 0) / results.length)} | ${results.map((r) => Math.round(r.othersOldestMs)).join(', ')} |`,
        );
        for (const r of results) {
          if (r.hold) {
            console.log(
              `|  | held ${HOLD_MS} ms |  | ${r.hold.committed} committed while held |  ${r.hold.readDuring} read while held | p50 / max ${ms(percentile(r.hold.latencies, 0.5))} / ${ms(percentile(r.hold.latencies, 1))} |  |  |  |`,
            );
          }
        }
      }
    }
    // How the two readers' queries run on the table as the run left it.
    const { db: planner } = await createDatabase({ kind: 'postgres', connectionString: url, max: 1 });
    const rows = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_events`.execute(planner)).rows[0]!.n;
    // And as the reader runs it: parameters, a cursor 10 stamped rows from the end.
    const near = (
      await sql<{ xid: string; id: number }>`SELECT xid::text AS xid, id FROM outbox_events WHERE xid IS NOT NULL ORDER BY xid DESC, id DESC OFFSET 10 LIMIT 1`.execute(planner)
    ).rows[0];
    if (near) {
      const analysed = await sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) SELECT id, type, family_id, nursery_id, payload, occurred_at, xid::text AS xid_text FROM outbox_events
        WHERE xid < pg_snapshot_xmin(pg_current_snapshot()) AND (xid, id) > (${near.xid}::xid8, ${near.id}::int) ORDER BY xid, id LIMIT ${READ_BATCH}`.execute(planner);
      console.log(`\nxid reader 10 rows from the end: ${analysed.rows.map((r) => Object.values(r as Record<string, string>)[0]).join(' / ')}`);
    }
    for (const [name, query] of [
      ['xid reader', sql`EXPLAIN (COSTS OFF) SELECT id, type, family_id, nursery_id, payload, occurred_at, xid FROM outbox_events WHERE xid < pg_snapshot_xmin(pg_current_snapshot()) AND (xid, id) > ('1'::xid8, 0) ORDER BY xid, id LIMIT 500`],
      ['id reader', sql`EXPLAIN (COSTS OFF) SELECT id, type, family_id, nursery_id, payload, occurred_at FROM outbox_events WHERE id > 1 ORDER BY id LIMIT 500`],
    ] as const) {
      const plan = (await query.execute(planner)).rows.map((r) => Object.values(r as Record<string, string>)[0]).join(' / ');
      console.log(`\n${name}'s plan on ${rows} rows: ${plan}`);
    }
    await planner.destroy();
  }
  if (postgresReady && SECTIONS.has('write')) {
    console.log(`\n| outbox write | writers | events/s committed | commit p50 / p99 ms | PostgreSQL CPU |`);
    console.log(`|---|---:|---:|---|---:|`);
    for (const variant of OUTBOX_VARIANTS) {
      for (const writers of WRITERS) {
        const results = outbox.get(`${variant.name}|${writers}`) ?? [];
        const sorted = pooled(results);
        console.log(
          `| ${variant.name} | ${writers} | ${range(results.map((r) => r.rate))} | ${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))} | ${pct(results.reduce((sum, r) => sum + (r.brokerCpu ?? NaN), 0) / results.length)} |`,
        );
      }
    }
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const broker of brokers) await broker.dispose?.().catch(() => {});
  if (postgresReady) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
