import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { coalesced } from '../lib/coalesced';
import { lastEventId, readEvents, type StoredEvent } from '../db/event-log';
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

  async function drain() {
    for (;;) {
      const events = await readEvents(db, { after: cursor, limit: BATCH });
      for (const event of events) {
        if (closed) return;
        try {
          deliver(event);
        } catch (error) {
          log.error({ err: error, eventId: event.id }, 'delivering an outbox event failed');
        }
        cursor = event.id;
      }
      if (events.length < BATCH) return;
    }
  }

  /** One read at a time; a signal during a read runs one more after it, since that read may have started before the commit. */
  const read = coalesced(drain, (error) => log.error({ err: error }, 'reading the outbox for realtime delivery failed'));
  const catchUp = () => (closed ? Promise.resolve() : read());

  const stopListening = deps.bus.onOutboxCommit(() => void catchUp());
  const poller = setInterval(() => void catchUp(), deps.pollMs ?? RELAY_POLL_MS);
  poller.unref();

  return {
    get cursor() {
      return cursor;
    },
    catchUp,
    async close() {
      closed = true;
      stopListening();
      clearInterval(poller);
      await read.settled();
    },
  };
}
