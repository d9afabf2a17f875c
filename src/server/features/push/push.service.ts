import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushPublicKeyDto, PushSubscriptionDto, SavePushSubscriptionInput } from '../../../shared/schemas/push';
import type { Database } from '../../db/database';
import { badInput, notFound } from '../../errors';
import { describeDevice } from '../../lib/device';
import { addressRefusal, postOutbound } from '../../lib/outbound-http';
import type { AuthenticatedUser } from '../../principal';
import * as repo from './push.repository';

export interface PushSettings {
  /** From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; undefined: made on first start and kept in the database. */
  vapidKeys: Readonly<{ publicKey: string; privateKey: string }> | undefined;
  vapidSubject: string;
  /** http:// to loopback, and private addresses, are allowed (tests, local development). */
  allowPrivate: boolean;
}

/** What a notification on the device shows; `url` is the app path a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

interface Log {
  warn(object: object, message: string): void;
}

type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SECRET_NAME = 'vapid';
/** How long a push service keeps trying to reach a device that is off: news of the day is stale after that. */
const TTL_SECONDS = 24 * 3600;
const MAX_TITLE = 200;
const MAX_BODY = 1000;
/**
 * Push services take at most 4096 bytes of encrypted payload, and encryption adds 103 (RFC 8291
 * header, tag, padding delimiter): the JSON is kept to this, shortening the body, then the title.
 */
const MAX_PAYLOAD_BYTES = 3900;
const SEND_TIMEOUT_MS = 5000;
/** Devices kept per account: each send goes to all of them at once, so the list cannot grow without end. */
export const MAX_DEVICES = 20;

const ENDPOINT_PROBLEMS = {
  credentials: 'A push endpoint cannot carry a user name or password.',
  https: "The push endpoint must be an https:// address, as the browser's push service gives it.",
  private: 'The push endpoint must be a public address: notifications are not sent to private, loopback or link-local addresses.',
} as const;

function endpointProblem(endpoint: string, allowPrivate: boolean): string | undefined {
  const refusal = addressRefusal(endpoint, allowPrivate);
  if (refusal === 'https' && allowPrivate) return 'The push endpoint must be an https:// address (http:// only to this machine, while PUSH_ALLOW_PRIVATE is set).';
  return refusal && ENDPOINT_PROBLEMS[refusal];
}

const isVapidKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' && value !== null && typeof (value as VapidKeys).publicKey === 'string' && typeof (value as VapidKeys).privateKey === 'string';

/** At most `max` characters (code points, so no emoji is split), the last one an ellipsis when cut. */
function cut(value: string, max: number): string {
  const characters = Array.from(value);
  return characters.length > max ? `${characters.slice(0, Math.max(0, max - 1)).join('')}…` : value;
}

/** What the service worker reads; the url always whole, the text shortened until it fits a push. */
function payloadOf(message: PushMessage): string {
  let title = cut(message.title, MAX_TITLE);
  let body = cut(message.body, MAX_BODY);
  const json = () => JSON.stringify({ title, body, url: message.url, ...(message.tag ? { tag: message.tag } : {}) });
  while (Buffer.byteLength(json()) > MAX_PAYLOAD_BYTES && (body.length > 1 || title.length > 1)) {
    if (body.length > 1) body = cut(body, Math.floor(Array.from(body).length * 0.8));
    else title = cut(title, Math.floor(Array.from(title).length * 0.8));
  }
  return json();
}

function toSubscriptionDto(row: repo.SubscriptionRow): PushSubscriptionDto {
  return { id: row.id, deviceLabel: row.device_label, endpoint: row.endpoint, createdAt: row.created_at.toISOString() };
}

