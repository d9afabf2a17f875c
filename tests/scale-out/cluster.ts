import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import S3rver from 's3rver';
import { createDatabase } from '../../src/server/db/create-database';
import { migrateToLatest } from '../../src/server/db/migrator';
import { seed } from '../../src/server/demo/seed';
import { adminQuery } from '../helpers/test-database';
import { waitUntil } from '../webhooks/webhook-receiver';
import { haproxyConfigFor, readmeHaproxyExample } from './haproxy-config';

/** The PostgreSQL server that gets a fresh database for the run. */
const POSTGRES_URL = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Longer than HAProxy's health checks take to notice (inter 1s, fall 2), as the README says to set it. */
const SHUTDOWN_NOTICE_MS = 3000;
const BUCKET = 'nestling-images';

/** One app process (src/server/start.ts), its port, and every line it has logged. */
export interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh PostgreSQL database, s3rver, three instances of the real server on port 0, and HAProxy
 * in front with the README's configuration. Everything the tests send goes through `base`.
 * Whatever has started is stopped again if a later part fails to start.
 */
export async function startCluster() {
  // Run in reverse order by stop().
  const teardown: (() => unknown)[] = [];
  const stop = async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  };
  try {
    return await start(teardown, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}

async function start(teardown: (() => unknown)[], stop: () => Promise<void>) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'nestling-scale-out-'));
  teardown.push(() => rmSync(scratch, { recursive: true, force: true }));
  const name = `nestling_scale_out_${process.pid}_${Date.now()}`;
  await adminQuery(POSTGRES_URL, `CREATE DATABASE ${name}`);
  teardown.push(() => adminQuery(POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  // start.ts seeds only the embedded database: a PostgreSQL one is seeded first, as `npm run db:seed` does.
  const database = await createDatabase({ kind: 'postgres', connectionString: databaseUrl, max: 4 });
  teardown.push(() => database.db.destroy());
  await migrateToLatest(database.db);
  await seed(database.db);

  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(scratch, 's3rver'), configureBuckets: [{ name: BUCKET }] });
  const s3Port = (await s3rver.run()).port;
  teardown.push(() => s3rver.close());
  const haproxyPort = await freePort();
  const base = `http://127.0.0.1:${haproxyPort}`;

  const environment = (index: number, port: number): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(scratch, `app${index + 1}`),
      PUBLIC_ORIGIN: base,
      LOG_LEVEL: 'info',
      TZ: 'UTC',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_NOTICE_MS: String(SHUTDOWN_NOTICE_MS),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_POLL_MS: '200',
    };
    delete env.TEST_DATABASE_URL;
    return env;
  };

  const instances: Instance[] = [];
  teardown.push(async () => {
    for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
  });
  const launch = (index: number, port: number) =>
    new Promise<Instance>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], { env: environment(index, port), stdio: ['ignore', 'pipe', 'pipe'] });
      const lines: string[] = [];
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      // Killed with the rest should the test fail before it is listed.
      teardown.push(() => child.exitCode === null && child.kill('SIGKILL'));
      // Anything but the AWS SDK's warning about Node versions is worth seeing.
      child.stderr!.on('data', (chunk: Buffer) => {
        const text = String(chunk);
        if (!/NodeVersionSupportWarning|node >=22|a\.co\/|--trace-warnings|^\s*$/.test(text)) process.stderr.write(`[app${index + 1}] ${text}`);
      });
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (listening) resolve({ name: `app${index + 1}`, port: Number(listening[1]), process: child, lines, exited });
      });
      void exited.then((code) => reject(new Error(`app${index + 1} exited with ${code} before listening`)));
    });
  // The first start may build the client; the others then find it built.
  instances.push(await launch(0, 0));
  instances.push(...(await Promise.all([launch(1, 0), launch(2, 0)])));

  const configFile = path.join(scratch, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfigFor(readmeHaproxyExample(), { bind: `127.0.0.1:${haproxyPort}`, servers: instances.map((i) => `127.0.0.1:${i.port}`) }));
  const checked = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`haproxy rejected the README's configuration:\n${checked.stdout}${checked.stderr}`);
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  const haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
  teardown.push(async () => {
    if (haproxy.exitCode === null) haproxy.kill('SIGTERM');
    await haproxyExited;
  });
  await waitUntil(async () => {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}`);
    return fetch(`${base}/api/health`).then((r) => r.ok, () => false);
  }, 30_000);

  return {
    base,
    db: database.db,
    instances,
    /** The instance whose log contains `text` (a request id from X-Request-Id, say), waiting for the line to be written. */
    async servedBy(text: string): Promise<Instance> {
      let found: Instance | undefined;
      await waitUntil(() => (found = instances.find((i) => i.lines.some((line) => line.includes(text)))) !== undefined, 5_000);
      return found!;
    },
    /** Waits until HAProxy sends requests to every instance again (its checks may take one out while the machine is busy). */
    async inRotation() {
      const seen = new Set<Instance>();
      await waitUntil(async () => {
        const answer = await fetch(`${base}/api/health`).catch(() => undefined);
        const requestId = answer?.ok ? answer.headers.get('x-request-id') : null;
        const instance = requestId ? instances.find((i) => i.lines.some((line) => line.includes(requestId))) : undefined;
        if (instance) seen.add(instance);
        return instances.every((i) => seen.has(i));
      }, 30_000);
    },
    /** Starts the instance again on its own port, where HAProxy's server line looks for it. */
    async restart(instance: Instance) {
      const index = instances.indexOf(instance);
      const started = await launch(index, instance.port);
      instances[index] = started;
      return started;
    },
    stop,
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
