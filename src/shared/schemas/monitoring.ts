import { z } from 'zod';

export const childStatuses = ['online', 'nap', 'offline'] as const;

export const childOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Human-readable, shown as given: '3 years', '18 months'. */
  age: z.string(),
  dateOfBirth: z.iso.date(),
  profileImage: z.string().nullable(),
  status: z.string(),
  currentActivity: z.string().nullable(),
  lastUpdate: z.iso.datetime().nullable(),
  specialNeeds: z.boolean(),
  specialNeedsDetails: z.string().nullable(),
});
export type ChildDto = z.infer<typeof childOutput>;

export const cameraOutput = z.object({ id: z.string(), name: z.string() });
export type CameraDto = z.infer<typeof cameraOutput>;

/** Camera ids are lowercase words joined by hyphens, like classroom-3b. */
export const cameraId = z
  .string()
  .max(64, 'A camera id has at most 64 characters.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A camera id is lowercase letters and digits joined by hyphens, like classroom-3b.');

export const activityOutput = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Wall-clock time in the service's time zone, e.g. '9:30 AM'. */
  time: z.string(),
  /** 'just now', then minutes, hours, days. */
  timeAgo: z.string(),
  description: z.string(),
});
export type ActivityDto = z.infer<typeof activityOutput>;

export const listActivitiesInput = z.object({
  channel: cameraId.optional(),
  limit: z.coerce.number().int().min(1, 'limit is at least 1.').max(100, 'limit is at most 100.').default(20),
  /** Keyset paging: only activities older than this activity id. */
  before: z.coerce.number().int().positive().optional(),
});
