import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrator';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Migrations 0009 (idempotency_keys) and 0010 (calendar_subscriptions) go down and up cleanly.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const tables = async () =>
  (
    await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name IN ('idempotency_keys', 'calendar_subscriptions')
       ORDER BY table_name`.execute(database.db)
  ).rows.map((row) => row.table_name);

describe('migrations 0009 and 0010', () => {
  it('drop their tables going down and create them again going up', async () => {
    expect(await tables()).toEqual(['calendar_subscriptions', 'idempotency_keys']);
    await migrateTo(database.db, '0009_create_idempotency_keys');
    expect(await tables()).toEqual(['idempotency_keys']);
    await migrateTo(database.db, '0008_add_booking_cancel_reason');
    expect(await tables()).toEqual([]);
    await migrateToLatest(database.db);
    expect(await tables()).toEqual(['calendar_subscriptions', 'idempotency_keys']);
  });
});
