import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Sessions a person can see and end (issue 20, part 4), and a way back in (part 5).
 * - A session gets an id to name it by (its token hash must never leave the server), the user
 *   agent and address it was started from, and when it was last used. last_active_at is written
 *   at most once a minute per session, so reading it costs no write per request. Sessions that
 *   exist already count as last active when they began.
 * - A password reset is a single-use link that lasts an hour: only its secret's SHA-256 is kept,
 *   as for sessions. `used_at` marks it spent; `created_by` is the guardian who made it for a
 *   member of their family, and null when the person asked for it by email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN user_agent text`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN ip text`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN last_active_at timestamptz`.execute(db);
  await sql`UPDATE sessions SET last_active_at = created_at`.execute(db);
  await sql`ALTER TABLE sessions ALTER COLUMN last_active_at SET DEFAULT now()`.execute(db);
  await sql`ALTER TABLE sessions ALTER COLUMN last_active_at SET NOT NULL`.execute(db);

  await sql`
    CREATE TABLE password_resets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`.execute(db);
  await sql`CREATE INDEX password_resets_expires_idx ON password_resets (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE password_resets`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN last_active_at`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN ip`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN user_agent`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN id`.execute(db);
}
