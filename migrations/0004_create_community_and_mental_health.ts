import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Uploaded images. The bytes live here for now, so every server instance can serve them;
  // an object store can take over the bytes later while this row keeps the metadata.
  await sql`
    CREATE TABLE images (
      id uuid PRIMARY KEY,
      owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
      byte_size integer NOT NULL CHECK (byte_size BETWEEN 1 AND 5242880),
      bytes bytea NOT NULL CHECK (octet_length(bytes) = byte_size),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX images_owner_idx ON images (owner_id)`.execute(db);

  await sql`
    CREATE TABLE support_groups (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      name text NOT NULL CHECK (name <> ''),
      description text NOT NULL,
      image text,
      tags text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // One row per member: joining twice changes nothing, and the member count is a count.
  await sql`
    CREATE TABLE group_memberships (
      group_id integer NOT NULL REFERENCES support_groups (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (group_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX group_memberships_user_idx ON group_memberships (user_id)`.execute(db);

  await sql`
    CREATE TABLE posts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      author_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      group_id integer REFERENCES support_groups (id) ON DELETE SET NULL,
      title text NOT NULL CHECK (title <> '' AND char_length(title) <= 150),
      content text NOT NULL CHECK (content <> '' AND char_length(content) <= 5000),
      tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 10),
      image_id uuid REFERENCES images (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The feed pages newest first by (created_at, id).
  await sql`CREATE INDEX posts_feed_idx ON posts (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX posts_group_feed_idx ON posts (group_id, created_at DESC, id DESC) WHERE group_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX posts_author_idx ON posts (author_id)`.execute(db);
  await sql`CREATE INDEX posts_image_idx ON posts (image_id) WHERE image_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE comments (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      author_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      content text NOT NULL CHECK (content <> '' AND char_length(content) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX comments_post_idx ON comments (post_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX comments_author_idx ON comments (author_id)`.execute(db);

  // The primary key is the one-like-per-user rule; the like count is a count of these rows.
  await sql`
    CREATE TABLE post_likes (
      post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (post_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX post_likes_user_idx ON post_likes (user_id)`.execute(db);

  await sql`
    CREATE TABLE post_reports (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      reporter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason <> '' AND char_length(reason) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (post_id, reporter_id)
    )`.execute(db);
  await sql`CREATE INDEX post_reports_created_idx ON post_reports (created_at DESC)`.execute(db);

  // The mental-health catalogue. Catalogue ids are stable slugs; prices are cents.
  await sql`
    CREATE TABLE mental_health_services (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text NOT NULL CHECK (title <> ''),
      description text NOT NULL,
      position integer NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE mental_health_service_options (
      service_id text NOT NULL REFERENCES mental_health_services (id) ON DELETE CASCADE,
      id text NOT NULL CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      name text NOT NULL CHECK (name <> ''),
      price integer NOT NULL CHECK (price >= 0),
      position integer NOT NULL,
      PRIMARY KEY (service_id, id)
    )`.execute(db);

  await sql`
    CREATE TABLE specialists (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      name text NOT NULL CHECK (name <> ''),
      specialty text NOT NULL,
      qualifications text NOT NULL,
      experience text NOT NULL,
      languages text[] NOT NULL DEFAULT '{}',
      bio text NOT NULL,
      image text,
      position integer NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE specialist_session_types (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      name text NOT NULL CHECK (name <> ''),
      minutes integer NOT NULL CHECK (minutes > 0),
      price integer NOT NULL CHECK (price >= 0),
      position integer NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE mental_health_time_windows (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      label text NOT NULL CHECK (label <> ''),
      position integer NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE mental_health_articles (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text NOT NULL CHECK (title <> ''),
      category text NOT NULL,
      author text NOT NULL,
      published_on date NOT NULL,
      excerpt text NOT NULL,
      position integer NOT NULL
    )`.execute(db);

  // A booking names a service option or a specialist session, never both. The price is the
  // catalogue's at the time of booking, copied so a later price change leaves it alone.
  await sql`
    CREATE TABLE mental_health_bookings (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      parent_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      child_id integer REFERENCES children (id) ON DELETE SET NULL,
      service_id text,
      option_id text,
      specialist_id text REFERENCES specialists (id),
      session_type_id text REFERENCES specialist_session_types (id),
      session_date date NOT NULL,
      time_window text NOT NULL REFERENCES mental_health_time_windows (id),
      notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
      price integer NOT NULL CHECK (price >= 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (service_id, option_id) REFERENCES mental_health_service_options (service_id, id),
      CHECK (
        (service_id IS NOT NULL AND option_id IS NOT NULL AND specialist_id IS NULL AND session_type_id IS NULL) OR
        (service_id IS NULL AND option_id IS NULL AND specialist_id IS NOT NULL AND session_type_id IS NOT NULL)
      )
    )`.execute(db);
  await sql`CREATE INDEX mental_health_bookings_parent_idx ON mental_health_bookings (parent_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX mental_health_bookings_child_idx ON mental_health_bookings (child_id) WHERE child_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mental_health_bookings',
    'mental_health_articles',
    'mental_health_time_windows',
    'specialist_session_types',
    'specialists',
    'mental_health_service_options',
    'mental_health_services',
    'post_reports',
    'post_likes',
    'comments',
    'posts',
    'group_memberships',
    'support_groups',
    'images',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
