import { z } from 'zod';
import { MAX_ID, id, isoDateTime, pageInput, pageOutput, pathId, queryNumber, text } from './common';

export const cameraOutput = z.object({ id: z.string(), name: z.string() });
export type CameraDto = z.infer<typeof cameraOutput>;

export const activityOutput = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Wall-clock time in the service's time zone, e.g. '9:30 AM', derived from occurredAt. */
  time: z.string(),
  /** 'just now', then minutes, hours, days, as of when it was sent; clients keep it fresh from occurredAt. */
  timeAgo: z.string(),
  description: z.string(),
  /** When it happened (ISO 8601, UTC). */
  occurredAt: z.iso.datetime(),
  /** The children it is about; empty for the whole classroom. Only their families and staff see it. */
  childIds: z.array(z.number().int()),
  /** The camera it was logged from, or null when logged for the whole classroom. */
  cameraId: z.string().nullable(),
});
export type ActivityDto = z.infer<typeof activityOutput>;

/** How a whole classroom is named as a channel: `classroom:<id>`. */
export const CLASSROOM_CHANNEL_PREFIX = 'classroom:';
export const classroomChannel = (classroomId: number) => `${CLASSROOM_CHANNEL_PREFIX}${classroomId}`;

const channelMessage = 'channel is a camera id such as classroom-3b, or a whole classroom as classroom:<id>, such as classroom:2.';

/** A camera id or `classroom:<id>`: one scheme, read the same by GET and POST /api/activities and by a /ws join. */
export const channelName = text(channelMessage)
  .trim()
  .max(64, channelMessage)
  .regex(/^(classroom:[1-9][0-9]{0,9}|[a-z0-9]+(-[a-z0-9]+)*)$/, channelMessage)
  .refine((channel) => !channel.startsWith(CLASSROOM_CHANNEL_PREFIX) || Number(channel.slice(CLASSROOM_CHANNEL_PREFIX.length)) <= MAX_ID, channelMessage);

export const listActivitiesInput = z.strictObject({
  channel: channelName.optional(),
  limit: queryNumber(z.number('limit is a whole number.').int('limit is a whole number.').min(1, 'limit is at least 1.').max(100, 'limit is at most 100.').default(20)),
  /** Keyset paging: only activities older than this activity id. */
  before: pathId.optional(),
});

/** GET /activities/page: the same list as GET /activities, paged by cursor. */
export const pageActivitiesInput = pageInput.extend({ channel: channelName.optional() });
export const activityPageOutput = pageOutput(activityOutput);

export const createActivityInput = z.strictObject({
  /** A camera id, or a classroom as `classroom:<id>`; either way the activity joins that classroom's log. */
  channel: channelName,
  /** The one child it is about; shorthand for childIds with one id. */
  childId: id('child id').nullish(),
  /** The children it is about; none (the default) means the whole classroom. */
  childIds: z
    .array(id('child id'), 'Give childIds as a list of child ids.')
    .max(50, 'An activity names at most 50 children.')
    .default([]),
  type: text()
    .trim()
    .toLowerCase()
    .min(1, 'Please choose an activity type, such as play or snack.')
    .max(32, 'An activity type has at most 32 letters.')
    .regex(/^[a-z]+$/, 'An activity type is one word of letters, such as art, play, snack, nap, learning, arrival or departure.'),
  description: text()
    .trim()
    .min(1, 'Please describe the activity.')
    .max(500, 'A description has at most 500 characters.'),
  /** When it happened; defaults to now. It may not be in the future. */
  occurredAt: isoDateTime('occurredAt is a date and time such as 2026-11-21T09:30:00Z.').optional(),
});

/** A classroom of the staff member's nursery, with what the staff page needs to log an activity. */
export const staffClassroomOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The classroom as a channel for POST /api/activities: `classroom:<id>`. */
  channel: z.string(),
  cameras: z.array(cameraOutput),
  children: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      currentActivity: z.string().nullable(),
      lastUpdate: z.iso.datetime().nullable(),
    }),
  ),
});
export type StaffClassroomDto = z.infer<typeof staffClassroomOutput>;
