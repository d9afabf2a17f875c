import { sql, type Kysely } from 'kysely';

/**
 * Photos on activities. A photo is an uploaded image attached to one activity; who may see it
 * follows from the children tagged in it (their families) and the activity's nursery (its
 * staff), so the tags get a table of their own. A family may opt a child out of photos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE children ADD COLUMN photos_allowed boolean NOT NULL DEFAULT true`.execute(db);
  await sql`
    CREATE TABLE activity_photos (
      image_id uuid PRIMARY KEY REFERENCES images (id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 4),
      UNIQUE (activity_id, position)
    )`.execute(db);
  await sql`
    CREATE TABLE activity_photo_tags (
      activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
      child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
      PRIMARY KEY (activity_id, child_id)
    )`.execute(db);
  await sql`CREATE INDEX activity_photo_tags_child_idx ON activity_photo_tags (child_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE activity_photo_tags`.execute(db);
  await sql`DROP TABLE activity_photos`.execute(db);
  await sql`ALTER TABLE children DROP COLUMN photos_allowed`.execute(db);
}
