import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { Mailer } from '../../lib/mailer';
import { passwordWeakness } from '../../lib/password-strength';
import { createRateLimitStore, type RateLimitRule } from '../../lib/rate-limit-store';
import { hashSecret, newSecret } from '../../lib/tokens';
import type { ChangePasswordInput } from '../../../shared/schemas/passwords';
import type { AuthenticatedUser } from '../../principal';
import type { AuthService } from './auth.service';
import * as repo from './password.repository';
import { deleteSessionsExcept } from './sessions.repository';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Where a reset link opens in the app; the secret follows. */
export const RESET_PAGE_PATH = '/reset-password/';

const HOUR = 60 * 60;
/** Reset requests: a few per email (a mailbox is not to be flooded), more per address (a family shares one). */
const resetRules = {
  perAddress: { limit: 10, windowSeconds: HOUR },
  perEmail: { limit: 3, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;
/** Guesses at the current password from a signed-in browser. */
const changeRule: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

const LINK_NOT_VALID = 'This reset link has expired or has already been used. You can ask for a new one from the sign-in page.';

/**
 * Changing a password, and resetting a forgotten one with a single-use link that lasts an hour:
 * emailed when the server has SMTP, or made by a family guardian to hand over. A reset ends
 * every session of the account, on every instance. Secrets are never logged and only their
 * SHA-256 is stored.
 */
export function createPasswordService(deps: {
  db: Kysely<Database>;
  auth: Pick<AuthService, 'hasher' | 'sessionsEnded'>;
  publicOrigin: string;
  /** Absent when the server sends no email: reset links are then made only by guardians. */
  mailer?: Mailer;
  now?: () => Date;
  log?: FastifyBaseLogger;
}) {
  const { db, auth, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const rateLimits = createRateLimitStore({ db, now });

  /** Stores a new link for the user and answers its secret. */
  async function issueLink(userId: number, createdBy: number | null) {
    const secret = newSecret();
    const at = now();
    const expiresAt = new Date(at.getTime() + RESET_LINK_TTL_MS);
    await db.transaction().execute(async (trx) => {
      await repo.deleteExpiredResetsOf(trx, userId, at);
      await repo.insertPasswordReset(trx, { userId, tokenHash: hashSecret(secret), createdBy, now: at, expiresAt });
    });
    return { link: `${deps.publicOrigin}${RESET_PAGE_PATH}${secret}`, expiresAt };
  }

  async function refuseWeak(password: string, user: { name: string; email: string }, field: string) {
    const weakness = await passwordWeakness(password, user);
    if (weakness) throw badInput(field, weakness);
  }

  return {
    /**
     * A reset link for an adult of the guardian's own family, to hand over when the server sends no
     * email. Guardianship is checked on the guardian's row as it is now; another family's member reads as absent.
     */
    async issueLinkForFamilyMember(guardian: AuthenticatedUser, memberId: number) {
      const member = await repo.findFamilyMemberForReset(db, guardian.id, memberId);
      if (!member) throw notFound('That member of your family');
      if (member.guardian_role !== 'guardian') throw forbidden('Only a guardian of the family can do this.');
      const { link, expiresAt } = await issueLink(member.id, guardian.id);
      return { link, expiresAt: expiresAt.toISOString() };
    },

    /** Whether "Forgot your password?" can email a link here. */
    options() {
      return { byEmail: mailer !== undefined };
    },

    /**
     * Emails a reset link when an account has this email. The answer is the same either way, and
     * as quick: the email goes out after it, so its time cannot tell an account exists.
     */
    async requestReset(email: string, from: { ip: string }) {
      if (!mailer) {
        throw new AppError('email_unavailable', 'This server cannot send email. A family guardian or your nursery can give you a link to reset your password.');
      }
      const tooMany = 'Too many password reset requests.';
      await rateLimits.throttle(`password-reset:ip:${from.ip}`, resetRules.perAddress, tooMany);
      await rateLimits.throttle(`password-reset:email:${email}`, resetRules.perEmail, tooMany);
      const user = await repo.findUserByEmailForReset(db, email);
      if (user) {
        const { link } = await issueLink(user.id, null);
        mailer.send(resetEmail(user, link)).catch((error: unknown) => {
          // The error names the server and the address, never the message, so the link stays out of the log.
          deps.log?.error({ err: error, userId: user.id }, 'password reset email failed');
        });
      }
      return { accepted: true as const };
    },

    /** The account a working link resets, and until when; a used, expired or unknown link answers 404. */
    async describeReset(secret: string) {
      const reset = await repo.findLiveReset(db, hashSecret(secret), now());
      if (!reset) throw new AppError('not_found', LINK_NOT_VALID);
      return { email: reset.email, expiresAt: reset.expires_at.toISOString() };
    },

    /**
     * Sets a new password with a working link, spends it (and every other link of the account),
     * and ends every session of the account. Hashing comes first, outside the transaction;
     * the link is claimed inside it, so of two racing requests only one changes the password.
     */
    async completeReset(secret: string, password: string) {
      auth.hasher.refuseIfFull();
      const tokenHash = hashSecret(secret);
      const reset = await repo.findLiveReset(db, tokenHash, now());
      if (!reset) throw new AppError('not_found', LINK_NOT_VALID);
      await refuseWeak(password, reset, 'password');
      const passwordHash = await auth.hasher.hash(password);
      const userId = await db.transaction().execute(async (trx) => {
        const at = now();
        const claimed = await repo.claimReset(trx, tokenHash, at);
        if (claimed === undefined) throw new AppError('not_found', LINK_NOT_VALID);
        await repo.setPasswordHash(trx, claimed, passwordHash);
        await repo.spendResetsOf(trx, claimed, at);
        await deleteSessionsExcept(trx, claimed, null, at);
        return claimed;
      });
      await auth.sessionsEnded(userId);
      return { reset: true as const };
    },

    /**
     * Changes the caller's own password, given the current one. Other sessions stay signed in:
     * the app then offers to end them (sessions.endOthers).
     */
    async changePassword(userId: number, input: ChangePasswordInput) {
      auth.hasher.refuseIfFull();
      await rateLimits.throttle(`password-change:user:${userId}`, changeRule, 'Too many attempts at your current password.');
      const user = await repo.findUserForPassword(db, userId);
      if (!user) throw notFound('Your account');
      if (!user.password_hash) throw badInput('currentPassword', 'Your account has no password yet: you sign in with a passkey.');
      if (!(await auth.hasher.verify(input.currentPassword, user.password_hash))) {
        throw badInput('currentPassword', 'That is not your current password. Please check it and try again.');
      }
      if (input.newPassword === input.currentPassword) throw badInput('newPassword', 'Choose a password different from your current one.');
      await refuseWeak(input.newPassword, user, 'newPassword');
      const passwordHash = await auth.hasher.hash(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await repo.setPasswordHash(trx, userId, passwordHash);
        // A link asked for before the change must not undo it.
        await repo.spendResetsOf(trx, userId, now());
      });
      return { changed: true as const };
    },
  };
}

function resetEmail(user: { name: string; email: string }, link: string) {
  return {
    to: user.email,
    subject: 'Reset your Nestling password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone, we hope you, asked to reset the password of your Nestling account. To choose a new password, open this link within the next hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
      '',
      'Nestling',
    ].join('\n'),
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
