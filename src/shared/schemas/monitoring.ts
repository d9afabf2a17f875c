import { z } from 'zod';
import { MAX_ID, id, isoDateTime, pageInput, pageOutput, pathId, queryNumber, text } from './common';

export const cameraOutput = z.object({ id: z.string(), name: z.string() });
export type CameraDto = z.infer<typeof cameraOutput>;

/** Where staff upload an activity photo (raw bytes with an image Content-Type), before attaching it with photoIds. */
export const ACTIVITY_PHOTO_UPLOAD_PATH = '/api/activities/photos';
/** The most photos one activity may show. */
export const MAX_ACTIVITY_PHOTOS = 4;
const activityPhotoPath = (activityId: number, photoId: string) => `/api/activities/${activityId}/photos/${photoId}`;
/** Where an activity's photo is served: full size, at most 480 px a side, or as a download. */
export const activityPhotoUrls = (activityId: number, photoId: string) => ({
  url: activityPhotoPath(activityId, photoId),
  thumbnailUrl: `${activityPhotoPath(activityId, photoId)}/thumbnail`,
  downloadUrl: `${activityPhotoPath(activityId, photoId)}/download`,
});

export const activityPhotoOutput = z.object({
  /** The uploaded photo's id (random, unguessable); the URLs below still check who asks, every time. */
  id: z.string(),
  /** Full size, at most 2048 px a side, WebP, without metadata. */
  url: z.string(),
  /** At most 480 px a side, for lists. */
  thumbnailUrl: z.string(),
  /** The full size as an attachment with a readable file name, for saving. */
  downloadUrl: z.string(),
  /** Of the full size; the thumbnail has the same proportions. */
  width: z.number().int(),
  height: z.number().int(),
});
export type ActivityPhotoDto = z.infer<typeof activityPhotoOutput>;

/** POST /api/activities/photos answers the upload's id, to attach as one of photoIds. */
export const uploadedActivityPhotoOutput = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Of the stored (re-encoded) photo. */
  byteSize: z.number().int(),
});
export type UploadedActivityPhotoDto = z.infer<typeof uploadedActivityPhotoOutput>;

export const PHOTOS_OPTED_OUT = (name: string) => `${name}'s family has chosen no photos, so ${name} cannot be tagged. Untag ${name}, or log the activity without photos.`;

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
  /**
   * Its photos you may see, in order: staff see them all, a family only when one of its children
   * is tagged in them. Empty when there are none (or none for you), and in events stored
   * before activities had photos.
   */
  photos: z.array(activityPhotoOutput).default([]),
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
  /** Up to 4 photos, each the id POST /activities/photos answered for your upload. */
  photoIds: z
    .array(z.uuid('Give each photo id as POST /activities/photos answered it.'), 'Give photoIds as a list of photo ids.')
    .max(MAX_ACTIVITY_PHOTOS, `An activity has at most ${MAX_ACTIVITY_PHOTOS} photos.`)
    .refine((ids) => new Set(ids.map((photoId) => photoId.toLowerCase())).size === ids.length, 'Give each photo once.')
    .default([]),
  /**
   * The children in the photos, whose families alone (with staff) may see them. Defaults to
   * the children the activity is about; for a classroom-wide activity, any children of the
   * classroom. A child whose family has chosen no photos cannot be tagged.
   */
  taggedChildIds: z
    .array(id('child id'), 'Give taggedChildIds as a list of child ids.')
    .max(50, 'Tag at most 50 children.')
    .optional(),
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
      /** False when the family has chosen no photos: the child cannot be tagged in one. */
      photosAllowed: z.boolean(),
    }),
  ),
});
export type StaffClassroomDto = z.infer<typeof staffClassroomOutput>;
