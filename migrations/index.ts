import type { Migration } from 'kysely/migration';
import * as createCoreTables from './0001_create_core_tables';

/**
 * Every migration, in order. A static list because Kysely's FileMigrationProvider imports
 * .ts files at run time, which fails under Vitest on Node 20.
 */
export const migrations: Record<string, Migration> = {
  '0001_create_core_tables': createCoreTables,
};
