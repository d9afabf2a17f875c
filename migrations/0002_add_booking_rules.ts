import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Well-formed times first, so the range below can always be computed.
  await sql`
    ALTER TABLE shadow_bookings
      ADD CONSTRAINT shadow_bookings_start_time_format CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      ADD CONSTRAINT shadow_bookings_end_time_format CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      ADD CONSTRAINT shadow_bookings_one_day CHECK (end_date = start_date),
      ADD CONSTRAINT shadow_bookings_ends_after_start CHECK (end_time > start_time)`.execute(db);

  // The session as a wall-clock range in the service's time zone, half-open so that one
  // session may start when another ends. make_time rather than a text-to-time cast, because
  // a generated column needs immutable functions and time_in is only stable.
  await sql`
    ALTER TABLE shadow_bookings ADD COLUMN during tsrange GENERATED ALWAYS AS (
      tsrange(
        start_date + make_time(split_part(start_time, ':', 1)::int, split_part(start_time, ':', 2)::int, 0),
        end_date + make_time(split_part(end_time, ':', 1)::int, split_part(end_time, ':', 2)::int, 0),
        '[)'
      )
    ) STORED`.execute(db);

  // No two live bookings of one teacher, or of one child, may overlap. The database decides,
  // so two requests racing for the same time cannot both win (the loser gets SQLSTATE 23P01).
  await sql`
    ALTER TABLE shadow_bookings ADD CONSTRAINT shadow_bookings_teacher_no_overlap
      EXCLUDE USING gist (teacher_id WITH =, during WITH &&) WHERE (status <> 'cancelled')`.execute(db);
  await sql`
    ALTER TABLE shadow_bookings ADD CONSTRAINT shadow_bookings_child_no_overlap
      EXCLUDE USING gist (child_id WITH =, during WITH &&) WHERE (status <> 'cancelled')`.execute(db);

  // Who changed a booking's status, when, and from what to what. from_status is null for the
  // creation itself.
  await sql`
    CREATE TABLE booking_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      booking_id integer NOT NULL REFERENCES shadow_bookings (id) ON DELETE CASCADE,
      actor_id integer REFERENCES users (id) ON DELETE SET NULL,
      actor_role text NOT NULL CHECK (actor_role IN ('parent', 'teacher')),
      from_status text CHECK (from_status IN ('pending', 'confirmed', 'cancelled')),
      to_status text NOT NULL CHECK (to_status IN ('pending', 'confirmed', 'cancelled')),
      occurred_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, occurred_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS booking_events`.execute(db);
  await sql`
    ALTER TABLE shadow_bookings
      DROP CONSTRAINT IF EXISTS shadow_bookings_child_no_overlap,
      DROP CONSTRAINT IF EXISTS shadow_bookings_teacher_no_overlap,
      DROP COLUMN IF EXISTS during,
      DROP CONSTRAINT IF EXISTS shadow_bookings_ends_after_start,
      DROP CONSTRAINT IF EXISTS shadow_bookings_one_day,
      DROP CONSTRAINT IF EXISTS shadow_bookings_end_time_format,
      DROP CONSTRAINT IF EXISTS shadow_bookings_start_time_format`.execute(db);
}
