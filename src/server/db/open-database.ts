import type { Config } from '../config';
import { createDatabase, type DatabaseHandle } from './create-database';

/** The database the config names: PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR. */
export function openDatabase(config: Config): Promise<DatabaseHandle> {
  return createDatabase(
    config.databaseUrl ? { kind: 'postgres', connectionString: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
}
