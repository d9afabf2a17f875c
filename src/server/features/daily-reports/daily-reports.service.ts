import type { Kysely } from 'kysely';
import { localDate } from '../../../shared/dates';
import { clockTime } from '../../../shared/relative-time';
import { activityPhotoUrls } from '../../../shared/schemas/monitoring';
import type { DailyReportDto, GetDailyReportInput, ReportEntryDto, ReportNapDto } from '../../../shared/schemas/daily-reports';
import type { Database } from '../../db/database';
import { badInput, notFound } from '../../errors';
import type { AuthenticatedUser } from '../../principal';
import * as repo from './daily-reports.repository';

/** Activity types that are something to eat; the presets log 'snack', and staff may write the rest. */
const MEAL_TYPES = new Set(['meal', 'breakfast', 'lunch', 'dinner', 'tea', 'snack']);
const NOTE_TYPE = 'note';

type ActivityRow = { id: number; type: string; description: string; occurred_at: Date; whole_classroom: boolean };
type PhotoRow = { id: string; activity_id: number; width: number | null; height: number | null };

/** yyyy-MM-dd moved by whole days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function createDailyReportsService(deps: { db: Kysely<Database>; timeZone: string; now?: () => Date }) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * A child's day, built from the activities logged that day: the family's own child for its
     * adults, a child of their nursery for staff; any other child is not found. A day with
     * nothing logged is a report with empty sections; a day still to come has none.
     */
    async getReport(user: AuthenticatedUser, input: GetDailyReportInput): Promise<DailyReportDto> {
      const today = localDate(now(), timeZone);
      const date = input.date === 'today' ? today : input.date;
      const child = await repo.findReadableChild(db, user, input.id);
      if (!child) throw notFound('That child');
      if (date > today) throw badInput('date', `${date} has not come yet, so there is no report for it; choose today (${today}) or an earlier day.`);
      const rows = await repo.listActivitiesOfDay(db, user, child, { date, timeZone });
      const photos = await repo.listTaggedPhotos(db, child.id, rows.map((row) => row.id));
      return {
        child: { id: child.id, name: child.name },
        date,
        timeZone,
        previousDate: addDays(date, -1),
        nextDate: date === today ? null : addDays(date, 1),
        isToday: date === today,
        ...sortDay(rows, photos, date === today, timeZone),
      };
    },
  };
}

export type DailyReportsService = ReturnType<typeof createDailyReportsService>;

/**
 * Sorts a day's activities (oldest first) into the report's sections.
 *
 * The child's day runs from their first arrival to their last departure, when those are logged:
 * what the classroom did outside it was not part of their day. A nap ends at the next activity
 * that names the child (whatever it is: waking, a snack, going home), or for a nap of the whole
 * classroom at the next activity of either kind; with none, it is still going on today, and on an
 * earlier day its end was not logged.
 */
export function sortDay(rows: ActivityRow[], photos: PhotoRow[], isToday: boolean, timeZone: string): Omit<DailyReportDto, 'child' | 'date' | 'timeZone' | 'previousDate' | 'nextDate' | 'isToday'> {
  const own = rows.filter((row) => !row.whole_classroom);
  const arrivalRow = own.find((row) => row.type === 'arrival');
  const departureRow = own.findLast((row) => row.type === 'departure');
  const inDay = rows.filter(
    (row) =>
      !row.whole_classroom ||
      ((!arrivalRow || row.occurred_at >= arrivalRow.occurred_at) && (!departureRow || row.occurred_at <= departureRow.occurred_at)),
  );
  const entry = (row: ActivityRow): ReportEntryDto => ({
    id: row.id,
    type: row.type,
    time: clockTime(row.occurred_at, timeZone),
    occurredAt: row.occurred_at.toISOString(),
    description: row.description,
    wholeClassroom: row.whole_classroom,
  });

  const naps: ReportNapDto[] = [];
  const meals: ReportEntryDto[] = [];
  const notes: ReportEntryDto[] = [];
  const activities: ReportEntryDto[] = [];
  inDay.forEach((row, index) => {
    if (row === arrivalRow || row === departureRow) return;
    if (row.type === 'nap') {
      const end = inDay.slice(index + 1).find((later) => row.whole_classroom || !later.whole_classroom);
      naps.push({
        start: entry(row),
        endTime: end ? clockTime(end.occurred_at, timeZone) : null,
        endedAt: end ? end.occurred_at.toISOString() : null,
        durationMinutes: end ? Math.round((end.occurred_at.getTime() - row.occurred_at.getTime()) / 60_000) : null,
        ongoing: !end && isToday,
      });
    } else if (MEAL_TYPES.has(row.type)) meals.push(entry(row));
    else if (row.type === NOTE_TYPE) notes.push(entry(row));
    else activities.push(entry(row));
  });
  return {
    arrival: arrivalRow ? entry(arrivalRow) : null,
    departure: departureRow ? entry(departureRow) : null,
    naps,
    meals,
    activities,
    photos: inDay.flatMap((row) =>
      photos
        .filter((photo) => photo.activity_id === row.id)
        .map((photo) => ({
          id: photo.id,
          ...activityPhotoUrls(row.id, photo.id),
          width: photo.width ?? 0,
          height: photo.height ?? 0,
          activityId: row.id,
          description: row.description,
          time: clockTime(row.occurred_at, timeZone),
        })),
    ),
    notes,
  };
}
