import { z } from 'zod';
import { emailInput, familyRoles } from './auth';
import { pathId, text } from './common';

export const familyRole = z.enum(familyRoles, { message: "Choose 'guardian' or 'carer'." });

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const familyMemberOutput = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  familyRole,
  /** True for the caller. */
  isYou: z.boolean(),
});
export type FamilyMemberDto = z.infer<typeof familyMemberOutput>;

export const familyOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller's own role in the family. */
  yourRole: familyRole,
  /** Guardians first, then by name. */
  members: z.array(familyMemberOutput),
  /** A scheduled erasure, or null. A guardian signing in before eraseAfter cancels it. */
  erasure: z.object({ eraseAfter: z.iso.datetime(), posts: z.enum(['delete', 'anonymise']) }).nullable(),
});
export type FamilyDto = z.infer<typeof familyOutput>;

export const familyName = text()
  .trim()
  .min(1, 'Give the family a name, such as "The Thompsons".')
  .max(80, 'A family name has at most 80 characters.');

export const renameFamilyInput = z.strictObject({ name: familyName });

export const createInvitationInput = z.strictObject({
  familyRole,
  /** When given and this server sends email, the link is emailed there too; it is always shown to copy. */
  email: emailInput.optional(),
});
export type CreateInvitationInput = z.output<typeof createInvitationInput>;

export const invitationOutput = z.object({
  id: z.number().int(),
  familyRole,
  /** Where the link was emailed; null when it was only shown to copy. */
  email: z.string().nullable(),
  /** The guardian who made it; null once their account is gone. */
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type InvitationDto = z.infer<typeof invitationOutput>;

export const createdInvitationOutput = invitationOutput.extend({
  /** The single-use link to hand over. Shown this once: only its hash is kept. */
  link: z.string(),
  /** True when the link was also emailed. */
  emailed: z.boolean(),
});
export type CreatedInvitationDto = z.infer<typeof createdInvitationOutput>;

const INVITATION_SECRET_MESSAGE = 'That invitation link is not complete. Open the link you were sent again, or ask the family for a new one.';

/** The secret of an invitation link, as the link carries it: URL-safe base64. */
export const invitationSecret = text(INVITATION_SECRET_MESSAGE)
  .min(20, INVITATION_SECRET_MESSAGE)
  .max(100, INVITATION_SECRET_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, INVITATION_SECRET_MESSAGE);

export const invitationSecretParam = z.strictObject({ secret: invitationSecret });

/** What an invitee sees before joining. */
export const invitationPreviewOutput = z.object({
  familyName: z.string(),
  invitedBy: z.string().nullable(),
  familyRole,
  expiresAt: z.iso.datetime(),
});
export type InvitationPreviewDto = z.infer<typeof invitationPreviewOutput>;

/** How long a family has to change its mind after a guardian asks to erase it. */
export const ERASURE_GRACE_DAYS = 7;

export const scheduleErasureInput = z.strictObject({
  /** The family's name, typed again, so that no one erases a family by accident. */
  confirmName: text().trim().min(1, "Type your family's name to confirm.").max(80, "Type your family's name to confirm."),
  /** The adults' community posts and comments: deleted, or kept with no author ("A parent"). */
  posts: z.enum(['delete', 'anonymise'], { message: "Choose 'delete' or 'anonymise' for your posts." }),
});
export type ScheduleErasureInput = z.output<typeof scheduleErasureInput>;

export const familyExportOutput = z.object({
  id: z.number().int(),
  /** queued, then running (progress rises), then ready to download for 7 days, or failed. */
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  /** Percent done. */
  progress: z.number().int().min(0).max(100),
  byteSize: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** Where the zip downloads from (signed in as an adult of the family), once ready. */
  downloadUrl: z.string().nullable(),
});
export type FamilyExportDto = z.infer<typeof familyExportOutput>;

export const changeMemberRoleInput = z.strictObject({ id: pathId, familyRole });

export const memberPasswordResetOutput = z.object({
  /** A single-use link for the member to choose a new password; it works for an hour. */
  link: z.string(),
  expiresAt: z.iso.datetime(),
});
