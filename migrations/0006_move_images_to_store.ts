import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
//
// Image bytes move out of the database into an object store (a directory or an S3 bucket).
// This migration only changes the schema. Moving the rows it leaves with bytes needs the image
// pipeline and the store, which a migration must not import, so the server does it at start-up
// (lib/images: moveLegacyImages), re-encoding each image and then clearing its bytes. Until
// then a row keeps its bytes and has no key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE images
      ADD COLUMN key text UNIQUE,
      ADD COLUMN thumbnail_key text UNIQUE,
      ADD COLUMN width integer CHECK (width > 0),
      ADD COLUMN height integer CHECK (height > 0),
      ALTER COLUMN bytes DROP NOT NULL,
      -- Re-encoded images may come out larger than the 5 MB upload they came from.
      DROP CONSTRAINT images_byte_size_check,
      DROP CONSTRAINT images_check,
      ADD CONSTRAINT images_byte_size_positive CHECK (byte_size > 0),
      ADD CONSTRAINT images_legacy_or_stored CHECK (
        (bytes IS NOT NULL AND octet_length(bytes) = byte_size AND key IS NULL AND thumbnail_key IS NULL)
        OR (bytes IS NULL AND key IS NOT NULL AND thumbnail_key IS NOT NULL AND width IS NOT NULL AND height IS NOT NULL)
      )`.execute(db);
  // The hourly sweep of unreferenced uploads walks images by age.
  await sql`CREATE INDEX images_created_idx ON images (created_at, id)`.execute(db);

  // One row per upload, kept for a day: the daily quota counts these, so deleting an image
  // (or the post it is on) does not give the upload back.
  await sql`
    CREATE TABLE image_uploads (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      uploaded_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX image_uploads_user_idx ON image_uploads (user_id, uploaded_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE image_uploads`.execute(db);
  await sql`DROP INDEX images_created_idx`.execute(db);
  // Images already moved have their bytes in the store only; the old schema cannot hold them.
  await sql`DELETE FROM images WHERE bytes IS NULL`.execute(db);
  await sql`
    ALTER TABLE images
      DROP CONSTRAINT images_legacy_or_stored,
      DROP CONSTRAINT images_byte_size_positive,
      DROP COLUMN key,
      DROP COLUMN thumbnail_key,
      DROP COLUMN width,
      DROP COLUMN height,
      ALTER COLUMN bytes SET NOT NULL,
      ADD CONSTRAINT images_byte_size_check CHECK (byte_size BETWEEN 1 AND 5242880),
      ADD CONSTRAINT images_check CHECK (octet_length(bytes) = byte_size)`.execute(db);
}
