import { sql, type Kysely } from 'kysely';

/**
 * An activity may be about several children, or none (classroom-wide). Who may read it follows
 * from them, so they get a table of their own instead of the single child_id column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE activity_children (
      activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
      child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
      PRIMARY KEY (activity_id, child_id)
    )`.execute(db);
  await sql`CREATE INDEX activity_children_child_idx ON activity_children (child_id)`.execute(db);
  await sql`INSERT INTO activity_children (activity_id, child_id) SELECT id, child_id FROM activities WHERE child_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE activities DROP COLUMN child_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE activities ADD COLUMN child_id integer REFERENCES children (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX activities_child_idx ON activities (child_id)`.execute(db);
  // One child column can keep only one of several children: the lowest id.
  await sql`
    UPDATE activities SET child_id = named.child_id
    FROM (SELECT activity_id, min(child_id) AS child_id FROM activity_children GROUP BY activity_id) AS named
    WHERE activities.id = named.activity_id`.execute(db);
  await sql`DROP TABLE activity_children`.execute(db);
}
