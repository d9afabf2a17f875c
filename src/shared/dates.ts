/** The calendar date (yyyy-MM-dd) that `at` falls on in the given IANA time zone. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(at);
}

/** Whole months from one yyyy-MM-dd date to another, counting a month only once its day is reached. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/** Whole months of age completed by today; 0 before the first. */
export function ageInMonths(dateOfBirth: string, today: string): number {
  return Math.max(0, monthsBetween(dateOfBirth, today));
}

/** A child's age as parents say it: months until two, then years. */
export function ageLabel(dateOfBirth: string, today: string): string {
  const months = ageInMonths(dateOfBirth, today);
  if (months < 24) return `${months} month${months === 1 ? '' : 's'}`;
  return `${Math.floor(months / 12)} years`;
}

export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * `at` as the clock on a wall in `timeZone` shows it: a Date whose local fields (getHours,
 * getDate...) hold that zone's time. The server renders a parent's greeting and dates with it, and
 * the browser hydrates with the same zone, so both paint the same words.
 */
export function wallClock(at: Date, timeZone: string): Date {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23', timeZone });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
}
