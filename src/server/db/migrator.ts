import type { Kysely } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator } from 'kysely/migration';
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

/** Migrates up or down until the named migration is the last one applied. */
export async function migrateTo(db: AnyDb, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw new Error(`Migrating to ${name} failed`, { cause: error });
}

/**
 * True when every known migration has been applied. Health checks call it often, so it is one
 * primary-key lookup rather than the Migrator's catalogue introspection; a database never
 * migrated has no table yet and throws.
 */
export async function isFullyMigrated(db: AnyDb): Promise<boolean> {
  const names = Object.keys(migrations);
  const { applied } = await db
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select((eb) => eb.fn.countAll<number>().as('applied'))
    .where('name', 'in', names)
    .executeTakeFirstOrThrow();
  return Number(applied) === names.length;
}
