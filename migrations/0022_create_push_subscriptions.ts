import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Web Push (issue 18): one row per device a parent turned notifications on for, keyed by the
 * push service's endpoint (a browser has one per origin), which moves to whoever saved it last.
 * A subscription belongs to the browser session that saved it and goes when that session ends
 * (sign-out, revocation, expiry): a parent who signs out of a shared computer stops its pushes.
 * `server_secrets` holds keys the server makes for itself on first start, such as the VAPID
 * pair, so that every instance on one database signs with the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      session_hash text NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      device_label text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id)`.execute(db);
  await sql`
    CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      value jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE server_secrets`.execute(db);
  await sql`DROP TABLE push_subscriptions`.execute(db);
}
