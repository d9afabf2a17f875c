import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Staff webhooks (issue 16): an endpoint belongs to a family (its guardians registered it and it
 * receives the family's events) or to a nursery (its staff registered it and it receives the
 * nursery's events), never both and never neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_endpoints ALTER COLUMN family_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE webhook_endpoints ADD COLUMN nursery_id integer REFERENCES nurseries (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_one_owner CHECK ((family_id IS NULL) <> (nursery_id IS NULL))`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_nursery_idx ON webhook_endpoints (nursery_id, id) WHERE nursery_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN resent_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries DROP COLUMN resent_at`.execute(db);
  await sql`DELETE FROM webhook_endpoints WHERE nursery_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX webhook_endpoints_nursery_idx`.execute(db);
  await sql`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_one_owner`.execute(db);
  await sql`ALTER TABLE webhook_endpoints DROP COLUMN nursery_id`.execute(db);
  await sql`ALTER TABLE webhook_endpoints ALTER COLUMN family_id SET NOT NULL`.execute(db);
}
