import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * API tokens gain scopes, an optional expiry, and the address they were last used from. Tokens
 * made before scopes existed could do everything their owner could through the API, so they get
 * every scope there was then: nothing that worked stops working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE api_tokens
      ADD COLUMN scopes text[] NOT NULL DEFAULT '{}',
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN last_used_ip text`.execute(db);
  await sql`
    UPDATE api_tokens SET scopes = ARRAY[
      'profile:read', 'children:read', 'children:write', 'activities:read', 'activities:write',
      'bookings:read', 'bookings:write', 'community:read', 'community:write'
    ]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_tokens DROP COLUMN scopes, DROP COLUMN expires_at, DROP COLUMN last_used_ip`.execute(db);
}
