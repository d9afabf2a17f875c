import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from '../../../migrations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work below the typed schema
type AnyDb = Kysely<any>;

function migratorFor(db: AnyDb): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: AnyDb): Promise<string[]> {
  const { error, results = [] } = await migratorFor(db).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return results.map((r) => r.migrationName);
}

export async function migrateDown(db: AnyDb): Promise<void> {
  const { error } = await migratorFor(db).migrateDown();
  if (error) throw new Error('Migrating down failed', { cause: error });
}

/** True when every known migration has been applied. */
export async function isFullyMigrated(db: AnyDb): Promise<boolean> {
  const applied = await migratorFor(db).getMigrations();
  return applied.every((m) => m.executedAt !== undefined);
}
