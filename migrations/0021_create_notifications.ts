import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The notification centre (issue 18): one row per adult and thing to tell them, with its own
 * read state; each adult's preferences; and the cursor of every consumer of the outbox.
 * `source` names what caused a row (an outbox event, a comment…), so processing the same cause
 * twice stores nothing twice. `in_app` false keeps a row for its push only: it is never listed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      family_id integer NOT NULL REFERENCES families (id) ON DELETE CASCADE,
      category text NOT NULL CHECK (category IN ('activity', 'booking', 'community', 'message', 'report')),
      title text NOT NULL,
      body text NOT NULL,
      link text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      in_app boolean NOT NULL DEFAULT true,
      push_state text NOT NULL CHECK (push_state IN ('pending', 'sent', 'skipped', 'none')),
      source text NOT NULL,
      UNIQUE (user_id, source)
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC) WHERE in_app`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE in_app AND read_at IS NULL`.execute(db);
  await sql`CREATE INDEX notifications_push_pending_idx ON notifications (id) WHERE push_state = 'pending'`.execute(db);
  await sql`CREATE INDEX notifications_family_idx ON notifications (family_id)`.execute(db);

  await sql`
    CREATE TABLE notification_preferences (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      activity_in_app boolean NOT NULL DEFAULT true,
      activity_push boolean NOT NULL DEFAULT true,
      booking_in_app boolean NOT NULL DEFAULT true,
      booking_push boolean NOT NULL DEFAULT true,
      community_in_app boolean NOT NULL DEFAULT true,
      community_push boolean NOT NULL DEFAULT true,
      message_in_app boolean NOT NULL DEFAULT true,
      message_push boolean NOT NULL DEFAULT true,
      report_in_app boolean NOT NULL DEFAULT true,
      report_push boolean NOT NULL DEFAULT true,
      muted_activity_types text[] NOT NULL DEFAULT '{}',
      quiet_start text CHECK (quiet_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      quiet_end text CHECK (quiet_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((quiet_start IS NULL) = (quiet_end IS NULL))
    )`.execute(db);

  await sql`
    CREATE TABLE outbox_consumers (
      name text PRIMARY KEY,
      last_event_id integer NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE outbox_consumers`.execute(db);
  await sql`DROP TABLE notification_preferences`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
}
