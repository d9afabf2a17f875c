import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityDto } from '../../shared/schemas/monitoring';
import type { DatabaseHandle } from '../db/create-database';

/** What crosses between instances: ids only. Each instance loads the activity itself. */
export interface ActivityEvent {
  activityId: number;
  classroomId: number;
}

/**
 * Called once per event on every instance. `activity` is given on the publishing instance,
 * which already has it; other instances get ids only and load it.
 */
export type ActivityListener = (event: ActivityEvent, activity: ActivityDto | undefined) => void;

/**
 * Carries "an activity was committed" to every server instance, the publishing one included.
 * publish resolves once the event is on its way, so events published one after another are
 * delivered in that order. It never rejects: the activity is already saved, and a lost
 * broadcast is logged, not turned into a failed request that a client would retry into a
 * duplicate.
 */
export interface ActivityBus {
  publish(event: ActivityEvent, activity: ActivityDto): Promise<void>;
  subscribe(listener: ActivityListener): () => void;
  close(): Promise<void>;
}

/** The PostgreSQL NOTIFY channel. Payloads stay tiny; NOTIFY refuses anything over 8,000 bytes. */
export const ACTIVITY_NOTIFY_CHANNEL = 'nestling_activity';

const RECONNECT_DELAY_MS = 1_000;

/** In-process on the embedded database (one process), LISTEN/NOTIFY on PostgreSQL (any number). */
export function createActivityBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<ActivityBus> {
  return database.pool ? createPostgresBus(database, database.pool, log) : Promise.resolve(createInProcessBus(log));
}

function createListeners(log: FastifyBaseLogger) {
  const listeners = new Set<ActivityListener>();
  return {
    add(listener: ActivityListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver(event: ActivityEvent, activity: ActivityDto | undefined) {
      for (const listener of listeners) {
        try {
          listener(event, activity);
        } catch (error) {
          log.error({ err: error, event }, 'an activity listener failed');
        }
      }
    },
  };
}

export function createInProcessBus(log: FastifyBaseLogger): ActivityBus {
  const listeners = createListeners(log);
  return {
    // Delivered on a later tick, so the publishing request never waits for the fan-out.
    publish: async (event, activity) => void setImmediate(() => listeners.deliver(event, activity)),
    subscribe: listeners.add,
    close: async () => {},
  };
}

/** A notification's payload: the event and the instance that published it, about 80 bytes. */
interface Notification extends ActivityEvent {
  instance: string;
}

function parseNotification(payload: string | undefined): Notification | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Notification>;
    if (Number.isSafeInteger(value.activityId) && Number.isSafeInteger(value.classroomId) && typeof value.instance === 'string') {
      return { activityId: value.activityId!, classroomId: value.classroomId!, instance: value.instance };
    }
  } catch {
    // Falls through to undefined.
  }
  return undefined;
}

/**
 * NOTIFY goes through the pool; LISTEN holds one dedicated connection of its own, outside the
 * pool, and reconnects when it drops. Events published while it is down are missed (clients
 * still have the log through GET /api/activities). The publishing instance delivers locally
 * at once and skips its own notification.
 */
async function createPostgresBus(database: DatabaseHandle, pool: pg.Pool, log: FastifyBaseLogger): Promise<ActivityBus> {
  const listeners = createListeners(log);
  const instance = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel !== ACTIVITY_NOTIFY_CHANNEL) return;
      const notification = parseNotification(message.payload);
      if (!notification) return log.warn({ payload: message.payload }, 'ignored a malformed activity notification');
      if (notification.instance === instance) return;
      listeners.deliver({ activityId: notification.activityId, classroomId: notification.classroomId }, undefined);
    });
    next.on('error', (error) => {
      log.error({ err: error }, 'the activity LISTEN connection failed');
      dropAndReconnect(next);
    });
    next.on('end', () => dropAndReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${ACTIVITY_NOTIFY_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  }

  function dropAndReconnect(failed: pg.Client) {
    if (closed || client !== failed) return;
    client = undefined;
    failed.end().catch(() => {});
    reconnectTimer = setTimeout(function retry() {
      reconnectTimer = undefined;
      if (closed) return;
      connect().then(
        () => log.info('the activity LISTEN connection is back'),
        (error: unknown) => {
          log.error({ err: error }, 'could not reconnect the activity LISTEN connection; retrying');
          reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
        },
      );
    }, RECONNECT_DELAY_MS);
  }

  await connect();

  return {
    async publish(event, activity) {
      setImmediate(() => listeners.deliver(event, activity));
      const payload = JSON.stringify({ activityId: event.activityId, classroomId: event.classroomId, instance } satisfies Notification);
      try {
        await sql`SELECT pg_notify(${ACTIVITY_NOTIFY_CHANNEL}, ${payload})`.execute(database.db);
      } catch (error) {
        log.error({ err: error, event }, 'an activity was saved but could not be published');
      }
    },
    subscribe: listeners.add,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
