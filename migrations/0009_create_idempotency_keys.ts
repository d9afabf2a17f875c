import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Idempotency-Key records, per user: a key is taken by inserting its row before the request runs
 * (a second request finds the row and does not run), and completed with the answer to replay.
 * `fingerprint` is a hash of the request (method, path, body), so a reused key with another body
 * is told apart. `started_at` is when the request holding an unfinished key began: a crashed
 * request leaves one behind, which others may take over once it is old. Rows live 24 hours from
 * `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text NOT NULL,
      fingerprint text NOT NULL,
      created_at timestamptz NOT NULL,
      started_at timestamptz NOT NULL,
      response_status smallint,
      response_headers jsonb,
      response_body text,
      PRIMARY KEY (user_id, key),
      CHECK ((response_status IS NULL) = (response_body IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotency_keys`.execute(db);
}
