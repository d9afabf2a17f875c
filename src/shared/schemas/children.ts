import { z } from 'zod';
import { idParam, isoDate, text } from './common';

export const childStatuses = ['online', 'nap', 'offline'] as const;

/** How the app refers to a child in sentences about them: she, he or they. */
export const childPronouns = ['she', 'he', 'they'] as const;
export type ChildPronouns = (typeof childPronouns)[number];

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
  /** Whether nursery staff may tag the child in activity photos; the family chooses. True in events stored before the choice existed. */
  photosAllowed: z.boolean().default(true),
  /** she, he or they, as the family chose; null when not given (sentences then say "they"). Null in events stored before the choice existed. */
  pronouns: z.enum(childPronouns).nullable().default(null),
});
export type ChildDto = z.infer<typeof childOutput>;

/** The oldest child a family can add: Nestling is for young children. */
export const MAX_CHILD_AGE_YEARS = 18;

// The fields a parent gives, with the same rules whether a child is added or edited.
const childName = text('Give the name as text.').trim().min(1, "Please enter your child's name.").max(100, 'A name has at most 100 characters.');
const childDateOfBirth = isoDate('Give the date of birth as yyyy-MM-dd, such as 2023-04-17.');
const childSpecialNeeds = z.boolean('Give specialNeeds as true or false.');
const childPhotosAllowed = z.boolean('Give photosAllowed as true or false.');
const childPronounsField = z.enum(childPronouns, "Give pronouns as 'she', 'he' or 'they', or null.").nullable();
const childSpecialNeedsDetails = text('Give the special-needs details as text, or null.').trim().max(1000, 'Special-needs details have at most 1,000 characters.').nullable();
/** Blank details are no details. */
const noBlankDetails = (details: string | null) => details || null;

export const DETAILS_NEED_SPECIAL_NEEDS = 'Set specialNeeds to true to describe special needs.';

/** POST /api/children: a child joins the signed-in parent's family. */
export const createChildInput = z
  .strictObject({
    name: childName,
    dateOfBirth: childDateOfBirth,
    specialNeeds: childSpecialNeeds.default(false),
    specialNeedsDetails: childSpecialNeedsDetails.default(null).transform(noBlankDetails),
    photosAllowed: childPhotosAllowed.default(true),
    pronouns: childPronounsField.default(null),
  })
  .refine((child) => child.specialNeeds || child.specialNeedsDetails === null, { message: DETAILS_NEED_SPECIAL_NEEDS, path: ['specialNeedsDetails'] });
export type CreateChildInput = z.output<typeof createChildInput>;

/** The fields PATCH /api/children/{id} may change. */
export const editableChildFields = ['name', 'dateOfBirth', 'specialNeeds', 'specialNeedsDetails', 'photosAllowed', 'pronouns'] as const;

export const NOTHING_TO_CHANGE = 'Say what to change: give at least one of name, dateOfBirth, specialNeeds, specialNeedsDetails, photosAllowed or pronouns.';

/**
 * PATCH /api/children/{id}: the fields given change, the others stay. The id comes from the path.
 * specialNeeds: false also clears the details; details need specialNeeds true, given here or already.
 */
export const updateChildInput = idParam
  .extend({
    name: childName.optional(),
    dateOfBirth: childDateOfBirth.optional(),
    specialNeeds: childSpecialNeeds.optional(),
    specialNeedsDetails: childSpecialNeedsDetails.transform(noBlankDetails).optional(),
    photosAllowed: childPhotosAllowed.optional(),
    pronouns: childPronounsField.optional(),
  })
  .refine((child) => child.specialNeeds !== false || !child.specialNeedsDetails, { message: DETAILS_NEED_SPECIAL_NEEDS, path: ['specialNeedsDetails'] })
  // Only for an otherwise valid body: an unknown or bad field is reason enough, named on its own.
  .refine((child) => editableChildFields.some((field) => child[field] !== undefined), { message: NOTHING_TO_CHANGE, when: (payload) => payload.issues.length === 0 });
export type UpdateChildInput = z.output<typeof updateChildInput>;
