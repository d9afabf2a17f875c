import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A family's data to take away (issue 20, part 6). A guardian asks; a worker on any instance
 * claims the job (a lease, so a dead worker's job is taken up again), builds the zip, and keeps
 * it in the object store that images use, for 7 days. Progress is a percentage.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE family_exports (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      family_id integer NOT NULL REFERENCES families (id) ON DELETE CASCADE,
      requested_by integer REFERENCES users (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      lease_until timestamptz,
      object_key text,
      byte_size bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX family_exports_family_idx ON family_exports (family_id, id DESC)`.execute(db);
  await sql`CREATE INDEX family_exports_waiting_idx ON family_exports (id) WHERE status IN ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE family_exports`.execute(db);
}