export function createPushService(deps: { db: Kysely<Database>; settings: PushSettings; now?: () => Date; log?: Log; timeoutMs?: number }) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const log: Log = deps.log ?? { warn: (object, message) => console.warn(message, object) };
  let vapidKeys: Promise<VapidKeys> | undefined;

  /**
   * The environment's pair, or the database's: made by whichever instance starts first (the
   * insert does nothing when a pair is there) and read back, so every instance signs with the
   * pair browsers subscribed with.
   */
  async function loadVapidKeys(): Promise<VapidKeys> {
    if (settings.vapidKeys) return settings.vapidKeys;
    const stored = await repo.readSecret(db, VAPID_SECRET_NAME);
    if (isVapidKeys(stored)) return stored;
    await repo.insertSecretIfAbsent(db, VAPID_SECRET_NAME, webpush.generateVAPIDKeys(), now());
    const winner = await repo.readSecret(db, VAPID_SECRET_NAME);
    if (!isVapidKeys(winner)) throw new Error('server_secrets holds no usable VAPID key pair');
    return winner;
  }

  function keys(): Promise<VapidKeys> {
    // A failed read is tried again next time rather than remembered.
    vapidKeys ??= loadVapidKeys().catch((error: unknown) => {
      vapidKeys = undefined;
      throw error;
    });
    return vapidKeys;
  }

  /** One device: sent, gone (its push service answered 404 or 410, and the row is deleted), or failed (logged). */
  async function sendTo(row: repo.SubscriptionRow, payload: string, vapid: VapidKeys): Promise<'sent' | 'gone' | 'failed'> {
    const context = { subscriptionId: row.id, userId: row.user_id, host: URL.canParse(row.endpoint) ? new URL(row.endpoint).host : undefined };
    try {
      const problem = endpointProblem(row.endpoint, settings.allowPrivate);
      if (problem) {
        log.warn({ ...context, problem }, 'Push endpoint refused');
        return 'failed';
      }
      const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
        vapidDetails: { subject: settings.vapidSubject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
      // postOutbound sets the length itself.
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
      const result = await postOutbound(row.endpoint, headers, request.body, { allowPrivate: settings.allowPrivate, timeoutMs: deps.timeoutMs ?? SEND_TIMEOUT_MS, maxResponseBytes: 16 * 1024 });
      if (result.status !== undefined && result.status >= 200 && result.status < 300) return 'sent';
      if (result.status === 404 || result.status === 410) {
        // Saved again meanwhile (new keys), it is a live subscription: left, and counted as failed.
        if (await repo.deleteGoneSubscription(db, row)) return 'gone';
        return 'failed';
      }
      log.warn({ ...context, status: result.status, error: result.error, durationMs: result.durationMs }, 'Push not accepted by the push service');
      return 'failed';
    } catch (error) {
      log.warn({ ...context, error: error instanceof Error ? error.message : String(error) }, 'Push could not be sent');
      return 'failed';
    }
  }

  // Loaded (or made) as the server starts, so the pair exists before the first parent asks for it.
  keys().catch((error: unknown) => log.warn({ error: error instanceof Error ? error.message : String(error) }, 'VAPID keys not loaded at start; trying again when needed'));

  return {
    async publicKey(): Promise<PushPublicKeyDto> {
      return { publicKey: (await keys()).publicKey };
    },

    async list(user: AuthenticatedUser): Promise<PushSubscriptionDto[]> {
      return (await repo.listSubscriptionsOf(db, user.id, now())).map(toSubscriptionDto);
    },

    /** Saves this browser's subscription for the caller's session (again: updated, not duplicated); past MAX_DEVICES, the longest unsaved is forgotten. */
    async save(user: AuthenticatedUser, sessionHash: string, input: SavePushSubscriptionInput, userAgent: string | undefined): Promise<PushSubscriptionDto> {
      const problem = endpointProblem(input.endpoint, settings.allowPrivate);
      if (problem) throw badInput('endpoint', problem);
      const row = await repo.upsertSubscription(
        db,
        user.id,
        sessionHash,
        { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, deviceLabel: describeDevice(userAgent ?? null).description },
        now(),
      );
      await repo.trimSubscriptionsOf(db, user.id, MAX_DEVICES);
      return toSubscriptionDto(row);
    },

    async remove(user: AuthenticatedUser, subscriptionId: number): Promise<PushSubscriptionDto> {
      const row = await repo.deleteSubscriptionOf(db, user.id, subscriptionId);
      if (!row) throw notFound('That device');
      return toSubscriptionDto(row);
    },

    /**
     * Sends the message to every device the user turned notifications on for, all at once, each
     * within the timeout. A device whose push service answers 404 or 410 is forgotten; any other
     * failure is logged and never thrown, so one bad device cannot stop the others.
     */
    async sendToUser(userId: number, message: PushMessage): Promise<{ sent: number; removed: number }> {
      const rows = await repo.listSubscriptionsOf(db, userId, now());
      if (rows.length === 0) return { sent: 0, removed: 0 };
      const vapid = await keys();
      const payload = payloadOf(message);
      const outcomes = await Promise.all(rows.map((row) => sendTo(row, payload, vapid)));
      return { sent: outcomes.filter((o) => o === 'sent').length, removed: outcomes.filter((o) => o === 'gone').length };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
