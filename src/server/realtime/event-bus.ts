import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../db/create-database';
import { OUTBOX_NOTIFY_CHANNEL } from '../db/outbox';

/**
 * A signal: what crosses between instances outside the outbox, for things that need not outlive
 * the moment (someone is typing, a count changed, a sign-in ended). A topic and small JSON data,
 * far below NOTIFY's 8,000-byte limit; anything larger each instance loads itself. Lasting
 * changes go through the outbox instead, which a reconnecting client can replay.
 */
export interface RealtimeEvent {
  topic: string;
  data: Record<string, unknown>;
}

/**
 * Called once per event on every instance. `local` is what the publishing instance already
 * has (the saved row as members receive it); other instances get `undefined` and load it.
 */
export type EventListener = (event: RealtimeEvent, local: unknown) => void;

/**
 * Carries "something was committed" to every server instance, the publishing one included.
 * publish resolves once the event is on its way, so events published one after another are
 * delivered in that order. It never rejects: the change is already saved, and a lost
 * broadcast is logged, not turned into a failed request that a client would retry into a
 * duplicate.
 */
export interface EventBus {
  publish(event: RealtimeEvent, local?: unknown): Promise<void>;
  subscribe(listener: EventListener): () => void;
  /**
   * Called on every instance when a transaction that wrote outbox events has committed (on any
   * instance), and after the listening connection comes back, when some may have been missed.
   * It carries no event: readers fetch what is new from the outbox itself.
   */
  onOutboxCommit(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The PostgreSQL NOTIFY channel. */
export const REALTIME_NOTIFY_CHANNEL = 'nestling_realtime';
/** NOTIFY refuses payloads of 8,000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;

const RECONNECT_DELAY_MS = 1_000;

/** In-process on the embedded database (one process), LISTEN/NOTIFY on PostgreSQL (any number). */
export function createEventBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<EventBus> {
  return database.pool ? createPostgresBus(database, database.pool, log) : createInProcessBus(log, database.pglite);
}

/** Listeners of the outbox's commit signal; one failing does not stop the others. */
function createSignal(log: FastifyBaseLogger) {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    fire() {
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          log.error({ err: error }, 'an outbox listener failed');
        }
      }
    },
  };
}

function createListeners(log: FastifyBaseLogger) {
  const listeners = new Set<EventListener>();
  return {
    add(listener: EventListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver(event: RealtimeEvent, local: unknown) {
      for (const listener of listeners) {
        try {
          listener(event, local);
        } catch (error) {
          log.error({ err: error, event }, 'a realtime event listener failed');
        }
      }
    },
  };
}

/** One process: events go straight to the listeners; the embedded database's own NOTIFY says when the outbox grew. */
export async function createInProcessBus(log: FastifyBaseLogger, pglite?: PGlite): Promise<EventBus> {
  const listeners = createListeners(log);
  const outbox = createSignal(log);
  const unlisten = await pglite?.listen(OUTBOX_NOTIFY_CHANNEL, () => outbox.fire());
  return {
    // Delivered on a later tick, so the publishing request never waits for the fan-out.
    publish: async (event, local) => void setImmediate(() => listeners.deliver(event, local)),
    subscribe: listeners.add,
    onOutboxCommit: outbox.add,
    close: async () => {
      // The database may already be closed when the app shuts down after a failed start.
      await unlisten?.().catch(() => {});
    },
  };
}

/** A notification's payload: the event and the instance that published it. */
interface Notification extends RealtimeEvent {
  instance: string;
}

function parseNotification(payload: string | undefined): Notification | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Notification>;
    const { topic, data, instance } = value;
    if (typeof topic === 'string' && typeof instance === 'string' && typeof data === 'object' && data !== null && !Array.isArray(data)) {
      return { topic, data, instance };
    }
  } catch {
    // Falls through to undefined.
  }
  return undefined;
}

/**
 * NOTIFY goes through the pool; LISTEN holds one dedicated connection of its own, outside the
 * pool, and reconnects when it drops. Signals published while it is down are missed; outbox
 * events are not, since the relay reads what committed meanwhile once it is back. The
 * publishing instance delivers locally at once and skips its own notification.
 */
async function createPostgresBus(database: DatabaseHandle, pool: pg.Pool, log: FastifyBaseLogger): Promise<EventBus> {
  const listeners = createListeners(log);
  const outbox = createSignal(log);
  const instance = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === OUTBOX_NOTIFY_CHANNEL) return outbox.fire();
      if (message.channel !== REALTIME_NOTIFY_CHANNEL) return;
      const notification = parseNotification(message.payload);
      if (!notification) return log.warn({ payload: message.payload }, 'ignored a malformed realtime notification');
      if (notification.instance === instance) return;
      listeners.deliver({ topic: notification.topic, data: notification.data }, undefined);
    });
    next.on('error', (error) => {
      log.error({ err: error }, 'the realtime LISTEN connection failed');
      dropAndReconnect(next);
    });
    next.on('end', () => dropAndReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_NOTIFY_CHANNEL}; LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
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
        () => {
          log.info('the realtime LISTEN connection is back');
          // Commits while it was down went unheard.
          outbox.fire();
        },
        (error: unknown) => {
          log.error({ err: error }, 'could not reconnect the realtime LISTEN connection; retrying');
          reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
        },
      );
    }, RECONNECT_DELAY_MS);
  }

  await connect();

  return {
    async publish(event, local) {
      setImmediate(() => listeners.deliver(event, local));
      const payload = JSON.stringify({ topic: event.topic, data: event.data, instance } satisfies Notification);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        return log.error({ topic: event.topic, bytes: Buffer.byteLength(payload) }, 'a realtime event is too large for NOTIFY; other instances miss it');
      }
      try {
        await sql`SELECT pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${payload})`.execute(database.db);
      } catch (error) {
        log.error({ err: error, event }, 'a change was saved but could not be published');
      }
    },
    subscribe: listeners.add,
    onOutboxCommit: outbox.add,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
