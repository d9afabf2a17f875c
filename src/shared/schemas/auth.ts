import { z } from 'zod';
import { apiScopeNames } from '../api-scopes';
import { pageInput, pageOutput, text } from './common';

export const userRoles = ['parent', 'staff', 'teacher', 'admin'] as const;

/** guardian: everything for the family. carer: follows the children (activities, photos, camera) but cannot book, invite, add children or manage tokens. */
export const familyRoles = ['guardian', 'carer'] as const;
export type FamilyRole = (typeof familyRoles)[number];

export const emailInput = text()
  .trim()
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((email) => email.toLowerCase());

const userName = text().trim().min(1, 'Please enter your name.').max(100, 'A name has at most 100 characters.');

/** Optional text a person may clear: blank means "none" and is stored as null. */
const clearableText = (what: string, max: number) =>
  text(`Give the ${what} as text, or null.`)
    .trim()
    .max(max, `A ${what} has at most ${max} characters.`)
    .nullable()
    .transform((value) => value || null);

export const signUpInput = z.strictObject({
  name: userName,
  email: emailInput,
  password: text()
    .min(10, 'Use at least 10 characters for your password.')
    .max(200, 'A password has at most 200 characters.'),
});

export const signInInput = z.strictObject({
  email: emailInput,
  password: text().min(1, 'Please enter your password.').max(200, 'A password has at most 200 characters.'),
});

export const userOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  role: z.enum(userRoles),
  profileImage: z.string().nullable(),
  /** The user's role in their family (GET /family): a carer cannot book, invite, add children or manage tokens. Null for staff and teachers. */
  familyRole: z.enum(familyRoles).nullable(),
  createdAt: z.iso.datetime(),
});
export type UserDto = z.infer<typeof userOutput>;

/** PATCH /api/users/me: the fields a person may change about themselves; any left out stay as they are. */
export const updateProfileInput = z.strictObject(
  {
    name: userName.optional(),
    phone: clearableText('phone number', 30)
      .refine((phone) => phone === null || /^\+?[0-9 ()-]{6,}$/.test(phone), 'Use digits, spaces, brackets, dashes and an optional leading +, such as +1 555 010 2030.')
      .optional(),
    city: clearableText('city', 100).optional(),
  },
  'Send an object with any of name, phone and city: only those can be changed here.',
);
export type UpdateProfileInput = z.output<typeof updateProfileInput>;

export const signOutOutput = z.object({ signedOut: z.literal(true) });

/** Tokens last at most a year when given an expiry; none means until revoked. */
export const MAX_TOKEN_LIFETIME_DAYS = 366;

export const apiScope = z.enum(apiScopeNames, `A scope is one of ${apiScopeNames.join(', ')}.`);

export const createApiTokenInput = z.strictObject({
  name: text().trim().min(1, 'Give the token a name, such as the app that will use it.').max(80, 'A token name has at most 80 characters.'),
  /** Left out: every read scope and no write scope. */
  scopes: z
    .array(apiScope)
    .min(1, 'Choose at least one thing the token may do.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.')
    .optional(),
  /** Left out or null: until revoked. */
  expiresAt: z.iso
    .datetime('expiresAt is an ISO date-time, such as 2027-01-31T00:00:00Z.')
    .refine((at) => Date.parse(at) <= Date.now() + MAX_TOKEN_LIFETIME_DAYS * 86_400_000, `A token can last at most ${MAX_TOKEN_LIFETIME_DAYS} days.`)
    .nullable()
    .optional(),
});
export type CreateApiTokenInput = z.output<typeof createApiTokenInput>;

export const apiTokenOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters, so a person can tell tokens apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** The address it was last used from. */
  lastUsedIp: z.string().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  scopes: z.array(apiScope),
  /** When it stops working by itself; null: only revoking ends it. */
  expiresAt: z.iso.datetime().nullable(),
});
export type ApiTokenDto = z.infer<typeof apiTokenOutput>;

export const listApiTokensInput = pageInput;
/** Newest first, revoked tokens included. */
export const apiTokenPageOutput = pageOutput(apiTokenOutput);

export const createdApiTokenOutput = apiTokenOutput.extend({
  /** Shown once; only its hash is stored. */
  token: z.string(),
});


