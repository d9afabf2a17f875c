import { z } from 'zod';
import { isoDate, text } from './common';

export const childStatuses = ['online', 'nap', 'offline'] as const;

export const childOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Human-readable, shown as given: '3 years', '18 months'. */
  age: z.string(),
  /** The same age as a whole number of months completed, for machines. */
  ageMonths: z.number().int(),
  dateOfBirth: z.iso.date(),
  profileImage: z.string().nullable(),
  status: z.string(),
  currentActivity: z.string().nullable(),
  lastUpdate: z.iso.datetime().nullable(),
  specialNeeds: z.boolean(),
  specialNeedsDetails: z.string().nullable(),
});
export type ChildDto = z.infer<typeof childOutput>;

/** The oldest child a family can add: Nestling is for young children. */
export const MAX_CHILD_AGE_YEARS = 18;

/** POST /api/children: a child joins the signed-in parent's family. */
export const createChildInput = z
  .strictObject({
    name: text('Give the name as text.').trim().min(1, "Please enter your child's name.").max(100, 'A name has at most 100 characters.'),
    dateOfBirth: isoDate('Give the date of birth as yyyy-MM-dd, such as 2023-04-17.'),
    specialNeeds: z.boolean('Give specialNeeds as true or false.').default(false),
    specialNeedsDetails: text('Give the special-needs details as text, or null.')
      .trim()
      .max(1000, 'Special-needs details have at most 1,000 characters.')
      .nullable()
      .default(null)
      .transform((details) => details || null),
  })
  .refine((child) => child.specialNeeds || child.specialNeedsDetails === null, {
    message: 'Set specialNeeds to true to describe special needs.',
    path: ['specialNeedsDetails'],
  });
export type CreateChildInput = z.output<typeof createChildInput>;
