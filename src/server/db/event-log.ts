import type { EventType } from '../../shared/schemas/events';
import { isStaff, type AuthenticatedUser } from '../principal';
import type { Db } from './database';

/**
 * The outbox read as a log (db/outbox.ts writes it). Ids follow commit order, so a reader that
 * has seen every event up to an id can ask for the ones after it and never miss a late commit.
 */
export interface StoredEvent {
  id: number;
  type: EventType;
  familyId: number | null;
  nurseryId: number | null;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/** Whose events someone sees: staff their nursery's, everyone else their family's. */
export interface EventAudience {
  familyId: number | null;
  nurseryId: number | null;
}

export const eventAudienceOf = (user: Pick<AuthenticatedUser, 'role' | 'familyId' | 'nurseryId'>): EventAudience =>
  isStaff(user) ? { familyId: null, nurseryId: user.nurseryId } : { familyId: user.familyId, nurseryId: null };

export interface EventQuery {
  /** Only events with a larger id. */
  after: number;
  /** Only events up to and including this id. */
  upTo?: number;
  /** Only this audience's events; every event when absent (the realtime relay, which filters per listener). */
  audience?: EventAudience;
  types?: readonly EventType[];
  /** Only events that occurred at or after this time. */
  since?: Date;
  limit: number;
}

/** Events in id order (that is, commit order). An audience with neither a family nor a nursery sees none. */
export async function readEvents(db: Db, query: EventQuery): Promise<StoredEvent[]> {
  const { audience } = query;
  if (audience && audience.familyId === null && audience.nurseryId === null) return [];
  if (query.types?.length === 0) return [];
  let select = db
    .selectFrom('outbox_events')
    .select(['id', 'type', 'family_id', 'nursery_id', 'payload', 'occurred_at'])
    .where('id', '>', query.after)
    .orderBy('id')
    .limit(query.limit);
  if (query.upTo !== undefined) select = select.where('id', '<=', query.upTo);
  if (audience?.familyId != null) select = select.where('family_id', '=', audience.familyId);
  if (audience?.nurseryId != null) select = select.where('nursery_id', '=', audience.nurseryId);
  if (query.types) select = select.where('type', 'in', query.types);
  if (query.since) select = select.where('occurred_at', '>=', query.since);
  const rows = await select.execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    familyId: row.family_id,
    nurseryId: row.nursery_id,
    payload: row.payload,
    occurredAt: row.occurred_at,
  }));
}

/** The newest event's id, or 0 when there is none. */
export async function lastEventId(db: Db): Promise<number> {
  const row = await db.selectFrom('outbox_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id ?? 0;
}
