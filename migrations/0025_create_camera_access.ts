import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Live classroom video (issue 19). A camera may have a stream source (an RTSP address, or a
 * local file for demos), may be switched off, and may be paused at once by staff (privacy
 * mode). Parents may watch only within their nursery's opening hours, kept per weekday (ISO:
 * 1 is Monday) as minutes after local midnight, closing at 1440 for "until midnight". Each time
 * someone watches a camera is a viewing session: the log parents and staff read, kept 90 days.
 * The key that signs playlist and segment tokens lives in server_secrets, shared by instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE cameras
      ADD COLUMN stream_source text,
      ADD COLUMN enabled boolean NOT NULL DEFAULT true,
      ADD COLUMN paused_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE nursery_opening_hours (
      nursery_id integer NOT NULL REFERENCES nurseries (id) ON DELETE CASCADE,
      weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
      opens_at smallint NOT NULL CHECK (opens_at BETWEEN 0 AND 1439),
      closes_at smallint NOT NULL CHECK (closes_at BETWEEN 1 AND 1440),
      CHECK (opens_at < closes_at),
      PRIMARY KEY (nursery_id, weekday)
    )`.execute(db);
  await sql`
    CREATE TABLE camera_viewing_sessions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      camera_id text NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX camera_viewing_sessions_camera_idx ON camera_viewing_sessions (camera_id, started_at)`.execute(db);
  await sql`CREATE INDEX camera_viewing_sessions_user_idx ON camera_viewing_sessions (user_id)`.execute(db);
  await sql`CREATE INDEX camera_viewing_sessions_started_idx ON camera_viewing_sessions (started_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE camera_viewing_sessions`.execute(db);
  await sql`DROP TABLE nursery_opening_hours`.execute(db);
  await sql`DELETE FROM server_secrets WHERE name = 'camera_token_key'`.execute(db);
  await sql`ALTER TABLE cameras DROP COLUMN paused_at, DROP COLUMN enabled, DROP COLUMN stream_source`.execute(db);
}
