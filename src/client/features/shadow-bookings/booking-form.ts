import type { z } from 'zod';
import {
  isInBookingWindow,
  isLaterTime,
  sessionPrice,
  startTimesOn,
  weekdayOf,
  workingDays,
  type Availability,
  type SessionType,
} from '../../../shared/booking-rules';
import type { createBookingInput, TeacherAvailabilityDto } from '../../../shared/schemas/shadow-bookings';

// The booking form's rules (spec sections 4 and 5) as pure functions, so the dialog and its
// tests use one definition, and the price comes from the same function the server checks.

export interface BookingFormValues {
  childId: string | null;
  sessionType: SessionType;
  nurseryId: string | null;
  location: string;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  notes: string;
}

export const emptyBookingForm: BookingFormValues = {
  childId: null,
  sessionType: 'nursery',
  nurseryId: null,
  location: '',
  date: null,
  startTime: null,
  endTime: null,
  notes: '',
};

export type BookingField = keyof BookingFormValues;

/** The fields that are not yet acceptable; empty when the form may be sent. Only which field, never a message. */
export function invalidFields(values: BookingFormValues): Set<BookingField> {
  const invalid = new Set<BookingField>();
  if (!values.childId) invalid.add('childId');
  // The server needs to know where a nursery session happens.
  if (values.sessionType === 'nursery' && !values.nurseryId) invalid.add('nurseryId');
  if (!values.date) invalid.add('date');
  if (!values.startTime) invalid.add('startTime');
  if (!values.endTime || (values.startTime && !isLaterTime(values.endTime, values.startTime))) invalid.add('endTime');
  return invalid;
}

/**
 * Whether a day may be picked: 1 to 30 days after today, on a weekday the teacher works, and
 * (once the server has answered) with at least one start time still open.
 */
export function isSelectableDate(date: string, today: string, availability: readonly Availability[], openDates?: ReadonlySet<string>): boolean {
  return isInBookingWindow(date, today) && workingDays(availability).includes(weekdayOf(date)) && (openDates?.has(date) ?? true);
}

export type OpenDate = TeacherAvailabilityDto['dates'][number];

/** Start times for the chosen date: the teacher's slots for that weekday that no booking holds. */
export function startTimeOptions(availability: readonly Availability[], openDate: OpenDate | undefined): string[] {
  if (!openDate) return [];
  const slots = startTimesOn(availability, openDate.weekday);
  return openDate.slots.map((slot) => slot.startTime).filter((start) => slots.includes(start));
}

/** End times for the chosen start: the ones the server allows that are later than the start. */
export function endTimeOptions(openDate: OpenDate | undefined, startTime: string | null): string[] {
  if (!openDate || !startTime) return [];
  const slot = openDate.slots.find((candidate) => candidate.startTime === startTime);
  return (slot?.endTimes ?? []).filter((end) => isLaterTime(end, startTime));
}

/** The running total in cents, or 0 until both times are chosen. */
export function bookingTotal(hourlyRate: number, startTime: string | null, endTime: string | null): number {
  if (!startTime || !endTime || !isLaterTime(endTime, startTime)) return 0;
  return sessionPrice(hourlyRate, startTime, endTime);
}

export type BookingPayload = z.input<typeof createBookingInput>;

/** The POST /api/shadow-bookings body, exactly as spec section 7 lists it. Call only once the form is valid. */
export function bookingPayload(values: BookingFormValues, teacher: { id: number; hourlyRate: number }): BookingPayload {
  const isNursery = values.sessionType === 'nursery';
  const date = values.date!;
  return {
    teacherId: teacher.id,
    childId: Number(values.childId),
    sessionType: values.sessionType,
    nurseryId: isNursery && values.nurseryId ? Number(values.nurseryId) : null,
    location: isNursery ? null : values.location.trim() || null,
    startDate: date,
    endDate: date,
    startTime: values.startTime!,
    endTime: values.endTime!,
    status: 'pending',
    notes: values.notes,
    totalPrice: bookingTotal(teacher.hourlyRate, values.startTime, values.endTime),
    paymentStatus: 'unpaid',
  };
}
