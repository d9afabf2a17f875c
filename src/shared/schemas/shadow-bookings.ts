import { z } from 'zod';
import { MAX_NOTES_LENGTH, bookingStatuses, cancelReasons, paymentStatuses, sessionTypes } from '../booking-rules';
import { weekdays } from '../dates';
import { currencyOutput, id, isoDate, pageInput, pageOutput, pathId, text } from './common';

const timeOfDay = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 09:30.');
const calendarDate = isoDate('Use a date in the form yyyy-MM-dd, such as 2026-11-23.');

/** The booking form's payload, exactly as the spec's section 7 describes it. */
export const createBookingInput = z.strictObject({
  teacherId: id('teacher id'),
  childId: id('child id'),
  sessionType: z.enum(sessionTypes, `Choose a session type: ${sessionTypes.join(', ')}.`),
  nurseryId: id('nursery id').nullable().default(null),
  location: text('Give the location as text, or null.')
    .trim()
    .max(200, 'A location has at most 200 characters.')
    .nullable()
    .default(null)
    .transform((location) => location || null),
  startDate: calendarDate,
  endDate: calendarDate,
  startTime: timeOfDay,
  endTime: timeOfDay,
  status: z.literal('pending', "A new booking's status is 'pending'.").default('pending'),
  notes: text('Give notes as text.').max(MAX_NOTES_LENGTH, 'Notes have at most 2,000 characters.').default(''),
  /** Cents: round(hourlyRate × hours), as shown to the parent. */
  totalPrice: z.number('Give the total price in cents, as a number.').int('The total price is a whole number of cents.').min(0, 'The total price cannot be negative.'),
  paymentStatus: z.literal('unpaid', "A new booking's payment status is 'unpaid'.").default('unpaid'),
});
export type CreateBookingInput = z.output<typeof createBookingInput>;

export const bookingOutput = z.object({
  id: z.number().int(),
  /** Null once the teacher, child or nursery has been deleted. */
  teacherId: z.number().int().nullable(),
  childId: z.number().int().nullable(),
  sessionType: z.enum(sessionTypes),
  nurseryId: z.number().int().nullable(),
  location: z.string().nullable(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(bookingStatuses),
  /** Set exactly when cancelled: 'parent' cancelled it, the teacher 'declined' it, or it 'expired' unconfirmed. */
  cancelReason: z.enum(cancelReasons).nullable(),
  notes: z.string(),
  /** Cents. */
  totalPrice: z.number().int(),
  /** Of totalPrice. */
  currency: currencyOutput,
  paymentStatus: z.enum(paymentStatuses),
  createdAt: z.iso.datetime(),
  /** 'Unknown Teacher' only when the teacher has been deleted. */
  teacherName: z.string(),
  /** 'Unknown Child' only when the child has been deleted. */
  childName: z.string(),
  /** Null for home and rehabilitation sessions; 'Unknown Nursery' only when the nursery has been deleted. */
  nurseryName: z.string().nullable(),
  /** The name of the family's adult who made the booking ("Booked by James"); null once their account is gone. */
  bookedBy: z.string().nullable(),
});
export type BookingDto = z.infer<typeof bookingOutput>;

export const listBookingsInput = z.strictObject({
  /** Must be the signed-in user's id; defaults to it. */
  parentId: pathId.optional(),
});

/** GET /shadow-bookings/page: the caller's own bookings, as GET /shadow-bookings lists them. */
export const pageBookingsInput = listBookingsInput.extend(pageInput.shape);
export const bookingPageOutput = pageOutput(bookingOutput);

export const updateBookingStatusInput = z.strictObject({
  id: pathId,
  status: z.enum(bookingStatuses, `Choose a status: ${bookingStatuses.join(', ')}.`),
});

export const teacherAvailabilityInput = z
  .strictObject({
    id: pathId,
    /** First date to show; defaults to tomorrow. */
    from: calendarDate.optional(),
    /** Last date to show; defaults to the end of the booking window. */
    to: calendarDate.optional(),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, { message: 'from must not be later than to.', path: ['from'] });

export const teacherAvailabilityOutput = z.object({
  teacherId: z.number().int(),
  /** The time zone the dates and times are in. */
  timeZone: z.string(),
  /** Only dates with at least one open start time, earliest first. */
  dates: z.array(
    z.object({
      date: z.iso.date(),
      weekday: z.enum(weekdays),
      slots: z.array(z.object({ startTime: z.string(), endTimes: z.array(z.string()) })),
    }),
  ),
});
export type TeacherAvailabilityDto = z.infer<typeof teacherAvailabilityOutput>;

export const specializations = [
  'ASD',
  'ADHD',
  'Language Delays',
  'Motor Skill Delays',
  'Physical Disabilities',
  'Developmental Delays',
] as const;

export const availabilityEntry = z.object({
  days: z.array(z.enum(weekdays)),
  timeSlots: z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
});

export const shadowTeacherOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  profileImage: z.string().nullable(),
  location: z.string(),
  specialization: z.array(z.string()),
  bio: z.string(),
  /** Years. */
  experience: z.number().int(),
  /** Cents per hour. */
  hourlyRate: z.number().int(),
  /** Of hourlyRate. */
  currency: currencyOutput,
  /** 0-50; stars are rating / 10, rounded. */
  rating: z.number().int(),
  availability: z.array(availabilityEntry),
});
export type ShadowTeacherDto = z.infer<typeof shadowTeacherOutput>;

export const listShadowTeachersInput = z.strictObject({
  specialization: z.enum(specializations, `Choose one of: ${specializations.join(', ')}.`).optional(),
  location: text().trim().max(100, 'Location has at most 100 characters.').optional(),
});

export const pageShadowTeachersInput = listShadowTeachersInput.extend(pageInput.shape);
export const shadowTeacherPageOutput = pageOutput(shadowTeacherOutput);

/** The signed-in parent's bookings as an iCalendar feed (a plain route: the REST adapter speaks only JSON). */
export const CALENDAR_PATH = '/api/shadow-bookings/calendar.ics';
