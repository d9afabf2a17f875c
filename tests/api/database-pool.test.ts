import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/create-database';
import { openDatabase, POOL_SIZE } from '../../src/server/db/open-database';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../helpers/test-database';

// PostgreSQL only: the embedded database has no connections to open.
describe.runIf(testPostgresUrl)("the server's PostgreSQL pool", () => {
  let database: TestDatabase;
  let opened: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await openDatabase(loadConfig({ DATABASE_URL: database.connectionString! }));
  });
  afterAll(async () => {
    await opened?.db.destroy();
    await database?.drop();
  });

  it('opens all its connections at start and keeps them open when idle, so a burst never waits for new ones', () => {
    expect(opened.pool!.totalCount).toBe(POOL_SIZE);
    expect(opened.pool!.idleCount).toBe(POOL_SIZE);
    // Above `min` a pool closes what idles for idleTimeoutMillis; at `min` it closes nothing.
    expect(opened.pool!.options.min).toBe(POOL_SIZE);
  });
});
