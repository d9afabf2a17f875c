import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health', () => {
  it('is ready once every migration is applied', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 while a known migration is missing, and again 200 once it is back', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(t.database.db);
    const latest = rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${latest.name}`.execute(t.database.db);
    const missing = await health();
    expect(missing.statusCode).toBe(503);
    expect(missing.json().detail).toBe('The database is not ready yet. Please try again shortly.');
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${latest.name}, ${latest.timestamp})`.execute(t.database.db);
    expect((await health()).statusCode).toBe(200);
  });

  it('answers 503, not 500, when the migration table is not there at all', async () => {
    await sql`ALTER TABLE kysely_migration RENAME TO kysely_migration_away`.execute(t.database.db);
    try {
      expect((await health()).statusCode).toBe(503);
    } finally {
      await sql`ALTER TABLE kysely_migration_away RENAME TO kysely_migration`.execute(t.database.db);
    }
  });
});
