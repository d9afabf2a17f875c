import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../../db/database';
import { AppError, badInput } from '../../errors';
import { createRateLimitStore, type RateLimitRule } from '../../lib/rate-limit-store';
import { hashSecret } from '../../lib/tokens';
import { RECOVERY_CODE_COUNT, type TurnOffTwoStepInput } from '../../../shared/schemas/two-step';
import type { AuthRequest, AuthService } from './auth.service';
import type { PasskeysService } from './passkeys.service';
import * as repo from './two-step.repository';

const ISSUER = 'Nestling';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after now are taken too, for clocks a little apart. */
const WINDOW = 1;
/** Code attempts per account, wherever they come from: the sign-in code step and turning two-step off. */
const codeRule: RateLimitRule = { policy: 'two-step-codes', limit: 10, windowSeconds: 15 * 60 };
// No 0/o, 1/l/i: a recovery code is read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const WRONG_CODE = 'That code is not right. Check your authenticator app and try again, or use a recovery code.';
const SIGN_IN_EXPIRED = 'Your sign-in has timed out. Please enter your email and password again.';

function totpOf(secret: string, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code as stored: its SHA-256, ignoring the dash and case people type it with. */
const recoveryHash = (code: string) => hashSecret(code.replace(/[\s-]/g, '').toLowerCase());

/**
 * Two-step sign-in with a time-based code (TOTP, RFC 6238), from an authenticator app. Enrolment
 * shows a QR code and turns on with the first code; it gives 10 single-use recovery codes, shown
 * once and stored hashed. Each code works once: the last time step used is kept, and a code of it
 * or of an earlier step is refused. Attempts are limited per account.
 */
export function createTwoStepService(deps: {
  db: Kysely<Database>;
  auth: Pick<AuthService, 'signInVerified'>;
  passkeys: Pick<PasskeysService, 'confirm'>;
  now?: () => Date;
}) {
  const { db, auth } = deps;
  const now = deps.now ?? (() => new Date());
  const rateLimits = createRateLimitStore({ db, now });
  const attemptsKey = (userId: number) => `two-step:user:${userId}`;

  /** Spends the app code if it is right for now and unused: true when it was. */
  async function spendAppCode(userId: number, secret: string, code: string): Promise<boolean> {
    const at = now().getTime();
    const delta = totpOf(secret, '').validate({ token: code, timestamp: at, window: WINDOW });
    if (delta === null) return false;
    return repo.spendStep(db, userId, Math.floor(at / 1000 / PERIOD_SECONDS) + delta);
  }

  /** Checks a code of an account with two-step on (an app code or a recovery code), spending it; counted against the limit. */
  async function spendCode(userId: number, code: string): Promise<boolean> {
    await rateLimits.throttle(attemptsKey(userId), codeRule, 'Too many codes tried.');
    const twoStep = await repo.findTwoStep(db, userId);
    if (!twoStep?.enabled_at) return false;
    const spent = /^\d{6}$/.test(code) ? await spendAppCode(userId, twoStep.secret, code) : await repo.spendRecoveryCode(db, userId, recoveryHash(code), now());
    if (spent) await rateLimits.reset(attemptsKey(userId));
    return spent;
  }

  async function status(userId: number) {
    const twoStep = await repo.findTwoStep(db, userId);
    const enabledAt = twoStep?.enabled_at ?? null;
    return { enabled: enabledAt !== null, enabledAt: enabledAt?.toISOString() ?? null, recoveryCodesLeft: enabledAt ? await repo.unusedRecoveryCodes(db, userId) : 0 };
  }

  return {
    status,

    /** A new secret to scan (replacing any enrolment not yet confirmed); refused while two-step is on. */
    async startEnrolment(user: { id: number; email: string }) {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.startEnrolment(db, user.id, secret, now()))) {
        throw new AppError('two_step_already_on', 'Two-step sign-in is already on. Turn it off first to set it up with another app.');
      }
      const otpauthUri = totpOf(secret, user.email).toString();
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** Turns two-step on with the first code from the app, and answers the recovery codes, the only time they are shown. */
    async confirmEnrolment(userId: number, code: string) {
      await rateLimits.throttle(attemptsKey(userId), codeRule, 'Too many codes tried.');
      const twoStep = await repo.findTwoStep(db, userId);
      if (!twoStep) throw badInput('code', 'Start setting up two-step sign-in first: scan the QR code, then enter the code.');
      if (twoStep.enabled_at) throw new AppError('two_step_already_on', 'Two-step sign-in is already on.');
      if (!(await spendAppCode(userId, twoStep.secret, code))) throw badInput('code', 'That code is not right. Check that the app shows Nestling and try the code it shows now.');
      await rateLimits.reset(attemptsKey(userId));
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction().execute(async (trx) => {
        await repo.enable(trx, userId, now());
        await repo.replaceRecoveryCodes(trx, userId, recoveryCodes.map(recoveryHash));
      });
      return { enabled: true as const, recoveryCodes };
    },

    /** The code step of a password sign-in: a right code spends the pending sign-in and starts a session. */
    async signIn(pendingToken: string | undefined, code: string, from: AuthRequest) {
      const tokenHash = pendingToken && hashSecret(pendingToken);
      const pending = tokenHash ? await repo.findPendingSignIn(db, tokenHash, now()) : undefined;
      if (!tokenHash || !pending) throw new AppError('unauthenticated', SIGN_IN_EXPIRED);
      if (!(await spendCode(pending.user_id, code))) throw new AppError('invalid_credentials', WRONG_CODE);
      if (!(await repo.claimPendingSignIn(db, tokenHash, now()))) throw new AppError('unauthenticated', SIGN_IN_EXPIRED);
      return auth.signInVerified(pending.user_id, from);
    },

    /** Turns two-step off, given proof of now: a code (or recovery code), or a passkey. */
    async turnOff(userId: number, input: TurnOffTwoStepInput) {
      if (!(await repo.isTwoStepOn(db, userId))) {
        // Nothing to protect: an enrolment never confirmed is just cleared away.
        await repo.turnOff(db, userId);
        return { enabled: false as const };
      }
      if (input.passkey) await deps.passkeys.confirm(userId, input.passkey);
      else if (!(await spendCode(userId, input.code!))) throw badInput('code', WRONG_CODE);
      await db.transaction().execute(async (trx) => {
        await repo.turnOff(trx, userId);
        await repo.deletePendingSignInsOf(trx, userId);
      });
      return { enabled: false as const };
    },
  };
}

export type TwoStepService = ReturnType<typeof createTwoStepService>;
