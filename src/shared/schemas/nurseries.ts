import { z } from 'zod';
import { queryBoolean } from './common';

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
