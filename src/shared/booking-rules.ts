import { weekdays } from './dates';

// The rules of a shadow-teacher booking, shared by the server (which enforces them) and the
// booking form (which follows them), so both sides always agree.

export const sessionTypes = ['nursery', 'home', 'rehabilitation'] as const;
export const bookingStatuses = ['pending', 'confirmed', 'cancelled'] as const;
export const paymentStatuses = ['unpaid', 'paid'] as const;
/** Why a booking is cancelled: by its parent, declined by its teacher, or unconfirmed too long. */
export const cancelReasons = ['parent', 'declined', 'expired'] as const;

export type SessionType = (typeof sessionTypes)[number];
export type BookingStatus = (typeof bookingStatuses)[number];
export type CancelReason = (typeof cancelReasons)[number];
export type Weekday = (typeof weekdays)[number];

/** Bookable days run from tomorrow to this many days ahead, in the service's time zone. */
export const BOOKING_WINDOW_DAYS = 30;
export const MAX_NOTES_LENGTH = 2000;
/** Each availability time slot starts a one-hour block; a teacher's day ends one block after the last slot. */
export const SLOT_MINUTES = 60;

export const TIME_TAKEN_MESSAGE = 'This time is no longer available';
export const PRICE_CHANGED_MESSAGE = 'The price has changed';

/** Shown only when the row a booking points at has been deleted. */
export const unknownNames = { child: 'Unknown Child', teacher: 'Unknown Teacher', nursery: 'Unknown Nursery' } as const;

export interface Availability {
  days: readonly string[];
  timeSlots: readonly string[];
}

// ---- Times of day ('HH:mm') -------------------------------------------------------------

/** Minutes after midnight of an 'HH:mm' time. */
export function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** The 'HH:mm' time this many minutes after midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** True when `end` is later than `start`, comparing the hour first and then the minute. */
export function isLaterTime(end: string, start: string): boolean {
  const [endHour, endMinute] = end.split(':').map(Number) as [number, number];
  const [startHour, startMinute] = start.split(':').map(Number) as [number, number];
  return endHour > startHour || (endHour === startHour && endMinute > startMinute);
}

/** round(hourlyRate × hours), in cents. Integer arithmetic, so both sides round identically. */
export function sessionPrice(hourlyRateCents: number, startTime: string, endTime: string): number {
  return Math.round((hourlyRateCents * (minutesOf(endTime) - minutesOf(startTime))) / 60);
}

// ---- Calendar dates ('yyyy-MM-dd') ------------------------------------------------------

function utcMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86_400_000);
}

export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday; `weekdays` starts on Monday.
  return weekdays[(new Date(utcMidnight(date)).getUTCDay() + 6) % 7]!;
}

/** The first and last bookable dates: day 1 to day 30 after `today`. */
export function bookingWindow(today: string): { first: string; last: string } {
  return { first: addDays(today, 1), last: addDays(today, BOOKING_WINDOW_DAYS) };
}

export function isInBookingWindow(date: string, today: string): boolean {
  const offset = daysBetween(today, date);
  return offset >= 1 && offset <= BOOKING_WINDOW_DAYS;
}

// ---- A teacher's availability -----------------------------------------------------------

/** Weekdays the teacher works, in calendar order. */
export function workingDays(availability: readonly Availability[]): Weekday[] {
  return weekdays.filter((day) => availability.some((entry) => entry.days.includes(day)));
}

/** The start times offered on a weekday, earliest first. */
export function startTimesOn(availability: readonly Availability[], weekday: Weekday): string[] {
  const slots = new Set(availability.filter((entry) => entry.days.includes(weekday)).flatMap((entry) => entry.timeSlots));
  return [...slots].sort((a, b) => minutesOf(a) - minutesOf(b));
}

/**
 * The teacher's hours on a weekday as minute ranges [start, end): each slot covers one
 * block, and touching blocks merge, so 09:00, 10:00, 11:00 make 09:00-12:00.
 */
export function workingHoursOn(availability: readonly Availability[], weekday: Weekday): { start: number; end: number }[] {
  const hours: { start: number; end: number }[] = [];
  for (const slot of startTimesOn(availability, weekday)) {
    const start = minutesOf(slot);
    const last = hours.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, start + SLOT_MINUTES);
    else hours.push({ start, end: start + SLOT_MINUTES });
  }
  return hours;
}

/** When the teacher's hours that include `startTime` end, as 'HH:mm'; undefined if they do not work then. */
export function hoursEndAfter(availability: readonly Availability[], weekday: Weekday, startTime: string): string | undefined {
  const start = minutesOf(startTime);
  const block = workingHoursOn(availability, weekday).find((hours) => hours.start <= start && start < hours.end);
  return block && timeOf(block.end);
}

export interface TimeRange {
  startTime: string;
  endTime: string;
}

export interface OpenSlot {
  startTime: string;
  /** Every end time that can be chosen for this start, earliest first. */
  endTimes: string[];
}

