import type { Config } from '../config';
import { createDatabase, type DatabaseHandle } from './create-database';

/**
 * Connections to PostgreSQL per server instance, all opened at start and kept open, as a fixed
 * pool (HikariCP's default too): a burst of requests then never waits for new ones.
 */
export const POOL_SIZE = 10;

/** The database the config names: PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR. */
export function openDatabase(config: Config): Promise<DatabaseHandle> {
  return createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', connectionString: config.databaseUrl, max: POOL_SIZE, min: POOL_SIZE }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
}
