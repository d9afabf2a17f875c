import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { lastEventId, readEvents, type StoredEvent } from '../db/event-log';
import { startPollingLoop } from '../lib/polling-loop';
import type { EventBus } from './event-bus';

/** Read per round; a longer backlog takes several rounds, one after another. */
const BATCH = 500;
/** A missed commit signal (the LISTEN connection was down) is made up for within this. */
export const RELAY_POLL_MS = 2_000;

/**
 * Hands every committed outbox event, once and in id order, to this instance's listeners (the
 * /ws hub). Each instance runs one and delivers to its own sockets. It wakes on the commit
 * signal and polls as a fallback, so an event is never lost between the commit and the
 * publish: a crash after the commit leaves the event in the outbox, where the relay finds it.
 *
 * `cursor` is the last id handed on. `deliver` runs synchronously for each event before the
 * cursor moves past it, so a listener added now has missed exactly the events up to `cursor`
 * and will be handed every later one: that is what makes replay to a rejoining socket exact.
 */
export interface OutboxRelay {
  readonly cursor: number;
  /** Reads what is new now; resolves once it has been handed on. */
  catchUp(): Promise<void>;
  /** Stops reading; resolves once a read in flight has finished. */
  close(): Promise<void>;
}

export async function startOutboxRelay(deps: {
  db: Db;
  bus: Pick<EventBus, 'onOutboxCommit'>;
  log: FastifyBaseLogger;
  deliver: (event: StoredEvent) => void;
  pollMs?: number;
}): Promise<OutboxRelay> {
  const { db, log, deliver } = deps;
  // Events committed before this instance started had no listeners here.
  let cursor = await lastEventId(db);
  let closed = false;

  /** One read; answers whether it was full, so more may wait. */
  async function readBatch(): Promise<boolean> {
    const events = await readEvents(db, { after: cursor, limit: BATCH });
    for (const event of events) {
      if (closed) return false;
      try {
        deliver(event);
      } catch (error) {
        log.error({ err: error, eventId: event.id }, 'delivering an outbox event failed');
      }
      cursor = event.id;
    }
    return events.length === BATCH;
  }

  // No read at start: `cursor` is where the outbox ended a moment ago.
  const loop = startPollingLoop({
    pass: readBatch,
    everyMs: deps.pollMs ?? RELAY_POLL_MS,
    wakeOn: (wake) => deps.bus.onOutboxCommit(wake),
    onError: (error) => log.error({ err: error }, 'reading the outbox for realtime delivery failed'),
  });

  return {
    get cursor() {
      return cursor;
    },
    catchUp: loop.wake,
    async close() {
      closed = true;
      await loop.close();
    },
  };
}
