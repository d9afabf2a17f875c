import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Passkeys (WebAuthn) and two-step sign-in (TOTP), issue 20 parts 2 and 3.
 * - An account may now have no password at all (it signs in with a passkey).
 * - `users.webauthn_handle` is the random, stable user handle authenticators store with a
 *   passkey (never the id or email, which would leak to the authenticator).
 * - WebAuthn challenges live here, not in memory, because several server processes share one
 *   database: the options may come from one and the answer reach another. Each is single-use.
 * - A pending sign-in is the password step of a two-step sign-in: only its token's SHA-256 is
 *   kept, as for sessions.
 * - Recovery codes are stored as their SHA-256; `used_at` marks one spent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN webauthn_handle text UNIQUE`.execute(db);

  await sql`
    CREATE TABLE passkeys (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      credential_id text NOT NULL UNIQUE,
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
      transports text[] NOT NULL DEFAULT '{}',
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE webauthn_challenges (
      challenge text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'confirm')),
      user_id integer REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      CHECK ((purpose = 'sign-in') = (user_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at)`.execute(db);

  await sql`
    CREATE TABLE two_step (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret text NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE two_step_recovery_codes (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`.execute(db);

  await sql`
    CREATE TABLE pending_sign_ins (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX pending_sign_ins_user_idx ON pending_sign_ins (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE pending_sign_ins`.execute(db);
  await sql`DROP TABLE two_step_recovery_codes`.execute(db);
  await sql`DROP TABLE two_step`.execute(db);
  await sql`DROP TABLE webauthn_challenges`.execute(db);
  await sql`DROP TABLE passkeys`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN webauthn_handle`.execute(db);
  // An account without a password cannot be kept by the older schema: it could never sign in there.
  await sql`DELETE FROM users WHERE password_hash IS NULL`.execute(db);
  await sql`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`.execute(db);
}
