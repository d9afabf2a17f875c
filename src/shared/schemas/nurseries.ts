import { z } from 'zod';
import { pageInput, pageOutput, queryBoolean, queryNumber, text } from './common';

export const nurseryOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  /** 0-50; shown divided by 10. */
  rating: z.number().int().nullable(),
  location: z.string(),
  /** Such as '1.2 miles'; null when there is no point to measure from. */
  distance: z.string().nullable(),
  /** The same distance as a number of miles, to two decimals; null when there is no point to measure from. */
  distanceMiles: z.number().nullable(),
  ageGroups: z.array(z.string()),
  facilities: z.array(z.string()),
  specialNeedsSupport: z.boolean(),
});
export type NurseryDto = z.infer<typeof nurseryOutput>;

const age = queryNumber(z.number('Ages are whole years.').int('Ages are whole years.').min(0, 'Ages start at 0.').max(18, 'Ages go up to 18.'));

/** What a search filters on: the same for GET /nurseries and its paged form. */
export const nurseryFilters = z.strictObject({
  q: text().trim().max(200, 'Search text has at most 200 characters.').optional(),
  specialNeeds: queryBoolean.optional(),
  ageMin: age.optional(),
  ageMax: age.optional(),
  withinMiles: queryNumber(z.number('withinMiles is a number of miles.').positive('withinMiles must be more than 0.').max(100, 'withinMiles is at most 100.')).optional(),
  lat: queryNumber(z.number('lat is a number of degrees.').min(-90, 'lat is at least -90.').max(90, 'lat is at most 90.')).optional(),
  lng: queryNumber(z.number('lng is a number of degrees.').min(-180, 'lng is at least -180.').max(180, 'lng is at most 180.')).optional(),
});

/** The rules across fields, checked on both forms of the search. */
const withSearchRules = <Schema extends z.ZodType<z.output<typeof nurseryFilters>>>(schema: Schema) =>
  schema
    .refine((v) => v.ageMin === undefined || v.ageMax === undefined || v.ageMin <= v.ageMax, { message: 'ageMin must not be more than ageMax.', path: ['ageMin'] })
    .refine((v) => (v.lat === undefined) === (v.lng === undefined), { message: 'Give lat and lng together.', path: ['lat'] });

export const searchNurseriesInput = withSearchRules(
  nurseryFilters.extend({
    limit: queryNumber(z.number('limit is a whole number.').int('limit is a whole number.').min(1, 'limit is at least 1.').max(100, 'limit is at most 100.').default(50)),
  }),
);

/** GET /nurseries/page: the same search, paged by cursor. */
export const pageNurseriesInput = withSearchRules(nurseryFilters.extend(pageInput.shape));
export const nurseryPageOutput = pageOutput(nurseryOutput);
