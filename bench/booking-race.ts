/**
 * Booking race: many parents trying to book one shadow teacher at once, through the real HTTP
 * server on PostgreSQL. The exclusion constraints must let no two live bookings overlap.
 *
 *   npm run bench:booking
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the script creates its own database there and drops it afterwards. BENCH_ATTEMPTS (default
 * 10000) and BENCH_CLIENTS (default 16) change the load.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/create-database';
import { migrateToLatest } from '../src/server/db/migrator';
import { demoAccounts, seed } from '../src/server/demo/seed';
import {
  TIME_TAKEN_MESSAGE,
  bookingWindow,
  addDays,
  openSlotsOn,
  sessionPrice,
  weekdayOf,
  type Availability,
} from '../src/shared/booking-rules';
import { localDate } from '../src/shared/dates';
import { serverUrl, withAdmin } from './bench-app';
import { familyIdOf } from '../tests/helpers/test-database';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
/** Each client cancels its oldest booking once it holds this many, so the time keeps being fought over. */
const HELD_PER_CLIENT = 3;
const TEACHER = 'Amara Okafor';
const TIME_ZONE = 'UTC';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const name = `nestling_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', connectionString: url.toString(), max: 20 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  try {
    await migrateToLatest(database.db);
    await seed(database.db);
    // LOG_LEVEL=error shows the server's own account of any 5xx. Each family's clients together
    // hold more requests than a parent may keep waiting (3 per teacher): this bench is about
    // overlaps, so the limits make room for them (bookings-fairness.test.ts tests the limits).
    const held = String(Math.ceil(CLIENTS / 2) * HELD_PER_CLIENT);
    const env = { BOOKING_MAX_PENDING_PER_TEACHER: held, BOOKING_MAX_PENDING: held };
    app = await buildApp(loadConfig({ DATABASE_URL: url.toString(), TZ: TIME_ZONE, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...env }), {
      database,
      clientDir: '/nonexistent',
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { db } = database;

    const teacher = await db.selectFrom('shadow_teachers').select(['id', 'hourly_rate', 'availability']).where('name', '=', TEACHER).executeTakeFirstOrThrow();
    const availability = teacher.availability as Availability[];
    const families: { cookie: string; childIds: number[] }[] = [];
    for (const account of [demoAccounts.parent, demoAccounts.secondParent]) {
      const res = await fetch(`${address}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const user = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
      const children = await db.selectFrom('children').select('id').where('family_id', '=', await familyIdOf(db, user.id)).execute();
      families.push({ cookie, childIds: children.map((c) => c.id) });
    }

    // Every (date, start, end) the booking form could offer for an empty diary.
    const { first, last } = bookingWindow(localDate(new Date(), TIME_ZONE));
    const choices: { date: string; startTime: string; endTime: string }[] = [];
    for (let date = first; date <= last; date = addDays(date, 1)) {
      for (const slot of openSlotsOn(availability, weekdayOf(date), [])) {
        for (const endTime of slot.endTimes) choices.push({ date, startTime: slot.startTime, endTime });
      }
    }

    const tally = { attempts: 0, created: 0, conflicts: 0, cancelled: 0, unexpected: new Map<string, number>() };
    const latencies: number[] = [];
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

    async function client(index: number) {
      const family = families[index % families.length]!;
      const held: number[] = [];
      while (tally.attempts < ATTEMPTS) {
        tally.attempts += 1;
        if (held.length >= HELD_PER_CLIENT) {
          const id = held.shift()!;
          const res = await fetch(`${address}/api/shadow-bookings/${id}/status`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', cookie: family.cookie },
            body: JSON.stringify({ status: 'cancelled' }),
          });
          await res.arrayBuffer();
          if (res.status === 200) tally.cancelled += 1;
          else tally.unexpected.set(`cancel ${res.status}`, (tally.unexpected.get(`cancel ${res.status}`) ?? 0) + 1);
        }
        const choice = pick(choices);
        const started = performance.now();
        const res = await fetch(`${address}/api/shadow-bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: family.cookie },
          body: JSON.stringify({
            teacherId: teacher.id,
            childId: pick(family.childIds),
            sessionType: 'home',
            nurseryId: null,
            location: 'Bench Street',
            startDate: choice.date,
            endDate: choice.date,
            startTime: choice.startTime,
            endTime: choice.endTime,
            status: 'pending',
            notes: '',
            totalPrice: sessionPrice(teacher.hourly_rate, choice.startTime, choice.endTime),
            paymentStatus: 'unpaid',
          }),
        });
        const body = (await res.json()) as { id?: number; message?: string };
        latencies.push(performance.now() - started);
        if (res.status === 201) {
          tally.created += 1;
          held.push(body.id!);
        } else if (res.status === 409 && body.message?.startsWith(TIME_TAKEN_MESSAGE)) {
          tally.conflicts += 1;
        } else {
          const key = `${res.status} ${body.message ?? ''}`;
          tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
        }
      }
    }

    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    const seconds = (performance.now() - started) / 1000;

    // Checked from the stored columns, not from the generated range the constraint uses.
    const overlaps = async (column: 'teacher_id' | 'child_id') =>
      (
        await sql<{ count: number }>`
          SELECT count(*)::int AS count
          FROM shadow_bookings a
          JOIN shadow_bookings b
            ON a.id < b.id AND a.${sql.ref(column)} = b.${sql.ref(column)} AND a.start_date = b.start_date
           AND a.start_time < b.end_time AND b.start_time < a.end_time
          WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'`.execute(db)
      ).rows[0]!.count;
    const rows = await sql<{ total: number; live: number }>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE status <> 'cancelled')::int AS live FROM shadow_bookings`.execute(db);
    const teacherOverlaps = await overlaps('teacher_id');
    const childOverlaps = await overlaps('child_id');
    latencies.sort((a, b) => a - b);

    const report = {
      attempts: tally.attempts,
      clients: CLIENTS,
      created: tally.created,
      conflicts: tally.conflicts,
      cancelledToReopen: tally.cancelled,
      unexpected: Object.fromEntries(tally.unexpected),
      rowsStored: rows.rows[0]!.total,
      liveAtEnd: rows.rows[0]!.live,
      teacherOverlaps,
      childOverlaps,
      seconds: Number(seconds.toFixed(1)),
      attemptsPerSecond: Math.round(tally.attempts / seconds),
      latencyMs: { p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)) },
      machine: `${os.cpus().length} cores, Node ${process.version}`,
    };
    console.log(JSON.stringify(report, null, 2));
    const ok = teacherOverlaps === 0 && childOverlaps === 0 && report.rowsStored === report.created && tally.unexpected.size === 0;
    if (!ok) {
      console.error('FAILED: overlapping bookings, lost rows or unexpected answers (see above).');
      process.exitCode = 1;
    }
  } finally {
    await app?.close();
    await database.db.destroy();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
