import { sql, type Insertable } from 'kysely';
import type { Db, WebhookEndpointsTable } from '../../db/database';
import type { EventType } from '../../../shared/schemas/events';

const endpointColumns = ['id', 'url', 'description', 'event_types', 'created_at', 'disabled_at', 'disabled_reason'] as const;

/** Whose endpoints: a family's (its guardians manage them) or a nursery's (its staff do). */
export interface Owner {
  column: 'family_id' | 'nursery_id';
  id: number;
}

export function insertEndpoint(db: Db, owner: Owner, endpoint: Omit<Insertable<WebhookEndpointsTable>, 'family_id' | 'nursery_id'>) {
  return db
    .insertInto('webhook_endpoints')
    .values({ ...endpoint, [owner.column]: owner.id })
    .returning(endpointColumns)
    .executeTakeFirstOrThrow();
}

export function listEndpointsOf(db: Db, owner: Owner) {
  return db.selectFrom('webhook_endpoints').select(endpointColumns).where(owner.column, '=', owner.id).orderBy('id').execute();
}

/** One of the owner's endpoints; anyone else's reads as absent. */
export function findEndpointOf(db: Db, owner: Owner, endpointId: number) {
  return db.selectFrom('webhook_endpoints').select(endpointColumns).where('id', '=', endpointId).where(owner.column, '=', owner.id).executeTakeFirst();
}

export function deleteEndpointOf(db: Db, owner: Owner, endpointId: number) {
  return db.deleteFrom('webhook_endpoints').where('id', '=', endpointId).where(owner.column, '=', owner.id).returning(endpointColumns).executeTakeFirst();
}

export function enableEndpointOf(db: Db, owner: Owner, endpointId: number) {
  return db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: null, disabled_reason: null })
    .where('id', '=', endpointId)
    .where(owner.column, '=', owner.id)
    .returning(endpointColumns)
    .executeTakeFirst();
}

/** One of the owner's endpoints, locked against being disabled or removed until the transaction ends. */
export function lockEndpointOf(db: Db, owner: Owner, endpointId: number) {
  return db.selectFrom('webhook_endpoints').select(endpointColumns).where('id', '=', endpointId).where(owner.column, '=', owner.id).forUpdate().executeTakeFirst();
}

const deliveryColumns = ['d.id', 'd.event_id', 'o.type', 'd.status', 'd.attempts', 'd.last_status_code', 'd.last_error', 'd.last_duration_ms', 'd.last_attempt_at', 'd.next_attempt_at', 'd.created_at'] as const;

/** The endpoint's deliveries, each with its event's type, as the API shows them. */
function deliveriesOf(db: Db, endpointId: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('outbox_events as o', 'o.id', 'd.event_id')
    .select(deliveryColumns)
    .where('d.endpoint_id', '=', endpointId);
}

/** The endpoint's latest deliveries, newest first. */
export function listDeliveries(db: Db, endpointId: number, limit: number) {
  return deliveriesOf(db, endpointId).orderBy('d.id', 'desc').limit(limit).execute();
}

export function findDelivery(db: Db, endpointId: number, deliveryId: number) {
  return deliveriesOf(db, endpointId).where('d.id', '=', deliveryId).executeTakeFirst();
}

/**
 * Makes one of the endpoint's deliveries pending and due now, as a new start: attempts count
 * from zero and the retry schedule and 3-day limit from now. Its event, and so its webhook-id,
 * stay the same. Answers whether the endpoint has that delivery.
 */
export async function resendDelivery(db: Db, endpointId: number, deliveryId: number): Promise<boolean> {
  const resent = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql<Date>`now()`, resent_at: sql<Date>`now()` })
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .returning('id')
    .executeTakeFirst();
  return resent !== undefined;
}

