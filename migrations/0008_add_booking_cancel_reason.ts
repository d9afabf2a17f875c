import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Why a booking was cancelled: by its parent ('parent'), declined by its teacher ('declined'), or
 * left unconfirmed until it expired ('expired'). Expiry is the service's doing, so booking events
 * get a third actor, 'system', with no actor_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shadow_bookings
      ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('parent', 'declined', 'expired'))`.execute(db);

  // Each cancelled booking takes the reason of its last cancelling event: a teacher's is a
  // decline, a parent's a cancellation. One without such an event did not change status through
  // the app (imported, or edited by hand); the spec's only cancel is the parent's, so 'parent'.
  await sql`
    UPDATE shadow_bookings AS b
       SET cancel_reason = CASE
         WHEN (SELECT e.actor_role FROM booking_events AS e
                WHERE e.booking_id = b.id AND e.to_status = 'cancelled'
                ORDER BY e.occurred_at DESC, e.id DESC LIMIT 1) = 'teacher' THEN 'declined'
         ELSE 'parent'
       END
     WHERE b.status = 'cancelled'`.execute(db);

  // A reason exactly when cancelled, so no reader has to guess.
  await sql`
    ALTER TABLE shadow_bookings ADD CONSTRAINT shadow_bookings_cancel_reason_when_cancelled
      CHECK ((status = 'cancelled') = (cancel_reason IS NOT NULL))`.execute(db);

  await sql`ALTER TABLE booking_events DROP CONSTRAINT booking_events_actor_role_check`.execute(db);
  await sql`
    ALTER TABLE booking_events ADD CONSTRAINT booking_events_actor_role_check
      CHECK (actor_role IN ('parent', 'teacher', 'system'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Expiry events have no role in the older schema; the booking keeps its cancelled status.
  await sql`DELETE FROM booking_events WHERE actor_role = 'system'`.execute(db);
  await sql`ALTER TABLE booking_events DROP CONSTRAINT booking_events_actor_role_check`.execute(db);
  await sql`
    ALTER TABLE booking_events ADD CONSTRAINT booking_events_actor_role_check
      CHECK (actor_role IN ('parent', 'teacher'))`.execute(db);
  await sql`
    ALTER TABLE shadow_bookings
      DROP CONSTRAINT shadow_bookings_cancel_reason_when_cancelled,
      DROP COLUMN cancel_reason`.execute(db);
}
