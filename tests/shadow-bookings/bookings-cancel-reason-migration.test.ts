import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrator';
import { seed } from '../../src/server/demo/seed';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { NOW, windowWeekdays } from './bookings.fixtures';

// Migration 0008 gives every cancelled booking a reason, taken from its audit trail.
const BEFORE_0008 = '0007_add_activity_children';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db, NOW);
});
afterAll(() => database?.drop());

const reasons = async () =>
  (await sql<{ notes: string; status: string; cancel_reason: string | null }>`SELECT notes, status, cancel_reason FROM shadow_bookings ORDER BY id`.execute(database.db)).rows;

describe('migration 0008_add_booking_cancel_reason', () => {
  it('backfills cancelled bookings from their last cancelling event, and no reason for the others', async () => {
    const db = database.db;
    await migrateTo(db, BEFORE_0008);
    const parent = await db.selectFrom('users').select('id').where('email', '=', 'demo@nestling.test').executeTakeFirstOrThrow();
    // At this version a child still belongs to one parent, not yet to a family.
    const child = (await sql<{ id: number }>`SELECT id FROM children WHERE parent_id = ${parent.id} ORDER BY id LIMIT 1`.execute(db)).rows[0]!;
    const teacher = await db.selectFrom('shadow_teachers').select('id').where('name', '=', 'Amara Okafor').executeTakeFirstOrThrow();

    const cases: [string, string, ('parent' | 'teacher')[]][] = [
      ['declined by the teacher', 'cancelled', ['teacher']],
      ['cancelled by the parent', 'cancelled', ['parent']],
      ['cancelled with no event', 'cancelled', []],
      ['still pending', 'pending', []],
      ['confirmed', 'confirmed', ['teacher']],
    ];
    for (const [index, [notes, status, actors]] of cases.entries()) {
      const date = windowWeekdays[index]!;
      const { rows } = await sql<{ id: number }>`
        INSERT INTO shadow_bookings (parent_id, teacher_id, child_id, session_type, location, start_date, end_date, start_time, end_time, status, notes, total_price)
        VALUES (${parent.id}, ${teacher.id}, ${child.id}, 'home', 'Home', ${date}, ${date}, '09:00', '10:00', ${status}, ${notes}, 4800)
        RETURNING id`.execute(db);
      for (const [order, actor] of actors.entries()) {
        await sql`
          INSERT INTO booking_events (booking_id, actor_id, actor_role, from_status, to_status, occurred_at)
          VALUES (${rows[0]!.id}, ${parent.id}, ${actor}, 'pending', ${status}, ${new Date(NOW.getTime() + order * 1000)})`.execute(db);
      }
    }

    await migrateToLatest(db);
    expect(await reasons()).toEqual([
      { notes: 'declined by the teacher', status: 'cancelled', cancel_reason: 'declined' },
      { notes: 'cancelled by the parent', status: 'cancelled', cancel_reason: 'parent' },
      { notes: 'cancelled with no event', status: 'cancelled', cancel_reason: 'parent' },
      { notes: 'still pending', status: 'pending', cancel_reason: null },
      { notes: 'confirmed', status: 'confirmed', cancel_reason: null },
    ]);
  });

  it('keeps a reason exactly on cancelled bookings, and lets the system record events', async () => {
    const db = database.db;
    const [pending] = await db.selectFrom('shadow_bookings').select('id').where('status', '=', 'pending').execute();
    await expect(db.updateTable('shadow_bookings').set({ status: 'cancelled' }).where('id', '=', pending!.id).execute()).rejects.toThrow(/cancel_reason_when_cancelled/);
    await expect(db.updateTable('shadow_bookings').set({ cancel_reason: 'expired' }).where('id', '=', pending!.id).execute()).rejects.toThrow(/cancel_reason_when_cancelled/);
    await db.updateTable('shadow_bookings').set({ status: 'cancelled', cancel_reason: 'expired' }).where('id', '=', pending!.id).execute();
    await db
      .insertInto('booking_events')
      .values({ booking_id: pending!.id, actor_id: null, actor_role: 'system', from_status: 'pending', to_status: 'cancelled', occurred_at: NOW })
      .execute();
  });

  it('migrates down and up again', async () => {
    await migrateTo(database.db, BEFORE_0008);
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'shadow_bookings' AND column_name = 'cancel_reason'`.execute(database.db);
    expect(columns.rows).toEqual([]);
    expect(await database.db.selectFrom('booking_events').select('id').where('actor_role', '=', 'system').execute()).toEqual([]);
    await migrateToLatest(database.db);
    expect((await reasons()).map((row) => row.cancel_reason)).toEqual(['declined', 'parent', 'parent', 'parent', null]);
  });
});
