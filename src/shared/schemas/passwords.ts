import { z } from 'zod';
import { emailInput, signUpInput } from './auth';
import { text } from './common';

/** A new password follows the sign-up rules: 10 to 200 characters, and (on the server) not easy to guess. */
export const newPassword = signUpInput.shape.password;

const RESET_SECRET_MESSAGE = 'That reset link is not complete. Open the link from the email again, or ask for a new one.';

/** The secret of a reset link, as the link carries it: URL-safe base64. */
export const resetSecret = text(RESET_SECRET_MESSAGE)
  .min(20, RESET_SECRET_MESSAGE)
  .max(100, RESET_SECRET_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, RESET_SECRET_MESSAGE);

export const changePasswordInput = z.strictObject({
  currentPassword: text().min(1, 'Please enter your current password.').max(200, 'A password has at most 200 characters.'),
  newPassword,
});
export type ChangePasswordInput = z.output<typeof changePasswordInput>;

export const changePasswordOutput = z.object({ changed: z.literal(true) });

export const passwordResetOptionsOutput = z.object({
  /** True when this server can email a reset link; otherwise a family guardian or the nursery can give one. */
  byEmail: z.boolean(),
});

export const requestPasswordResetInput = z.strictObject({ email: emailInput });

export const requestPasswordResetOutput = z.object({
  /** Always true, whether or not an account has this email: the answer never says which. */
  accepted: z.literal(true),
});

export const resetSecretParam = z.strictObject({ secret: resetSecret });

/** A reset link that still works: whose account it resets, and until when. */
export const passwordResetOutput = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime(),
});

export const completePasswordResetInput = z.strictObject({ secret: resetSecret, password: newPassword });

export const completePasswordResetOutput = z.object({ reset: z.literal(true) });
