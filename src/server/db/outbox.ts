import { sql, type Transaction } from 'kysely';
import type { EventType } from '../../shared/schemas/events';
import type { Database } from './database';

/** Advisory-lock namespace (the first key of pg_advisory_xact_lock(int, int)). */
const OUTBOX_WRITERS_LOCK = 0x0b00_0001;

/**
 * Notified by every transaction that writes events. PostgreSQL delivers a NOTIFY only when its
 * transaction commits (and folds repeats into one), so a listener hears of committed events
 * only, and never of a rollback.
 */
export const OUTBOX_NOTIFY_CHANNEL = 'nestling_outbox';

export interface DomainEvent {
  type: EventType;
  /** Who may see it: the adults of a family, or the staff of a nursery. At least one is set. */
  familyId?: number | null;
  nurseryId?: number | null;
  /** The resource as the REST API answers it, plus what the event adds (such as cancelReason). */
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Records domain events in the transaction of the change that causes them, so an event exists
 * exactly when its change committed. Call it last in the transaction: writers queue on one
 * advisory lock held until commit, so ids are handed out in commit order and a reader paging
 * with `after=<id>` can never pass an event that commits later with a smaller id.
 *
 * In the same statement each event becomes a pending delivery for every enabled webhook
 * endpoint of its audience (the family's, or the nursery's staff's) that asked for its type.
 */
export async function writeEvents(trx: Transaction<Database>, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`SELECT pg_advisory_xact_lock(${OUTBOX_WRITERS_LOCK}::int, 0)`.execute(trx);
  const rows = events.map((e) => sql`(${e.type}, ${e.familyId ?? null}::int, ${e.nurseryId ?? null}::int, ${JSON.stringify(e.payload)}::jsonb, ${e.occurredAt}::timestamptz)`);
  await sql`
    WITH inserted AS (
      INSERT INTO outbox_events (type, family_id, nursery_id, payload, occurred_at)
      VALUES ${sql.join(rows)}
      RETURNING id, type, family_id, nursery_id
    )
    INSERT INTO webhook_deliveries (endpoint_id, event_id)
    SELECT w.id, i.id FROM inserted i
      JOIN webhook_endpoints w ON (w.family_id = i.family_id OR w.nursery_id = i.nursery_id) AND i.type = ANY (w.event_types) AND w.disabled_at IS NULL`.execute(trx);
  await sql`SELECT pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`.execute(trx);
}

export const writeEvent = (trx: Transaction<Database>, event: DomainEvent) => writeEvents(trx, [event]);
