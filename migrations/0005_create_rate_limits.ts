import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Rate-limit counters shared by every server instance, one row per key (such as an IP or
  // an email and IP pair). A fixed window: `hits` counts the attempts allowed since the window
  // began, and `not_before` holds back the next attempt when a limit slows rather than blocks.
  // `last_refused` is the verdict of the latest hit, so one upsert can both count and answer.
  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL CHECK (hits >= 0),
      window_ends_at timestamptz NOT NULL,
      not_before timestamptz NOT NULL,
      last_refused boolean NOT NULL DEFAULT false
    )`.execute(db);
  // The sweep deletes rows whose window and delay have both run out.
  await sql`CREATE INDEX rate_limits_expiry_idx ON rate_limits (window_ends_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limits`.execute(db);
}
