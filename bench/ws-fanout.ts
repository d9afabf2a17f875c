/**
 * WebSocket fan-out benchmark (`npm run bench:ws`).
 *
 * For each N (1,000, 5,000 and 10,000 by default; BENCH_WS_SIZES=1000,5000 to choose), twice
 * (BENCH_WS_REPEATS), alternating:
 * 1. Nestling: a server process (the real app, demo data seeded, on an in-memory PGlite or,
 *    with BENCH_DATABASE_URL=postgres://..., on a temporary database on that server) and
 *    N clients in this process, all joined to classroom-3b with the demo parent's session.
 *    Activities are posted through POST /api/activities as the demo staff member; latency
 *    is from just before the POST to each client's receipt, on this process's clock.
 * 2. Baseline: a bare `ws` server process broadcasting the same payload (the frame
 *    Nestling delivered) to N clients, triggered by a plain HTTP POST, measured the same way.
 * Server memory per idle connection is the slope between N/2 and N connections, each
 * measured after full GCs (see perConnection). A slope leaves out start-up memory that the
 * first connections reuse, which would otherwise make the figure look smaller.
 *
 * The server and the clients get one core each on a 2-core machine. Each side holds N
 * sockets: `ulimit -n` must exceed N plus a few hundred (Node raises its soft limit to the
 * hard limit itself).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';

const ROLE = process.argv[2] ?? 'main';
const ORIGIN = 'http://nestling.bench';
const CHANNEL = 'classroom-3b';
const SIZES = (process.env.BENCH_WS_SIZES ?? '1000,5000,10000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 30);
const REPEATS = Number(process.env.BENCH_WS_REPEATS ?? 2);
const WARMUP_ROUNDS = 5;
const CONNECT_CONCURRENCY = 250;

type Request = { id: number; cmd: 'rss' };
type Reply = { id: number; rss: number; heap: number };

// ---------------------------------------------------------------- server processes

async function runNestlingServer() {
  // The tests' helper: an in-memory PGlite, or with a server URL a temporary database there.
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const { createTestDatabase } = await import('../tests/helpers/test-database');
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { seed } = await import('../src/server/demo/seed');
  const database = await createTestDatabase();
  // An idle pooled connection that PostgreSQL drops would otherwise crash this process.
  database.pool?.on('error', (error) => console.error('a pooled PostgreSQL connection failed:', error.message));
  await seed(database.db);
  const config = loadConfig({ PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'warn', TZ: 'UTC' });
  // Every client is the demo parent on one address: lift the per-user and per-address socket caps.
  const app = await buildApp(config, { database, clientDir: '/nonexistent', authLimits: { perIp: 1000 }, socketLimits: { perUser: 1_000_000, perAddress: 1_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', async () => {
    await app.close();
    await database.drop();
    process.exit(0);
  });
  serveMeasurements((app.server.address() as AddressInfo).port);
}

async function runBareServer() {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  // The broadcast the ws README shows, of a payload serialized once.
  http.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const payload = Buffer.concat(chunks).toString();
      response.writeHead(204).end();
      for (const client of wss.clients) {
        if (client.readyState === WebSocket.OPEN) client.send(payload);
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  serveMeasurements((http.address() as AddressInfo).port);
}

function serveMeasurements(port: number) {
  process.on('message', async (request: Request) => {
    // Twice, with a pause: the second pass collects what the first one's finalizers released.
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    global.gc?.();
    const usage = process.memoryUsage();
    process.send!({ id: request.id, rss: usage.rss, heap: usage.heapUsed } satisfies Reply);
  });
  process.send!({ port });
}

// ---------------------------------------------------------------- the measuring process

class ServerProcess {
  private nextId = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static start(role: 'nestling' | 'bare'): Promise<ServerProcess> {
    const child = fork(fileURLToPath(import.meta.url), [role], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('message', (message: { port: number }) => resolve(new ServerProcess(child, message.port)));
      child.once('exit', (code) => reject(new Error(`the ${role} server exited with ${code}`)));
    });
  }

  memory(): Promise<Reply> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        this.child.off('message', onMessage);
        resolve(reply);
      };
      this.child.on('message', onMessage);
      this.child.send({ id, cmd: 'rss' } satisfies Request);
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

/**
 * N sockets in this process, kept as light as possible so that the figures are the server's:
 * a receipt is a timestamp, with no UTF-8 check or JSON parse per message (one frame per
 * round is checked afterwards). Every socket gets the same frame.
 */
