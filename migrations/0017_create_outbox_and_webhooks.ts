import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The transactional outbox and webhooks (issue 16).
 * - `outbox_events`: every domain event, written in the transaction of the change that causes
 *   it. Its audience is a family (bookings, children, an activity naming children) or a nursery
 *   (every activity, for its staff). Writers serialise on an advisory lock before inserting, so
 *   ids follow commit order and a reader of `after=<id>` never skips a late commit.
 * - `webhook_endpoints`: a family's receivers. The secret is kept as given (it signs every
 *   delivery), and only shown to the guardian who registers it.
 * - `webhook_deliveries`: one row per event and endpoint, fanned out in the event's own
 *   transaction; workers on any instance claim due rows with FOR UPDATE SKIP LOCKED.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outbox_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL,
      family_id integer REFERENCES families (id) ON DELETE CASCADE,
      nursery_id integer REFERENCES nurseries (id) ON DELETE CASCADE,
      payload jsonb NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      CHECK (family_id IS NOT NULL OR nursery_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX outbox_events_family_idx ON outbox_events (family_id, id) WHERE family_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX outbox_events_nursery_idx ON outbox_events (nursery_id, id) WHERE nursery_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE webhook_endpoints (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      family_id integer NOT NULL REFERENCES families (id) ON DELETE CASCADE,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      url text NOT NULL,
      description text NOT NULL DEFAULT '',
      event_types text[] NOT NULL,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      disabled_at timestamptz,
      disabled_reason text
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_family_idx ON webhook_endpoints (family_id, id)`.execute(db);

  await sql`
    CREATE TABLE webhook_deliveries (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      event_id integer NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      last_duration_ms integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (endpoint_id, event_id)
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_endpoints`.execute(db);
  await sql`DROP TABLE outbox_events`.execute(db);
}