export interface ClaimedDelivery {
  id: number;
  event_id: number;
  attempts: number;
  /** Seconds since the delivery was created or last resent, by the database's clock. */
  age_seconds: number;
  endpoint_id: number;
  url: string;
  secret: string;
  type: EventType;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/**
 * Claims up to `limit` due deliveries for this worker, at most `perEndpoint` of them to any one
 * endpoint and none to `skipEndpoints` (those this worker already has enough attempts under way
 * to), so one slow or dead receiver cannot fill a batch. SKIP LOCKED lets any number of instances
 * claim at once without waiting on each other or taking the same row; the claim itself is a
 * lease (next_attempt_at moves `leaseSeconds` ahead), so the HTTP call happens outside any
 * transaction, and a delivery whose worker died is claimed again once the lease runs out, with
 * the same webhook-id. Times are the database's, the one clock every instance shares.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  leaseSeconds: number,
  options: { perEndpoint?: number; skipEndpoints?: readonly number[] } = {},
): Promise<ClaimedDelivery[]> {
  const skip = options.skipEndpoints?.length ? sql`ARRAY[${sql.join(options.skipEndpoints.map((id) => sql`${id}::int`))}]` : sql`ARRAY[]::int[]`;
  // FOR UPDATE cannot share a SELECT with a window function: lock a wider set of candidates
  // first, then keep the first few of each endpoint; the rows left over unlock with the statement.
  const { rows } = await sql<ClaimedDelivery>`
    WITH candidates AS (
      SELECT wd.id, wd.endpoint_id, wd.next_attempt_at FROM webhook_deliveries wd
        JOIN webhook_endpoints w ON w.id = wd.endpoint_id AND w.disabled_at IS NULL
       WHERE wd.status = 'pending' AND wd.next_attempt_at <= now() AND NOT (wd.endpoint_id = ANY (${skip}))
       ORDER BY wd.next_attempt_at, wd.id
       LIMIT ${limit * 4}::int
         FOR UPDATE OF wd SKIP LOCKED
    ), chosen AS (
      SELECT id FROM (SELECT id, next_attempt_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS nth FROM candidates) c
       WHERE nth <= ${options.perEndpoint ?? limit}::int
       ORDER BY next_attempt_at, id
       LIMIT ${limit}::int
    ), claimed AS (
      UPDATE webhook_deliveries AS d
         SET attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => ${leaseSeconds}::int)
       WHERE d.id IN (SELECT id FROM chosen)
      RETURNING d.id, d.event_id, d.attempts, d.endpoint_id, coalesce(d.resent_at, d.created_at) AS retries_from
    )
    SELECT c.id, c.event_id, c.attempts, extract(epoch FROM now() - c.retries_from)::float8 AS age_seconds,
           c.endpoint_id, w.url, w.secret, o.type, o.payload, o.occurred_at
      FROM claimed c
      JOIN webhook_endpoints w ON w.id = c.endpoint_id
      JOIN outbox_events o ON o.id = c.event_id
     ORDER BY c.event_id`.execute(db);
  return rows;
}

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export async function recordDelivered(db: Db, deliveryId: number, outcome: AttemptOutcome) {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'delivered', last_status_code: outcome.statusCode, last_error: null, last_duration_ms: outcome.durationMs })
    .where('id', '=', deliveryId)
    .execute();
}

/** A failed attempt: tried again after `retryInSeconds`, or, when null, given up. */
export async function recordFailed(db: Db, deliveryId: number, outcome: AttemptOutcome, retryInSeconds: number | null) {
  await sql`
    UPDATE webhook_deliveries
       SET status = ${retryInSeconds === null ? 'failed' : 'pending'},
           next_attempt_at = CASE WHEN ${retryInSeconds}::float8 IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => ${retryInSeconds}::float8) END,
           last_status_code = ${outcome.statusCode}::int, last_error = ${outcome.error}, last_duration_ms = ${outcome.durationMs}::int
     WHERE id = ${deliveryId}`.execute(db);
}

/** Stops deliveries to an endpoint whose receiver kept failing; its owner sees why. */
export async function disableEndpoint(db: Db, endpointId: number, reason: string) {
  await db.updateTable('webhook_endpoints').set({ disabled_at: sql<Date>`now()`, disabled_reason: reason }).where('id', '=', endpointId).where('disabled_at', 'is', null).execute();
}
