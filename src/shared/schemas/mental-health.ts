import { z } from 'zod';
import { currencyOutput, id, idParam, isoDate, pageInput, pageOutput, pathId, text } from './common';

export const mentalHealthBookingStatuses = ['pending', 'confirmed', 'cancelled'] as const;
export const mentalHealthBookingKinds = ['service', 'specialist'] as const;
export const MAX_BOOKING_NOTES_LENGTH = 2000;

const catalogueId = (what: string) =>
  text(`Give the ${what} id as text.`)
    .trim()
    .min(1, `Please choose a ${what}.`)
    .max(64, `A ${what} id has at most 64 characters.`);

// ---- Catalogue --------------------------------------------------------------------------

export const serviceOptionOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Cents; shown as dollars. 0 is free. */
  price: z.number().int(),
  /** Of price. */
  currency: currencyOutput,
});

export const serviceOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  options: z.array(serviceOptionOutput),
});
export type MentalHealthServiceDto = z.infer<typeof serviceOutput>;

export const specialistOutput = z.object({
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  qualifications: z.string(),
  /** As written, such as '12 years'. */
  experience: z.string(),
  languages: z.array(z.string()),
  bio: z.string(),
  image: z.string().nullable(),
});
export type SpecialistDto = z.infer<typeof specialistOutput>;

export const sessionTypeOutput = z.object({
  id: z.string(),
  name: z.string(),
  minutes: z.number().int(),
  /** Cents. */
  price: z.number().int(),
  /** Of price. */
  currency: currencyOutput,
});
export type SessionTypeDto = z.infer<typeof sessionTypeOutput>;

export const timeWindowOutput = z.object({
  id: z.string(),
  /** Such as 'Morning (9AM-12PM)'. */
  label: z.string(),
});
export type TimeWindowDto = z.infer<typeof timeWindowOutput>;

export const articleOutput = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  author: z.string(),
  date: z.iso.date(),
  excerpt: z.string(),
});
export type MentalHealthArticleDto = z.infer<typeof articleOutput>;

// ---- Bookings ---------------------------------------------------------------------------

/**
 * A service option (kind 'service': serviceId and optionId) or a specialist session (kind
 * 'specialist': specialistId and sessionTypeId). There is no price: it comes from the catalogue.
 */
export const createMentalHealthBookingInput = z
  .strictObject({
    kind: z.enum(mentalHealthBookingKinds, "Choose what to book: 'service' or 'specialist'."),
    serviceId: catalogueId('service').optional(),
    optionId: catalogueId('service option').optional(),
    specialistId: catalogueId('specialist').optional(),
    sessionTypeId: catalogueId('session type').optional(),
    date: isoDate('Use a date in the form yyyy-MM-dd, such as 2026-11-23.'),
    timeWindow: catalogueId('preferred time'),
    childId: id('child id').nullable().default(null),
    notes: text('Give notes as text.')
      .trim()
      .max(MAX_BOOKING_NOTES_LENGTH, `Notes have at most ${MAX_BOOKING_NOTES_LENGTH.toLocaleString('en-US')} characters.`)
      .default(''),
  })
  .superRefine((input, ctx) => {
    const required =
      input.kind === 'service' ? (['serviceId', 'optionId'] as const) : (['specialistId', 'sessionTypeId'] as const);
    const forbidden =
      input.kind === 'service' ? (['specialistId', 'sessionTypeId'] as const) : (['serviceId', 'optionId'] as const);
    for (const field of required) {
      if (input[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: input.kind === 'service' ? 'Please choose a service and one of its options.' : 'Please choose a specialist and a session type.',
        });
      }
    }
    for (const field of forbidden) {
      if (input[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} does not belong in a ${input.kind} booking.` });
      }
    }
  });
export type CreateMentalHealthBookingInput = z.output<typeof createMentalHealthBookingInput>;

export const mentalHealthBookingOutput = z.object({
  id: z.number().int(),
  kind: z.enum(mentalHealthBookingKinds),
  serviceId: z.string().nullable(),
  optionId: z.string().nullable(),
  specialistId: z.string().nullable(),
  sessionTypeId: z.string().nullable(),
  /** The service's title or the specialist's name. */
  title: z.string(),
  /** The option's name, or the session type with its length, such as 'Initial consultation (45 minutes)'. */
  detail: z.string(),
  date: z.iso.date(),
  timeWindow: z.string(),
  timeWindowLabel: z.string(),
  childId: z.number().int().nullable(),
  /** Null when no child is named (or the child's profile has since been deleted). */
  childName: z.string().nullable(),
  notes: z.string(),
  /** Cents, copied from the catalogue when booked. */
  price: z.number().int(),
  /** Of price. */
  currency: currencyOutput,
  status: z.enum(mentalHealthBookingStatuses),
  createdAt: z.iso.datetime(),
  /** The name of the family's adult who made the booking ("Booked by James"); null once their account is gone. */
  bookedBy: z.string().nullable(),
});
export type MentalHealthBookingDto = z.infer<typeof mentalHealthBookingOutput>;

export const listMentalHealthBookingsInput = pageInput;
/** Newest first. */
export const mentalHealthBookingPageOutput = pageOutput(mentalHealthBookingOutput);

export const bookingIdInput = idParam;

export const updateMentalHealthBookingStatusInput = z.strictObject({
  id: pathId,
  status: z.literal('cancelled', "A booking can only be cancelled: send {\"status\": \"cancelled\"}."),
});
