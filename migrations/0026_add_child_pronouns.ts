import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A child's pronouns, as the family chooses: how sentences about the child refer to them ("when
 * she's checked in"). Null when not given; sentences then say "they".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE children ADD COLUMN pronouns text CHECK (pronouns IN ('she', 'he', 'they'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE children DROP COLUMN pronouns`.execute(db);
}
