import { z } from 'zod';
import { MAX_ID, pageLimit, queryNumber } from './common';
import { eventSchemas } from './events';

/**
 * GET /api/events: the outbox as a log to catch up from. The position is the event id itself,
 * public and stable (the /ws `lastEventId` and a webhook's `evt_<id>` name the same ids), so it
 * is given as `after` rather than the opaque `cursor` other lists use.
 */
export const listEventsInput = z.strictObject({
  after: queryNumber(
    z
      .number('after is a whole number: the id of the last event you have, or 0.')
      .int('after is a whole number: the id of the last event you have, or 0.')
      .min(0, 'after is 0 or more.')
      .max(MAX_ID, `after is at most ${MAX_ID}.`)
      .default(0),
  ),
  limit: pageLimit,
});

const eventId = z.number().int().describe('Follows commit order; pass the last one you have as after.');
const [firstEvent, ...otherEvents] = Object.values(eventSchemas).map((schema) => schema.extend({ id: eventId }));

/** One event as a webhook delivers it, with its id. */
export const listedEvent = z.discriminatedUnion('type', [firstEvent!, ...otherEvents]);
export type ListedEvent = z.infer<typeof listedEvent>;

export const eventPageOutput = z.object({
  items: z.array(listedEvent),
  /** True when more events follow this page now; false when you have caught up (ask again later with the last id). */
  hasMore: z.boolean(),
});
export type EventPage = z.infer<typeof eventPageOutput>;
