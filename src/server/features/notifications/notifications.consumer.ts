import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { bookingDateLabel, capitalized, timeRangeLabel } from '../../../shared/booking-display';
import { localDate } from '../../../shared/dates';
import type { EventType } from '../../../shared/schemas/events';
import type { ActivityDto } from '../../../shared/schemas/monitoring';
import type { Database } from '../../db/database';
import { lastEventId, readEvents, type StoredEvent } from '../../db/event-log';
import { startPollingLoop, type PollingLoop } from '../../lib/polling-loop';
import type { EventBus } from '../../realtime/event-bus';
import * as repo from './notifications.repository';
import type { AfterCommit, NotificationsService, NotifyItem } from './notifications.service';

/** This consumer's row in outbox_consumers. */
export const CONSUMER_NAME = 'notifications';
/** Events read per transaction; a longer backlog takes several, one after another. */
const BATCH = 200;
/** A missed commit signal is made up for within this. */
export const CONSUMER_POLL_MS = 2_000;
const TYPES: EventType[] = ['activity.created', 'booking.status_changed'];

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const listed = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** What one outbox event tells the family's adults; nothing for events that are not theirs to hear of. */
async function itemsOf(trx: Transaction<Database>, event: StoredEvent, timeZone: string): Promise<NotifyItem[]> {
  const familyId = event.familyId;
  if (familyId === null) return [];
  const source = `event:${event.id}`;
  if (event.type === 'activity.created') {
    const { activity } = event.payload as { activity: ActivityDto };
    // A classroom-wide activity is about no child in particular: the monitoring page shows it.
    const children = await repo.childrenOfFamily(trx, familyId, activity.childIds);
    if (children.length === 0) return [];
    const items: NotifyItem[] = [
      {
        to: { familyId },
        category: 'activity',
        title: `${listed(children.map((child) => firstName(child.name)))}: ${capitalized(activity.type)}`,
        body: activity.description,
        link: '/monitoring',
        source,
        activityType: activity.type,
      },
    ];
    if (activity.type === 'departure') {
      const date = localDate(new Date(activity.occurredAt), timeZone);
      for (const child of children) {
        const name = firstName(child.name);
        items.push({
          to: { familyId },
          category: 'report',
          title: `${name}'s day is ready`,
          body: `Read how ${name}'s day at nursery went.`,
          link: `/children/${child.id}/report/${date}`,
          source: `${source}:report:${child.id}`,
        });
      }
    }
    return items;
  }
  if (event.type === 'booking.status_changed') {
    const payload = event.payload as
      | { bookingType: 'shadow-teacher'; to: string; cancelReason: string | null; booking: { teacherName: string; childName: string; startDate: string; startTime: string; endTime: string } }
      | { bookingType: 'mental-health'; to: string; cancelReason: string | null; booking: { title: string; date: string; timeWindowLabel: string } };
    // A parent's own cancellation needs no telling.
    const title =
      payload.to === 'confirmed'
        ? 'Booking confirmed'
        : payload.to === 'cancelled' && payload.cancelReason === 'declined'
          ? 'Booking declined'
          : payload.to === 'cancelled' && payload.cancelReason === 'expired'
            ? 'Booking request expired'
            : undefined;
    if (!title) return [];
    const body =
      payload.bookingType === 'shadow-teacher'
        ? `${payload.booking.teacherName} with ${firstName(payload.booking.childName)}, ${bookingDateLabel(payload.booking.startDate)}, ${timeRangeLabel(payload.booking.startTime, payload.booking.endTime)}.`
        : `${payload.booking.title}, ${bookingDateLabel(payload.booking.date)}, ${payload.booking.timeWindowLabel}.`;
    return [{ to: { familyId }, category: 'booking', title, body, link: payload.bookingType === 'shadow-teacher' ? '/shadow-teachers' : '/mental-health', source }];
  }
  return [];
}

/**
 * Reads what is new in the outbox after this consumer's cursor and stores the notifications it
 * makes, in one transaction that holds the cursor's row: any number of instances on one database
 * take turns, each batch is handled once, and a crash rolls the cursor back with the rows it made
 * (which UNIQUE (user_id, source) would have kept from being stored twice anyway).
 * Resolves whether a full batch was read (so more may wait).
 */
export async function consumeBatch(deps: { db: Kysely<Database>; notifications: NotificationsService; timeZone: string; log: FastifyBaseLogger }): Promise<boolean> {
  const { afterCommit, more } = await deps.db.transaction().execute(async (trx) => {
    const cursor = await repo.lockConsumerCursor(trx, CONSUMER_NAME);
    const newest = await lastEventId(trx);
    const events = await readEvents(trx, { after: cursor, upTo: newest, types: TYPES, limit: BATCH });
    const items: NotifyItem[] = [];
    for (const event of events) {
      try {
        items.push(...(await itemsOf(trx, event, deps.timeZone)));
      } catch (error) {
        // One event we cannot read must not hold up every later one.
        deps.log.error({ err: error, eventId: event.id }, 'an outbox event could not be turned into notifications; skipped');
      }
    }
    const published: AfterCommit = await deps.notifications.notifyInTransaction(trx, items);
    const full = events.length === BATCH;
    await repo.moveConsumerCursor(trx, CONSUMER_NAME, full ? events.at(-1)!.id : Math.max(cursor, newest));
    return { afterCommit: published, more: full };
  });
  await afterCommit();
  return more;
}

/**
 * Runs the consumer on this instance: woken by every outbox commit (on any instance), with a poll
 * as the fallback, one batch after another while the backlog lasts. Stops before the database
 * closes, after the batch in flight.
 */
export function startNotificationsConsumer(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; bus: Pick<EventBus, 'onOutboxCommit'>; notifications: NotificationsService; timeZone: string; pollMs?: number },
): void {
  let loop: PollingLoop | undefined;
  app.addHook('onReady', async () => {
    loop = startPollingLoop({
      pass: () => consumeBatch({ ...deps, log: app.log }),
      everyMs: deps.pollMs ?? CONSUMER_POLL_MS,
      wakeOn: (wake) => deps.bus.onOutboxCommit(wake),
      onError: (error) => app.log.error({ err: error }, 'reading the outbox for notifications failed'),
    });
    void loop.wake();
  });
  app.addHook('preClose', async () => loop?.close());
}