/**
 * The start times still open on one date, each with the end times it allows: the times on the
 * day's grid (every whole block from the start of the teacher's hours, the end of those hours,
 * and every start time) up to the end of the hours or the start of the next booking, whichever
 * comes first. Ranges are half-open, so a session may start exactly when another ends. A start
 * whose only end would be off the grid (an older booking starting at 09:30) is not offered.
 */
export function openSlotsOn(availability: readonly Availability[], weekday: Weekday, booked: readonly TimeRange[]): OpenSlot[] {
  const taken = booked.map((range) => ({ start: minutesOf(range.startTime), end: minutesOf(range.endTime) }));
  const grid = new Set<number>();
  for (const hours of workingHoursOn(availability, weekday)) {
    for (let minute = hours.start + SLOT_MINUTES; minute < hours.end; minute += SLOT_MINUTES) grid.add(minute);
    grid.add(hours.end);
  }
  for (const slot of startTimesOn(availability, weekday)) grid.add(minutesOf(slot));
  const ascending = [...grid].sort((a, b) => a - b);

  const open: OpenSlot[] = [];
  for (const startTime of startTimesOn(availability, weekday)) {
    const start = minutesOf(startTime);
    if (taken.some((range) => range.start <= start && start < range.end)) continue;
    const hoursEnd = minutesOf(hoursEndAfter(availability, weekday, startTime)!);
    const nextBooking = Math.min(...taken.filter((range) => range.start > start).map((range) => range.start));
    const limit = Math.min(hoursEnd, nextBooking);
    const endTimes = ascending.filter((minute) => minute > start && minute <= limit).map(timeOf);
    if (endTimes.length > 0) open.push({ startTime, endTimes });
  }
  return open;
}

// ---- The whole booking ------------------------------------------------------------------

export interface BookingRequest {
  sessionType: SessionType;
  nurseryId: number | null;
  location: string | null;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  totalPrice: number;
}

export interface BookingTeacher {
  name: string;
  hourlyRate: number;
  availability: readonly Availability[];
}

/** A broken rule: the input field at fault and a sentence a parent can act on. */
export interface BookingRuleProblem {
  field: keyof BookingRequest;
  message: string;
}

function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * Checks a booking against the spec's rules, in the order the form asks for them; returns the
 * first problem, or null when the booking may be made. `today` is yyyy-MM-dd in the service's
 * time zone. Times and dates must already be well formed ('HH:mm', 'yyyy-MM-dd').
 */
export function checkBookingRules(booking: BookingRequest, teacher: BookingTeacher, today: string): BookingRuleProblem | null {
  if (booking.sessionType === 'nursery') {
    if (booking.nurseryId === null) return { field: 'nurseryId', message: 'Choose the nursery where the session will take place.' };
    if (booking.location !== null) {
      return { field: 'location', message: 'Leave location empty for a nursery session: the nursery is where it takes place.' };
    }
  } else if (booking.nurseryId !== null) {
    return { field: 'nurseryId', message: `Only nursery sessions have a nursery; leave nurseryId empty for a ${booking.sessionType} session.` };
  }

  if (booking.endDate !== booking.startDate) {
    return { field: 'endDate', message: 'A session starts and ends on the same day, so endDate must equal startDate.' };
  }
  if (!isInBookingWindow(booking.startDate, today)) {
    const { first, last } = bookingWindow(today);
    return { field: 'startDate', message: `Choose a date from ${first} to ${last}: sessions can be booked from tomorrow up to ${BOOKING_WINDOW_DAYS} days ahead.` };
  }

  const weekday = weekdayOf(booking.startDate);
  const startTimes = startTimesOn(teacher.availability, weekday);
  if (startTimes.length === 0) {
    return { field: 'startDate', message: `${teacher.name} is not available on ${weekday}s. Choose a ${listOf(workingDays(teacher.availability))}.` };
  }
  if (!startTimes.includes(booking.startTime)) {
    return { field: 'startTime', message: `${teacher.name} has no session starting at ${booking.startTime} on ${weekday}s. Choose ${listOf(startTimes)}.` };
  }

  if (!isLaterTime(booking.endTime, booking.startTime)) {
    return { field: 'endTime', message: 'The end time must be later than the start time.' };
  }
  const hoursEnd = hoursEndAfter(teacher.availability, weekday, booking.startTime)!;
  if (isLaterTime(booking.endTime, hoursEnd)) {
    return { field: 'endTime', message: `${teacher.name}'s hours on ${weekday}s end at ${hoursEnd}, so the session must end by then.` };
  }

  // The grid of an empty diary: what the booking form offers, so no booking can leave an odd
  // minute (09:00-09:01) that blocks a whole start time for everyone else.
  const endTimes = openSlotsOn(teacher.availability, weekday, []).find((slot) => slot.startTime === booking.startTime)?.endTimes ?? [];
  if (!endTimes.includes(booking.endTime)) {
    return {
      field: 'endTime',
      message: `Choose an end time ${teacher.name} offers: a session starting at ${booking.startTime} on ${weekday}s ends at ${listOf(endTimes)}.`,
    };
  }

  if (booking.totalPrice !== sessionPrice(teacher.hourlyRate, booking.startTime, booking.endTime)) {
    return { field: 'totalPrice', message: PRICE_CHANGED_MESSAGE };
  }
  return null;
}
