// How many events per second one PostgreSQL takes through the path every activity follows:
// writeEvents (one advisory lock held to commit, an outbox row, pg_notify) on the writers' side,
// and on each instance's side a LISTEN connection that, on every notification, reads what is new
// as the outbox relay does. Run: npx tsx tests/scale-out/outbox-notify-bench.ts
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../../src/server/db/create-database';
import { readEvents } from '../../src/server/db/event-log';
import { migrateToLatest } from '../../src/server/db/migrator';
import { OUTBOX_NOTIFY_CHANNEL, writeEvent } from '../../src/server/db/outbox';
import { seed } from '../../src/server/demo/seed';

const SERVER = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,8,32').split(',').map(Number);
const LISTENERS = (process.env.BENCH_LISTENERS ?? '3,30').split(',').map(Number);
/** About what an activity's payload weighs (an ActivityDto with a description and no photos). */
const PAYLOAD = { id: 1, channel: 'classroom-3b', type: 'play', description: 'x'.repeat(300), childIds: [1, 2], photos: [] };

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  await client.query(statement);
  await client.end();
}

const name = `notify_bench_${randomBytes(3).toString('hex')}`;
await admin(`CREATE DATABASE ${name}`);
const url = new URL(SERVER);
url.pathname = `/${name}`;
try {
  // The events name a nursery of the demo data.
  const setup = await createDatabase({ kind: 'postgres', connectionString: url.toString() });
  await migrateToLatest(setup.db);
  await seed(setup.db);
  const { id: nurseryId } = await setup.db.selectFrom('nurseries').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  await setup.db.destroy();
  console.log(`| writers | listening instances | events/s committed | notifications/s received (all instances) | outbox reads/s (all instances) | commit p50 / p99 ms |`);
  console.log(`|---:|---:|---:|---:|---:|---|`);
  for (const listeners of LISTENERS) {
    for (const writers of WRITERS) {
      const database = await createDatabase({ kind: 'postgres', connectionString: url.toString(), max: writers + listeners });
      const { db } = database;
      // Each "instance": one LISTEN connection, and reads through the shared pool as the relay does (one at a time, then again if woken meanwhile).
      let notifications = 0;
      let reads = 0;
      const clients: pg.Client[] = [];
      const start = (await db.selectFrom('outbox_events').select(db.fn.max('id').as('max')).executeTakeFirst())?.max ?? 0;
      for (let i = 0; i < listeners; i += 1) {
        const client = new pg.Client({ connectionString: url.toString() });
        // The database is dropped at the end, under the listeners.
        client.on('error', () => {});
        await client.connect();
        let cursor = Number(start);
        let reading = false;
        let again = false;
        const read = async () => {
          if (reading) {
            again = true;
            return;
          }
          reading = true;
          do {
            again = false;
            const events = await readEvents(db, { after: cursor, limit: 100 });
            reads += 1;
            if (events.length > 0) cursor = events.at(-1)!.id;
          } while (again);
          reading = false;
        };
        client.on('notification', () => {
          notifications += 1;
          void read();
        });
        await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
        clients.push(client);
      }
      const latencies: number[] = [];
      const deadline = Date.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (Date.now() < deadline) {
            const began = performance.now();
            await db.transaction().execute((trx) => writeEvent(trx, { type: 'activity.created', nurseryId, payload: { activity: PAYLOAD }, occurredAt: new Date() }));
            latencies.push(performance.now() - began);
          }
        }),
      );
      // Let the last notifications arrive.
      await new Promise((resolve) => setTimeout(resolve, 500));
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
      console.log(
        `| ${writers} | ${listeners} | ${Math.round(latencies.length / SECONDS)} | ${Math.round(notifications / SECONDS)} | ${Math.round(reads / SECONDS)} | ${at(0.5)} / ${at(0.99)} |`,
      );
      await Promise.all(clients.map((c) => c.end()));
      await db.destroy();
    }
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
