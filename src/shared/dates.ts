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
