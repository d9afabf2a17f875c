import { z } from 'zod';
import { isoDate, pathId } from './common';
import { activityPhotoOutput } from './monitoring';

const REPORT_DATE_MESSAGE = 'date is a day such as 2026-11-26 (yyyy-MM-dd), or today.';

/** Which day: yyyy-MM-dd in the nursery's time zone, or `today` there. */
export const reportDate = z.union([z.literal('today'), isoDate(REPORT_DATE_MESSAGE)], REPORT_DATE_MESSAGE);

export const getDailyReportInput = z.strictObject({
  id: pathId,
  date: reportDate,
});
export type GetDailyReportInput = z.output<typeof getDailyReportInput>;

/** One thing logged that day, as the report shows it. */
export const reportEntryOutput = z.object({
  /** The activity's id, as GET /activities lists it. */
  id: z.number().int(),
  type: z.string(),
  /** Wall-clock time in the nursery's time zone, e.g. '9:30 AM'. */
  time: z.string(),
  /** When it happened (ISO 8601, UTC). */
  occurredAt: z.iso.datetime(),
  description: z.string(),
  /** True when it was logged for the whole classroom rather than naming this child. */
  wholeClassroom: z.boolean(),
});
export type ReportEntryDto = z.infer<typeof reportEntryOutput>;

export const reportNapOutput = z.object({
  /** The nap activity. */
  start: reportEntryOutput,
  /** The wall-clock time the nap ended, or null when no end was logged. */
  endTime: z.string().nullable(),
  /** When the nap ended (ISO 8601, UTC): the child's next activity that day; null when none followed. */
  endedAt: z.iso.datetime().nullable(),
  /** Whole minutes asleep; null while the nap has no end. */
  durationMinutes: z.number().int().nullable(),
  /** True when nothing has followed the nap yet today: the child is still asleep. */
  ongoing: z.boolean(),
});
export type ReportNapDto = z.infer<typeof reportNapOutput>;

/** A photo as GET /activities shows it, with the activity it was shared with. */
export const reportPhotoOutput = activityPhotoOutput.extend({
  activityId: z.number().int(),
  /** The activity's description, which says what the photo shows. */
  description: z.string(),
  /** The activity's wall-clock time. */
  time: z.string(),
});
export type ReportPhotoDto = z.infer<typeof reportPhotoOutput>;

export const dailyReportOutput = z.object({
  child: z.object({ id: z.number().int(), name: z.string() }),
  /** The day (yyyy-MM-dd) in the nursery's time zone; `today` in the request is answered with the date it stands for. */
  date: z.iso.date(),
  /** The IANA time zone the day and the times are in. */
  timeZone: z.string(),
  /** The day before, and the day after (null when this day is today: later days have no report yet). */
  previousDate: z.iso.date(),
  nextDate: z.iso.date().nullable(),
  isToday: z.boolean(),
  /** The child's first arrival that day, or null. */
  arrival: reportEntryOutput.nullable(),
  /** The child's last departure that day, or null. */
  departure: reportEntryOutput.nullable(),
  naps: z.array(reportNapOutput),
  /** Meals and snacks (types meal, breakfast, lunch, dinner, tea, snack), the child's own and the classroom's. */
  meals: z.array(reportEntryOutput),
  /** Everything else that day, the child's own and the classroom's, in time order. */
  activities: z.array(reportEntryOutput),
  /** The photos of that day's activities in which the child is tagged, in time order. */
  photos: z.array(reportPhotoOutput),
  /** Staff notes (type note) about the child or the classroom. */
  notes: z.array(reportEntryOutput),
});
export type DailyReportDto = z.infer<typeof dailyReportOutput>;
