import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await sql`
    CREATE TABLE nurseries (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      image text,
      rating integer CHECK (rating BETWEEN 0 AND 50),
      location text NOT NULL,
      latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
      age_min integer NOT NULL CHECK (age_min >= 0),
      age_max integer NOT NULL CHECK (age_max >= age_min),
      age_groups text[] NOT NULL DEFAULT '{}',
      facilities text[] NOT NULL DEFAULT '{}',
      special_needs_support boolean NOT NULL DEFAULT false,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(location, '')), 'B')
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX nurseries_search_idx ON nurseries USING gin (search)`.execute(db);
  await sql`CREATE INDEX nurseries_name_trgm_idx ON nurseries USING gin (name gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX nurseries_location_trgm_idx ON nurseries USING gin (location gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX nurseries_position_idx ON nurseries (latitude, longitude)`.execute(db);

  await sql`
    CREATE TABLE classrooms (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      nursery_id integer NOT NULL REFERENCES nurseries (id) ON DELETE CASCADE,
      name text NOT NULL,
      UNIQUE (nursery_id, name)
    )`.execute(db);

  await sql`
    CREATE TABLE cameras (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      classroom_id integer NOT NULL REFERENCES classrooms (id) ON DELETE CASCADE,
      name text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX cameras_classroom_idx ON cameras (classroom_id)`.execute(db);

  await sql`
    CREATE TABLE shadow_teachers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      profile_image text,
      location text NOT NULL,
      specialization text[] NOT NULL DEFAULT '{}',
      bio text NOT NULL DEFAULT '',
      experience integer NOT NULL CHECK (experience >= 0),
      hourly_rate integer NOT NULL CHECK (hourly_rate > 0),
      rating integer NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 50),
      availability jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX shadow_teachers_specialization_idx ON shadow_teachers USING gin (specialization)`.execute(db);
  await sql`CREATE INDEX shadow_teachers_location_trgm_idx ON shadow_teachers USING gin (location gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX shadow_teachers_rating_idx ON shadow_teachers (rating DESC, id)`.execute(db);

  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      phone text,
      city text,
      latitude double precision CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision CHECK (longitude BETWEEN -180 AND 180),
      role text NOT NULL DEFAULT 'parent' CHECK (role IN ('parent', 'staff', 'teacher', 'admin')),
      profile_image text,
      nursery_id integer REFERENCES nurseries (id) ON DELETE SET NULL,
      shadow_teacher_id integer REFERENCES shadow_teachers (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_idx ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`.execute(db);

  await sql`
    CREATE TABLE api_tokens (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      token_prefix text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE children (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      parent_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      classroom_id integer REFERENCES classrooms (id) ON DELETE SET NULL,
      name text NOT NULL,
      date_of_birth date NOT NULL,
      profile_image text,
      status text NOT NULL DEFAULT 'offline',
      current_activity text,
      last_update timestamptz,
      special_needs boolean NOT NULL DEFAULT false,
      special_needs_details text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX children_parent_idx ON children (parent_id, id)`.execute(db);
  await sql`CREATE INDEX children_classroom_idx ON children (classroom_id)`.execute(db);

  await sql`
    CREATE TABLE activities (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      classroom_id integer NOT NULL REFERENCES classrooms (id) ON DELETE CASCADE,
      camera_id text REFERENCES cameras (id) ON DELETE SET NULL,
      child_id integer REFERENCES children (id) ON DELETE SET NULL,
      type text NOT NULL CHECK (type ~ '^[a-z]+$'),
      description text NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX activities_classroom_time_idx ON activities (classroom_id, occurred_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX activities_camera_time_idx ON activities (camera_id, occurred_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX activities_child_idx ON activities (child_id)`.execute(db);

  await sql`
    CREATE TABLE products (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL,
      image text,
      price integer NOT NULL CHECK (price >= 0),
      original_price integer CHECK (original_price >= 0),
      badge_type text,
      badge_text text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((badge_type IS NULL) = (badge_text IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX products_created_idx ON products (created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE shadow_bookings (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      parent_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      teacher_id integer REFERENCES shadow_teachers (id) ON DELETE SET NULL,
      child_id integer REFERENCES children (id) ON DELETE SET NULL,
      session_type text NOT NULL CHECK (session_type IN ('nursery', 'home', 'rehabilitation')),
      nursery_id integer REFERENCES nurseries (id) ON DELETE SET NULL,
      location text,
      start_date date NOT NULL,
      end_date date NOT NULL,
      start_time text NOT NULL,
      end_time text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
      notes text NOT NULL DEFAULT '',
      total_price integer NOT NULL CHECK (total_price >= 0),
      payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX shadow_bookings_parent_idx ON shadow_bookings (parent_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX shadow_bookings_teacher_idx ON shadow_bookings (teacher_id, start_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'shadow_bookings',
    'products',
    'activities',
    'children',
    'api_tokens',
    'sessions',
    'users',
    'shadow_teachers',
    'cameras',
    'classrooms',
    'nurseries',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
