import { z } from 'zod';

/**
 * A boolean from tRPC, or from a REST query string where only 'true' and 'false' mean anything.
 * (Plain z.coerce.boolean() would read 'false' as true.)
 */
const queryBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean('Use true or false.'),
);

export const productOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Cents. */
  price: z.number().int(),
  /** Cents, the price before a sale; null when not on sale. */
  originalPrice: z.number().int().nullable(),
  badge: z.object({ type: z.string(), text: z.string() }).nullable(),
});
export type ProductDto = z.infer<typeof productOutput>;

export const nurseryOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  /** 0-50; shown divided by 10. */
  rating: z.number().int().nullable(),
  location: z.string(),
  /** Such as '1.2 miles'; null when there is no point to measure from. */
  distance: z.string().nullable(),
  ageGroups: z.array(z.string()),
  facilities: z.array(z.string()),
  specialNeedsSupport: z.boolean(),
});
export type NurseryDto = z.infer<typeof nurseryOutput>;

const age = z.coerce.number().int('Ages are whole years.').min(0, 'Ages start at 0.').max(18, 'Ages go up to 18.');

export const searchNurseriesInput = z
  .object({
    q: z.string().trim().max(200, 'Search text has at most 200 characters.').optional(),
    specialNeeds: queryBoolean.optional(),
    ageMin: age.optional(),
    ageMax: age.optional(),
    withinMiles: z.coerce.number().positive('withinMiles must be more than 0.').max(100, 'withinMiles is at most 100.').optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((v) => v.ageMin === undefined || v.ageMax === undefined || v.ageMin <= v.ageMax, {
    message: 'ageMin must not be more than ageMax.',
    path: ['ageMin'],
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Give lat and lng together.',
    path: ['lat'],
  });

export const specializations = [
  'ASD',
  'ADHD',
  'Language Delays',
  'Motor Skill Delays',
  'Physical Disabilities',
  'Developmental Delays',
] as const;

export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

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
  /** 0-50; stars are rating / 10, rounded. */
  rating: z.number().int(),
  availability: z.array(availabilityEntry),
});
export type ShadowTeacherDto = z.infer<typeof shadowTeacherOutput>;

export const listShadowTeachersInput = z.object({
  specialization: z.enum(specializations, `Choose one of: ${specializations.join(', ')}.`).optional(),
  location: z.string().trim().max(100, 'Location has at most 100 characters.').optional(),
});
