import type { Kysely } from 'kysely';
import type { CreatedWebhookDto, CreateWebhookInput, ResendDeliveryInput, WebhookDeliveryDto, WebhookDto } from '../../../shared/schemas/webhooks';
import type { Database } from '../../db/database';
import { requireFamily } from '../../db/family-scope';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import { addressRefusal } from '../../lib/outbound-http';
import { newWebhookSecret, webhookHeaders } from '../../lib/standard-webhooks';
import { isStaff, type AuthenticatedUser } from '../../principal';
import * as repo from './webhooks.repository';
import { postJson } from './webhooks.sender';

/** After the first failure, the waits before each next attempt; then every 12 hours, for 3 days in all. */
const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
const THEN_EVERY_SECONDS = 12 * 3600;
const GIVE_UP_AFTER_SECONDS = 3 * 24 * 3600;
/** Longer than an attempt can take (5 s), so a live worker's claim is never taken over. */
const LEASE_SECONDS = 30;
const CLAIM_BATCH = 20;
/**
 * A worker keeps up to this many attempts under way at once, and about PER_ENDPOINT (fewer than
 * twice as many) to any one endpoint: a receiver that takes the whole 5 s timeout holds only
 * its own deliveries, never the others'.
 */
const MAX_IN_FLIGHT = 64;
export const PER_ENDPOINT = 8;
const DELIVERIES_SHOWN = 50;

export interface WebhookSettings {
  /** http:// to loopback, and private addresses, are allowed (tests, local development). */
  allowPrivate: boolean;
  /** Multiplies every retry delay and the 3-day limit. */
  retryScale: number;
}

/** Seconds until the next attempt after `attempts` failed ones, or null once 3 days would have passed. */
export function retryDelaySeconds(attempts: number, ageSeconds: number, scale: number): number | null {
  const delay = (RETRY_DELAYS_SECONDS[attempts - 1] ?? THEN_EVERY_SECONDS) * scale;
  return ageSeconds + delay > GIVE_UP_AFTER_SECONDS * scale ? null : delay;
}

const ADDRESS_PROBLEMS = {
  credentials: 'A webhook address cannot carry a user name or password; authenticate deliveries by their signature.',
  https: 'Use an https:// address: deliveries carry your family’s data.',
  private: 'Use a public address: deliveries are not sent to private, loopback or link-local addresses.',
} as const;

/** Why an endpoint address is refused, or undefined when it may be registered. */
function urlProblem(raw: string, allowPrivate: boolean): string | undefined {
  const refusal = addressRefusal(raw, allowPrivate);
  if (refusal === 'https' && allowPrivate) return 'Use an https:// address (http:// only to this machine, while WEBHOOK_ALLOW_PRIVATE is set).';
  return refusal && ADDRESS_PROBLEMS[refusal];
}

/**
 * Whose webhooks the caller manages: staff those of their nursery, which receive the nursery's
 * events; a family's adults those of their family (carers are refused before this, by
 * family-roles). Teachers, and staff of no nursery, have none.
 */
function ownerOf(user: AuthenticatedUser): repo.Owner {
  if (!isStaff(user)) return { column: 'family_id', id: requireFamily(user) };
  if (user.nurseryId === null) throw forbidden('Only staff of a nursery can manage its webhooks.');
  return { column: 'nursery_id', id: user.nurseryId };
}

type EndpointRow = Awaited<ReturnType<typeof repo.listEndpointsOf>>[number];

function toWebhookDto(row: EndpointRow): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    createdAt: row.created_at.toISOString(),
    disabledAt: row.disabled_at?.toISOString() ?? null,
    disabledReason: row.disabled_reason,
  };
}

