import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { AppError, badInput, notFound } from '../../errors';
import type { PageInput } from '../../../shared/schemas/common';
import type { PasskeyDto, authenticationResponse, registerPasskeyInput } from '../../../shared/schemas/passkeys';
import type { AuthRequest, AuthService } from './auth.service';
import { describeDevice } from '../../lib/device';
import * as repo from './passkeys.repository';

/** How long the browser has to answer a ceremony; its challenge is kept as long. */
const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;
const RP_NAME = 'Nestling';
const PASSKEY_FAILED = 'That passkey did not sign you in. It may be for another site or a removed passkey; try again, or sign in with your password.';

type AssertionPurpose = 'sign-in' | 'confirm';

function toPasskeyDto(row: repo.PasskeyRow): PasskeyDto {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null };
}

/**
 * Passkeys (WebAuthn): registering one from a signed-in browser, signing in with one (no password,
 * and no two-step code: a passkey is both factors), and proving presence with one. The relying
 * party is PUBLIC_ORIGIN: its host is the RP ID and only it may answer. Every challenge is kept in
 * the database and spent by the first answer that names it, so any instance can finish a
 * ceremony another began, and no answer can be replayed.
 */
export function createPasskeysService(deps: {
  db: Kysely<Database>;
  auth: Pick<AuthService, 'signInVerified' | 'throttleAddress'>;
  publicOrigin: string;
  now?: () => Date;
}) {
  const { db, auth } = deps;
  const now = deps.now ?? (() => new Date());
  const rpID = new URL(deps.publicOrigin).hostname;
  const expectedOrigin = deps.publicOrigin;

  async function storeChallenge(challenge: string, purpose: 'register' | AssertionPurpose, userId: number | null) {
    const at = now();
    await repo.deleteExpiredChallenges(db, at);
    await repo.insertChallenge(db, { challenge, purpose, userId, expiresAt: new Date(at.getTime() + CEREMONY_TIMEOUT_MS) });
  }

  /**
   * Checks a passkey's answer to a challenge issued for `purpose` (to `userId` when confirming),
   * spends the challenge, and records the use. Any failure reads the same: the answer did not
   * prove anything, whichever part was wrong.
   */
  async function verifyAssertion(response: z.output<typeof authenticationResponse>, purpose: AssertionPurpose, userId: number | null) {
    const passkey = await repo.findByCredentialId(db, response.id);
    const owned = passkey && (userId === null || passkey.user_id === userId);
    // A discoverable passkey names its user; it must be the one the passkey was registered to.
    const handleMatches = passkey && (response.response.userHandle === undefined || response.response.userHandle === passkey.webauthn_handle);
    if (!passkey || !owned || !handleMatches) throw new AppError('invalid_credentials', PASSKEY_FAILED);
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => repo.claimChallenge(db, challenge, purpose, userId, now()),
      expectedOrigin,
      expectedRPID: rpID,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports as never },
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verification?.verified) throw new AppError('invalid_credentials', PASSKEY_FAILED);
    await repo.recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter, now());
    return passkey;
  }

  return {
    async list(userId: number, page: PageInput) {
      return pageOf(await repo.pagePasskeys(db, userId, page), toPasskeyDto);
    },

    /** What the browser needs to make a passkey for this user; its challenge works once, for 5 minutes. */
    async registrationOptions(user: { id: number; name: string; email: string }) {
      const handle = await repo.ensureWebauthnHandle(db, user.id, randomBytes(32).toString('base64url'));
      const existing = await repo.credentialsOf(db, user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new Uint8Array(Buffer.from(handle, 'base64url')),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((credential) => ({ id: credential.credential_id, transports: credential.transports })),
        // A discoverable passkey lets the sign-in page ask for one without an email first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, 'register', user.id);
      return options;
    },

    /** Keeps the passkey the browser made, named as asked or after the device it was made on. */
    async register(userId: number, input: z.output<typeof registerPasskeyInput>, userAgent: string | undefined) {
      const verification = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: (challenge) => repo.claimChallenge(db, challenge, 'register', userId, now()),
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) {
        throw badInput('response', 'That passkey could not be checked: it was made for another site or from an old or spent request. Please try again.');
      }
      const { credential } = verification.registrationInfo;
      const device = describeDevice(userAgent ?? null);
      const row = await repo
        .insertPasskey(db, {
          userId,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? input.response.response.transports ?? [],
          name: input.name ?? (device.kind === 'unknown' && !device.browser ? 'Passkey' : `Passkey on ${device.description}`).slice(0, 60),
          now: now(),
        })
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') throw badInput('response', 'This passkey is already registered.');
          throw error;
        });
      return toPasskeyDto(row);
    },

    async rename(userId: number, id: number, name: string) {
      const row = await repo.renamePasskey(db, userId, id, name);
      if (!row) throw notFound('That passkey');
      return toPasskeyDto(row);
    },

    /** Removes one of the user's passkeys, unless it is the last way into an account with no password. */
    async remove(userId: number, id: number) {
      const row = await db.transaction().execute(async (trx) => {
        const methods = await repo.signInMethodsForUpdate(trx, userId);
        const removed = await repo.deletePasskey(trx, userId, id);
        if (!removed) throw notFound('That passkey');
        if (!methods.hasPassword && methods.passkeys <= 1) {
          throw new AppError('last_sign_in_method', 'This is the only way you can sign in: your account has no password. Add another passkey first.');
        }
        return removed;
      });
      return toPasskeyDto(row);
    },

    /** Options for signing in with any passkey of this site; counts against the address's sign-in limit. */
    async signInOptions(ip: string) {
      await auth.throttleAddress(ip);
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', timeout: CEREMONY_TIMEOUT_MS });
      await storeChallenge(options.challenge, 'sign-in', null);
      return options;
    },

    /** Signs in the passkey's owner; two-step sign-in asks no code of a passkey. */
    async signIn(response: z.output<typeof authenticationResponse>, from: AuthRequest) {
      const passkey = await verifyAssertion(response, 'sign-in', null);
      return auth.signInVerified(passkey.user_id, from);
    },

    /** Options for proving, with one of the user's own passkeys, that they are here now. */
    async confirmOptions(userId: number) {
      const credentials = await repo.credentialsOf(db, userId);
      if (credentials.length === 0) throw badInput('passkey', 'You have no passkey yet. Use a code from your authenticator app instead.');
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'preferred',
        timeout: CEREMONY_TIMEOUT_MS,
        allowCredentials: credentials.map((credential) => ({ id: credential.credential_id, transports: credential.transports })),
      });
      await storeChallenge(options.challenge, 'confirm', userId);
      return options;
    },

    /** Throws unless the answer is from one of the user's passkeys, to a challenge from confirmOptions. */
    async confirm(userId: number, response: z.output<typeof authenticationResponse>) {
      await verifyAssertion(response, 'confirm', userId);
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