class Clients {
  readonly sockets: WebSocket[] = [];
  private arrivals: number[] = [];
  private lastFrame: Buffer | undefined;
  private onComplete: (() => void) | undefined;

  async open(count: number, url: string, headers: Record<string, string>, join: boolean) {
    let opened = 0;
    const openOne = async () => {
      while (opened < count) {
        opened += 1;
        this.sockets.push(await this.connect(url, headers, join));
      }
    };
    await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, openOne));
  }

  private connect(url: string, headers: Record<string, string>, join: boolean): Promise<WebSocket> {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false, skipUTF8Validation: true });
    const receive = (frame: Buffer) => {
      this.arrivals.push(performance.now());
      this.lastFrame = frame;
      if (this.arrivals.length === this.sockets.length) this.onComplete?.();
    };
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => {
        if (!join) {
          ws.on('message', receive);
          return resolve(ws);
        }
        ws.send(JSON.stringify({ type: 'join', channel: CHANNEL }));
        ws.once('message', (data) => {
          const reply = JSON.parse(String(data)) as { type: string };
          if (reply.type !== 'joined') return reject(new Error(`join refused: ${String(data)}`));
          ws.on('message', receive);
          resolve(ws);
        });
      });
    });
  }

  /**
   * Runs `trigger`, which answers the id of the activity it sent, and resolves with every
   * socket's latency from just before it, in ms.
   */
  async round(trigger: () => Promise<number>): Promise<number[]> {
    this.arrivals = [];
    const complete = new Promise<void>((resolve) => (this.onComplete = resolve));
    const start = performance.now();
    const id = await trigger();
    await complete;
    const received = JSON.parse(String(this.lastFrame)) as { type: string; data: { id: number } };
    if (received.type !== 'activity' || received.data.id !== id) throw new Error(`expected activity ${id}, got ${String(this.lastFrame)}`);
    return this.arrivals.map((at) => at - start);
  }

  async close() {
    await Promise.all(
      this.sockets.map((ws) => new Promise<void>((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve() : (ws.once('close', () => resolve()), ws.terminate())))),
    );
    this.sockets.length = 0;
  }
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nestling_session='));
  return cookie!.split(';')[0]!;
}

interface Run {
  /** Per round, every client's latency in ms. */
  rounds: number[][];
  /** Server memory per idle connection, in bytes. */
  memory: { rss: number; heap: number };
}

/**
 * Memory per connection as the slope between N/2 and N connections. The RSS slope is noisy:
 * a process also hands memory back to the system while connections are added, in steps of
 * megabytes, which at these sizes is as large as what is measured. The heap slope is steady.
 */
function perConnection(half: Reply, full: Reply, n: number): Run['memory'] {
  return { rss: (full.rss - half.rss) / (n / 2), heap: (full.heap - half.heap) / (n / 2) };
}

