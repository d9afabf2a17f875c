import { z } from 'zod';

/** Where a calendar app fetches a secret subscription address; the token ends in .ics. */
export const CALENDAR_SUBSCRIPTION_FEED_PREFIX = '/api/calendar/';

export const calendarSubscriptionOutput = z.object({
  /** Whether a subscription address works now. Its token is shown only when it is created. */
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
});
export type CalendarSubscriptionDto = z.infer<typeof calendarSubscriptionOutput>;

export const createdCalendarSubscriptionOutput = z.object({
  /** For calendar apps that subscribe with a webcal:// link (Apple Calendar, Outlook). */
  webcalUrl: z.string(),
  /** The same address over https, for apps that ask for one (Google Calendar's "From URL"). */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type CreatedCalendarSubscriptionDto = z.infer<typeof createdCalendarSubscriptionOutput>;
