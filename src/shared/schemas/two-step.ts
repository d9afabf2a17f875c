import { z } from 'zod';
import { authenticationResponse } from './passkeys';

export const RECOVERY_CODE_COUNT = 10;

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/**
 * A code from the authenticator app (6 digits) or a recovery code (10 letters and digits, shown
 * as two groups of five); spaces and dashes people type or paste are ignored.
 */
export const twoStepCode = z
  .string(CODE_MESSAGE)
  .max(40, CODE_MESSAGE)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .refine((code) => /^(\d{6}|[a-z0-9]{10})$/.test(code), CODE_MESSAGE);

/** Only the authenticator app's code: enrolment is confirmed with the app, not a recovery code. */
export const appCode = z
  .string('Enter the 6-digit code your authenticator app shows.')
  .max(40, 'Enter the 6-digit code your authenticator app shows.')
  .transform((code) => code.replace(/\s/g, ''))
  .refine((code) => /^\d{6}$/.test(code), 'Enter the 6-digit code your authenticator app shows.');

export const twoStepStatusOutput = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  /** Unused recovery codes; 0 when two-step sign-in is off. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatusDto = z.infer<typeof twoStepStatusOutput>;

export const twoStepEnrolmentOutput = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data: URL, ready for an img element. */
  qrCode: z.string(),
});

export const confirmTwoStepInput = z.strictObject({ code: appCode });

export const twoStepEnabledOutput = z.object({
  enabled: z.literal(true),
  /** Shown once: each works once, instead of a code, and only their hashes are kept. */
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

export const twoStepSignInInput = z.strictObject({ code: twoStepCode });

/** Turning two-step sign-in off needs proof of now: a code, or a passkey (with options from POST /auth/two-step/confirm-options). */
export const turnOffTwoStepInput = z
  .strictObject({ code: twoStepCode.optional(), passkey: authenticationResponse.optional() })
  .refine((input) => (input.code === undefined) !== (input.passkey === undefined), {
    message: 'Send either code (from your authenticator app, or a recovery code) or passkey (a passkey answer), not both.',
    path: ['code'],
  });
export type TurnOffTwoStepInput = z.output<typeof turnOffTwoStepInput>;

export const twoStepOffOutput = z.object({ enabled: z.literal(false) });
