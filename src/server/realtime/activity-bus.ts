import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/create-database';

/** What crosses the bus: ids only. Each instance loads the activity itself. */
export interface ActivityEvent {
  activityId: number;
  classroomId: number;
}

export type ActivityListener = (event: ActivityEvent) => void;

/**
 * Carries "an activity was committed" to every server instance, the publishing one included.
 * publish resolves once the event is on its way, so events published one after another are
 * delivered in that order. It never rejects: the activity is already saved, and a lost
 * broadcast is logged, not turned into a failed request that a client would retry into a
 * duplicate.
 */
export interface ActivityBus {
  publish(event: ActivityEvent): Promise<void>;
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
    deliver(event: ActivityEvent) {
      for (const listener of listeners) {
        try {
          listener(event);
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
    publish: async (event) => void setImmediate(() => listeners.deliver(event)),
    subscribe: listeners.add,
    close: async () => {},
  };
}

function parseEvent(payload: string | undefined): ActivityEvent | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<ActivityEvent>;
    if (Number.isSafeInteger(value.activityId) && Number.isSafeInteger(value.classroomId)) {
      return { activityId: value.activityId!, classroomId: value.classroomId! };
    }
  } catch {
    // Falls through to undefined.
  }
  return undefined;
}

/**
 * NOTIFY goes through the pool; LISTEN holds one dedicated connection of its own, outside the
 * pool, and reconnects when it drops. Events published while it is down are missed (clients
 * still have the log through GET /api/activities).
 */
async function createPostgresBus(database: DatabaseHandle, pool: pg.Pool, log: FastifyBaseLogger): Promise<ActivityBus> {
  const listeners = createListeners(log);
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel !== ACTIVITY_NOTIFY_CHANNEL) return;
      const event = parseEvent(message.payload);
      if (event) listeners.deliver(event);
      else log.warn({ payload: message.payload }, 'ignored a malformed activity notification');
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
    async publish(event) {
      const payload = JSON.stringify({ activityId: event.activityId, classroomId: event.classroomId });
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
