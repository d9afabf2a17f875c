import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A user's secret calendar subscription address (at most one): calendar apps cannot send
 * credentials, so the address itself is the credential. Only its SHA-256 is kept, as for API
 * tokens; revoking deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_subscriptions (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE calendar_subscriptions`.execute(db);
}
