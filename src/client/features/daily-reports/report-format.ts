import dayjs from 'dayjs';

/** '2026-11-26' as 'Thursday 26 November', with the year when it is not this year's. */
export function reportDayLabel(date: string, today = dayjs()): string {
  const day = dayjs(date);
  return day.format(day.year() === today.year() ? 'dddd D MMMM' : 'dddd D MMMM YYYY');
}

/** 85 as '1 h 25 min'; under an hour as '40 min'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 'Maya Thompson' as "Maya's": the heading speaks of the child by first name. */
export function possessiveFirstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return `${first}’s`;
}

/** An activity type as a label: 'lunch' → 'Lunch'. */
export const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