function toDeliveryDto(row: Awaited<ReturnType<typeof repo.listDeliveries>>[number]): WebhookDeliveryDto {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.type,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.last_status_code,
    error: row.last_error,
    durationMs: row.last_duration_ms,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** What a receiver gets: the Standard Webhooks envelope around the event's payload. */
export const deliveryBody = (event: Pick<repo.ClaimedDelivery, 'type' | 'occurred_at' | 'payload'>) =>
  JSON.stringify({ type: event.type, timestamp: event.occurred_at.toISOString(), data: event.payload });

export function createWebhooksService(deps: { db: Kysely<Database>; settings: WebhookSettings; now?: () => Date }) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireEndpoint(user: AuthenticatedUser, endpointId: number) {
    const row = await repo.findEndpointOf(db, ownerOf(user), endpointId);
    if (!row) throw notFound('That webhook');
    return row;
  }

  async function attempt(delivery: repo.ClaimedDelivery): Promise<void> {
    const body = deliveryBody(delivery);
    const result = await postJson(delivery.url, webhookHeaders(delivery.secret, `evt_${delivery.event_id}`, body, now()), body, { allowPrivate: settings.allowPrivate });
    const outcome = { statusCode: result.status ?? null, error: result.error ?? null, durationMs: result.durationMs };
    if (result.status !== undefined && result.status >= 200 && result.status < 300) return repo.recordDelivered(db, delivery.id, outcome);
    const retryIn = retryDelaySeconds(delivery.attempts, delivery.age_seconds, settings.retryScale);
    await repo.recordFailed(db, delivery.id, outcome, retryIn);
    if (retryIn === null) {
      const last = result.status !== undefined ? `answered ${result.status}` : (result.error ?? 'did not answer');
      await repo.disableEndpoint(db, delivery.endpoint_id, `Deliveries failed for 3 days; the last attempt ${last}.`);
    }
  }

  return {
    async list(user: AuthenticatedUser): Promise<WebhookDto[]> {
      return (await repo.listEndpointsOf(db, ownerOf(user))).map(toWebhookDto);
    },

    async get(user: AuthenticatedUser, endpointId: number): Promise<WebhookDto> {
      return toWebhookDto(await requireEndpoint(user, endpointId));
    },

    /** Registers a receiver for the caller's family or nursery; its secret is in this answer only. */
    async create(user: AuthenticatedUser, input: CreateWebhookInput): Promise<CreatedWebhookDto> {
      const owner = ownerOf(user);
      const problem = urlProblem(input.url, settings.allowPrivate);
      if (problem) throw badInput('url', problem);
      const secret = newWebhookSecret();
      const row = await repo.insertEndpoint(db, owner, { created_by: user.id, url: input.url, description: input.description, event_types: input.eventTypes, secret, created_at: now() });
      return { ...toWebhookDto(row), secret };
    },

    /** Removes the endpoint and its deliveries, including any not yet sent. */
    async remove(user: AuthenticatedUser, endpointId: number): Promise<WebhookDto> {
      const row = await repo.deleteEndpointOf(db, ownerOf(user), endpointId);
      if (!row) throw notFound('That webhook');
      return toWebhookDto(row);
    },

    async deliveries(user: AuthenticatedUser, endpointId: number): Promise<WebhookDeliveryDto[]> {
      const endpoint = await requireEndpoint(user, endpointId);
      return (await repo.listDeliveries(db, endpoint.id, DELIVERIES_SHOWN)).map(toDeliveryDto);
    },

    /**
     * Sends one of the endpoint's deliveries again, now, with the same webhook-id, whatever
     * became of it; its retries start afresh. A disabled endpoint refuses (409 webhook_disabled)
     * until its owner turns it back on.
     */
    async resendDelivery(user: AuthenticatedUser, input: ResendDeliveryInput): Promise<WebhookDeliveryDto> {
      const owner = ownerOf(user);
      return db.transaction().execute(async (trx) => {
        const endpoint = await repo.lockEndpointOf(trx, owner, input.id);
        if (!endpoint) throw notFound('That webhook');
        if (!(await repo.findDelivery(trx, endpoint.id, input.deliveryId))) throw notFound('That delivery');
        if (endpoint.disabled_at) {
          throw new AppError(
            'webhook_disabled',
            `This webhook is turned off${endpoint.disabled_reason ? ` (${endpoint.disabled_reason.replace(/\.$/, '')})` : ''}, so nothing is sent to it. Turn it back on (POST /api/webhooks/${endpoint.id}/enable), then resend.`,
          );
        }
        await repo.resendDelivery(trx, endpoint.id, input.deliveryId);
        return toDeliveryDto((await repo.findDelivery(trx, endpoint.id, input.deliveryId))!);
      });
    },

    /** Turns a disabled endpoint back on: new events reach it again, and its deliveries may be resent. */
    async enable(user: AuthenticatedUser, endpointId: number): Promise<WebhookDto> {
      const row = await repo.enableEndpointOf(db, ownerOf(user), endpointId);
      if (!row) throw notFound('That webhook');
      return toWebhookDto(row);
    },

    /**
     * Makes the attempts that are due, claimed so that no other worker makes them too, and
     * answers how many were made once they are done. Safe to call from any number of instances at once.
     */
    async deliverDue(): Promise<number> {
      const claimed = await repo.claimDueDeliveries(db, CLAIM_BATCH, LEASE_SECONDS, { perEndpoint: PER_ENDPOINT });
      await Promise.all(claimed.map(attempt));
      return claimed.length;
    },

    /**
     * What a worker runs: `fill()` claims due deliveries into the free places (MAX_IN_FLIGHT in
     * all, about PER_ENDPOINT an endpoint), starts their attempts without waiting for them, and
     * answers how many it started; `settled` hears of each attempt that ends, so the worker can
     * fill its place at once. `drain()` waits for the attempts under way.
     */
    dispatcher(settled: (error?: unknown) => void) {
      const underWay = new Set<Promise<void>>();
      const perEndpoint = new Map<number, number>();
      return {
        async fill(): Promise<number> {
          const free = MAX_IN_FLIGHT - underWay.size;
          if (free <= 0) return 0;
          const busy = [...perEndpoint].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id);
          const claimed = await repo.claimDueDeliveries(db, Math.min(free, CLAIM_BATCH), LEASE_SECONDS, { perEndpoint: PER_ENDPOINT, skipEndpoints: busy });
          for (const delivery of claimed) {
            perEndpoint.set(delivery.endpoint_id, (perEndpoint.get(delivery.endpoint_id) ?? 0) + 1);
            const done: Promise<void> = attempt(delivery).then(
              () => finish(done, delivery.endpoint_id),
              (error: unknown) => finish(done, delivery.endpoint_id, error),
            );
            underWay.add(done);
          }
          return claimed.length;
        },
        async drain(): Promise<void> {
          await Promise.all(underWay);
        },
      };

      function finish(done: Promise<void>, endpointId: number, error?: unknown) {
        underWay.delete(done);
        const left = (perEndpoint.get(endpointId) ?? 1) - 1;
        if (left > 0) perEndpoint.set(endpointId, left);
        else perEndpoint.delete(endpointId);
        settled(error);
      }
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
