import { z } from 'zod';
import { pageInput, pageOutput, text } from './common';

/** What a notification is about; each can be turned off, in the app and by push, on its own. */
export const notificationCategories = ['activity', 'booking', 'community', 'message', 'report'] as const;
export const notificationCategory = z.enum(notificationCategories);
export type NotificationCategory = z.infer<typeof notificationCategory>;

/** How each category reads on the preferences form. */
export const notificationCategoryLabels: Record<NotificationCategory, { label: string; description: string }> = {
  activity: { label: 'Activities', description: 'What staff log about your children.' },
  report: { label: 'Daily reports', description: "When a child's day is ready to read." },
  booking: { label: 'Bookings', description: 'A booking confirmed, declined or expired.' },
  community: { label: 'Community', description: 'Comments on your posts.' },
  message: { label: 'Messages', description: 'Messages from nursery staff.' },
};

export const notificationOutput = z.object({
  id: z.number().int(),
  category: notificationCategory,
  title: z.string(),
  body: z.string(),
  /** Where it leads: a path in the app, such as /monitoring. */
  link: z.string(),
  /** When it was made (ISO 8601, UTC). */
  createdAt: z.iso.datetime(),
  /** When you read it; null while unread. */
  readAt: z.iso.datetime().nullable(),
});
export type NotificationDto = z.infer<typeof notificationOutput>;

export const listNotificationsInput = pageInput;
export const notificationPageOutput = pageOutput(notificationOutput);
export type NotificationPageDto = z.infer<typeof notificationPageOutput>;

export const unreadCountOutput = z.object({ unread: z.number().int() });
export type UnreadCountDto = z.infer<typeof unreadCountOutput>;

export const readAllOutput = z.object({
  /** How many were marked read now. */
  marked: z.number().int(),
  unread: z.number().int(),
});

// ---- Preferences --------------------------------------------------------------------------

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const TIME_MESSAGE = 'Give a time of day as HH:MM on the 24-hour clock, such as 21:00 or 07:30.';
const timeOfDay = text(TIME_MESSAGE).regex(HH_MM, TIME_MESSAGE);

export const channelSwitches = z.strictObject({
  inApp: z.boolean('inApp is true or false.'),
  push: z.boolean('push is true or false.'),
});

const ACTIVITY_TYPE_MESSAGE = 'An activity type is one word of letters, such as nap or snack.';

export const notificationPreferencesInput = z.strictObject({
  categories: z.strictObject(
    {
      activity: channelSwitches,
      booking: channelSwitches,
      community: channelSwitches,
      message: channelSwitches,
      report: channelSwitches,
    },
    'Give categories as {activity, booking, community, message, report}, each {inApp, push}.',
  ),
  /** Activity types you are not told about, such as nap; the rest of the activities still come. */
  mutedActivityTypes: z
    .array(text(ACTIVITY_TYPE_MESSAGE).trim().toLowerCase().min(1, ACTIVITY_TYPE_MESSAGE).max(32, 'An activity type has at most 32 letters.').regex(/^[a-z]+$/, ACTIVITY_TYPE_MESSAGE), 'Give mutedActivityTypes as a list.')
    .max(20, 'Mute at most 20 activity types.')
    .transform((types) => [...new Set(types)]),
  /** No push between start and end (local time of the service; end may be the next morning). Null: none. */
  quietHours: z
    .strictObject({ start: timeOfDay, end: timeOfDay }, 'Give quietHours as {start, end}, or null for none.')
    .refine((hours) => hours.start !== hours.end, { message: 'Quiet hours start and end at different times.', path: ['end'] })
    .nullable(),
});
export type NotificationPreferencesInput = z.output<typeof notificationPreferencesInput>;

export const notificationPreferencesOutput = z.object({
  categories: z.object({
    activity: z.object({ inApp: z.boolean(), push: z.boolean() }),
    booking: z.object({ inApp: z.boolean(), push: z.boolean() }),
    community: z.object({ inApp: z.boolean(), push: z.boolean() }),
    message: z.object({ inApp: z.boolean(), push: z.boolean() }),
    report: z.object({ inApp: z.boolean(), push: z.boolean() }),
  }),
  mutedActivityTypes: z.array(z.string()),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The time zone quiet hours are read in. */
  timeZone: z.string(),
});
export type NotificationPreferencesDto = z.infer<typeof notificationPreferencesOutput>;

// ---- Live (/ws) ---------------------------------------------------------------------------

/** The channel a signed-in adult joins on /ws for their own notifications. */
export const NOTIFICATIONS_CHANNEL = 'notifications:me';

/** A new notification, and the unread count with it. */
export const notificationMessage = z.object({ type: z.literal('notification'), notification: notificationOutput, unread: z.number().int() });
/** The unread count changed without a new notification (read here or on another device). */
export const unreadMessage = z.object({ type: z.literal('unread'), unread: z.number().int() });
