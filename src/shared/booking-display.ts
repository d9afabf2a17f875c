import { longDate } from './display';

// Display rules of the spec for shadow teachers and bookings, kept pure so the screens
// and their tests share one definition.

/** Whole stars out of 5: the stored 0-50 rating divided by 10, rounded. */
export function teacherStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating / 10)));
}

/** 'Amara Okafor' → 'AO': shown when a teacher has no picture. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export type Tone = 'success' | 'warning' | 'destructive' | 'secondary' | 'outline';

/** confirmed → success, pending → warning, cancelled → destructive, anything else → secondary. */
export function bookingStatusTone(status: string): Tone {
  if (status === 'confirmed') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'cancelled') return 'destructive';
  return 'secondary';
}

/**
 * A booking's status badge: the spec's label and tone, except that a request the teacher did not
 * confirm in time reads 'Expired' (still cancelled underneath), in the tone of any other state.
 */
export function bookingStatusBadge(status: string, cancelReason?: string | null): { label: string; tone: Tone } {
  if (status === 'cancelled' && cancelReason === 'expired') return { label: 'Expired', tone: 'secondary' };
  return { label: capitalized(status), tone: bookingStatusTone(status) };
}

/** paid → success, anything else → outline. */
export function paymentStatusTone(paymentStatus: string): Tone {
  return paymentStatus === 'paid' ? 'success' : 'outline';
}

/** 'pending' → 'Pending'. */
export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A yyyy-MM-dd date as 'Monday, November 23rd, 2026'; anything that does not parse is shown as it came. */
export function bookingDateLabel(raw: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) return raw;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return raw;
  return longDate(date);
}

/** '09:00' → '9:00 AM'; anything else is shown as it came. */
export function clockLabel(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

export function timeRangeLabel(startTime: string, endTime: string): string {
  return `${clockLabel(startTime)} - ${clockLabel(endTime)}`;
}

export const sessionTypeLabels = { nursery: 'Nursery', home: 'Home', rehabilitation: 'Rehabilitation' } as const;