async function measureNestling(n: number): Promise<Run & { frame: string }> {
  const server = await ServerProcess.start('nestling');
  const base = `http://127.0.0.1:${server.port}`;
  const wsUrl = `ws://127.0.0.1:${server.port}/ws`;
  const parent = await signIn(base, 'demo@nestling.test', 'nestling-demo');
  const staff = await signIn(base, 'staff@nestling.test', 'nestling-staff');
  const headers = { cookie: parent, origin: ORIGIN };
  const post = async () => {
    const response = await fetch(`${base}/api/activities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: staff, origin: ORIGIN },
      body: JSON.stringify({ channel: CHANNEL, type: 'play', description: 'Building a marble run together, one piece each.' }),
    });
    if (!response.ok) throw new Error(`POST /api/activities failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  };
  const run = await measure(server, n, (clients, count) => clients.open(count, wsUrl, headers, true), post);
  const sample = await fetch(`${base}/api/activities?channel=${CHANNEL}&limit=1`, { headers: { cookie: parent } });
  // As /ws sends it: the activity as listed, and its outbox event id (a realistic 5 digits here).
  const frame = JSON.stringify({ type: 'activity', data: ((await sample.json()) as unknown[])[0], eventId: 48_213 });
  await server.stop();
  return { ...run, frame };
}

async function measureBare(n: number, frame: string): Promise<Run> {
  const server = await ServerProcess.start('bare');
  const template = JSON.parse(frame) as { type: string; data: { id: number } };
  let id = 0;
  const broadcast = async () => {
    id += 1;
    const payload = JSON.stringify({ ...template, data: { ...template.data, id } });
    await fetch(`http://127.0.0.1:${server.port}/broadcast`, { method: 'POST', body: payload });
    return id;
  };
  const run = await measure(server, n, (clients, count) => clients.open(count, `ws://127.0.0.1:${server.port}`, {}, false), broadcast);
  await server.stop();
  return run;
}

/** Connects N clients in two halves (measuring memory after each), then times the rounds. */
async function measure(server: ServerProcess, n: number, open: (clients: Clients, count: number) => Promise<void>, trigger: () => Promise<number>): Promise<Run> {
  // A few connections first, so one-off costs (JIT, caches) are not counted per connection.
  const warm = new Clients();
  await open(warm, 200);
  await warm.close();
  const clients = new Clients();
  await open(clients, n / 2);
  const half = await server.memory();
  await open(clients, n / 2);
  const full = await server.memory();
  const rounds: number[][] = [];
  for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i += 1) {
    const latencies = await clients.round(trigger);
    if (i >= WARMUP_ROUNDS) rounds.push(latencies);
  }
  await clients.close();
  return { rounds, memory: perConnection(half, full, n) };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function summarize(runs: Run[]) {
  const rounds = runs.flatMap((run) => run.rounds);
  const all = rounds.flat();
  const slowest = rounds.map((round) => round.reduce((a, b) => Math.max(a, b), 0));
  const largest = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);
  return {
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    max: largest(all),
    slowestMedian: quantile(slowest, 0.5),
    slowestP99: quantile(slowest, 0.99),
    rssPerRun: runs.map((run) => run.memory.rss),
    // The larger of the runs' figures: the goal is a ceiling.
    heap: largest(runs.map((run) => run.memory.heap)),
  };
}

async function main() {
  const ms = (value: number) => value.toFixed(0);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `WebSocket fan-out: per size, ${REPEATS} × (Nestling then bare ws), each ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds; ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the start`,
  );
  const rows: string[] = [];
  for (const n of SIZES) {
    const nestlingRuns: Run[] = [];
    const bareRuns: Run[] = [];
    let frame: string | undefined;
    // Alternated, so that both see the same conditions on a shared machine.
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      const nestling = await measureNestling(n);
      frame ??= nestling.frame;
      nestlingRuns.push(nestling);
      bareRuns.push(await measureBare(n, frame));
    }
    const nestling = summarize(nestlingRuns);
    const bare = summarize(bareRuns);
    const latency = (x: typeof nestling) => `${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.max)}`;
    rows.push(
      `| ${[
        n.toLocaleString('en-US'),
        latency(nestling),
        latency(bare),
        `${(nestling.p99 / bare.p99).toFixed(2)}×`,
        `${ms(nestling.slowestMedian)} / ${ms(nestling.slowestP99)}`,
        `${ms(bare.slowestMedian)} / ${ms(bare.slowestP99)}`,
        `${nestling.rssPerRun.map(kb).join(', ')} / ${bare.rssPerRun.map(kb).join(', ')}`,
        `${kb(nestling.heap)} / ${kb(bare.heap)}`,
      ].join(' | ')} |`,
    );
    console.log(`N=${n} (load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')}): ${JSON.stringify({ nestling, bare })}`);
    if (frame) console.log(`payload (${Buffer.byteLength(frame)} bytes): ${frame}`);
  }
  console.log(
    '\n| N | Nestling p50 / p99 / max (ms) | bare ws p50 / p99 / max (ms) | p99 ratio | Nestling slowest client per round, median / p99 (ms) | bare ws slowest client per round, median / p99 (ms) | RSS slope per run, Nestling / bare (kB) | JS heap per connection, Nestling / bare (kB) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

const roles: Record<string, () => Promise<void>> = { main, nestling: runNestlingServer, bare: runBareServer };
await roles[ROLE]!();
