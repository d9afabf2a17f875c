import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Erasing a family (issue 20, part 7).
 * - A guardian schedules it: `erase_after` is 7 days on, and signing in again before then
 *   cancels it. `erase_posts` is the guardian's choice for the community: delete their posts,
 *   or keep them anonymised.
 * - An anonymised post or comment has no author (shown as "A parent").
 * - A booking outlives the family, as the minimal anonymised record the teacher needs: its
 *   family, maker and child become null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE families ADD COLUMN erase_after timestamptz`.execute(db);
  await sql`ALTER TABLE families ADD COLUMN erase_posts text CHECK (erase_posts IN ('delete', 'anonymise'))`.execute(db);
  await sql`ALTER TABLE families ADD CONSTRAINT families_erasure_check CHECK ((erase_after IS NULL) = (erase_posts IS NULL))`.execute(db);
  await sql`CREATE INDEX families_erase_after_idx ON families (erase_after) WHERE erase_after IS NOT NULL`.execute(db);
  await sql`ALTER TABLE posts ALTER COLUMN author_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE comments ALTER COLUMN author_id DROP NOT NULL`.execute(db);
  for (const table of ['shadow_bookings', 'mental_health_bookings']) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN family_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_family_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_family_id_fkey`)} FOREIGN KEY (family_id) REFERENCES families (id) ON DELETE SET NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shadow_bookings', 'mental_health_bookings']) {
    // The older schema has no place for a booking without a family.
    await sql`DELETE FROM ${sql.table(table)} WHERE family_id IS NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_family_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_family_id_fkey`)} FOREIGN KEY (family_id) REFERENCES families (id) ON DELETE CASCADE`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN family_id SET NOT NULL`.execute(db);
  }
  await sql`DELETE FROM comments WHERE author_id IS NULL`.execute(db);
  await sql`DELETE FROM posts WHERE author_id IS NULL`.execute(db);
  await sql`ALTER TABLE comments ALTER COLUMN author_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE posts ALTER COLUMN author_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE families DROP CONSTRAINT families_erasure_check`.execute(db);
  await sql`ALTER TABLE families DROP COLUMN erase_posts`.execute(db);
  await sql`ALTER TABLE families DROP COLUMN erase_after`.execute(db);
}
