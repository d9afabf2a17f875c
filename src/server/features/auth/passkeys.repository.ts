import type { Db, WebauthnChallengesTable } from '../../db/database';
import { newestFirst, readPage } from '../../db/keyset';
import type { PageInput } from '../../../shared/schemas/common';

type Purpose = WebauthnChallengesTable['purpose'];

export async function insertChallenge(db: Db, challenge: { challenge: string; purpose: Purpose; userId: number | null; expiresAt: Date }) {
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge: challenge.challenge, purpose: challenge.purpose, user_id: challenge.userId, expires_at: challenge.expiresAt })
    .execute();
}

export async function deleteExpiredChallenges(db: Db, now: Date) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
}

/**
 * Spends a live challenge issued for this purpose (and this user, unless it was for signing in):
 * true when it was there. Deleting it is what makes it single-use, on every instance: of two
 * answers racing with one challenge, only one deletes the row.
 */
export async function claimChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null, now: Date): Promise<boolean> {
  let query = db.deleteFrom('webauthn_challenges').where('challenge', '=', challenge).where('purpose', '=', purpose).where('expires_at', '>', now);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  return (await query.returning('challenge').executeTakeFirst()) !== undefined;
}

/** The user's WebAuthn handle, made now from `fresh` if they had none (a race keeps the first). */
export async function ensureWebauthnHandle(db: Db, userId: number, fresh: string): Promise<string> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ webauthn_handle: eb.fn.coalesce('webauthn_handle', eb.val(fresh)) }))
    .where('id', '=', userId)
    .returning('webauthn_handle')
    .executeTakeFirstOrThrow();
  return row.webauthn_handle!;
}

const passkeyColumns = ['id', 'name', 'created_at', 'last_used_at'] as const;
export type PasskeyRow = Awaited<ReturnType<ReturnType<typeof passkeysOf>['executeTakeFirstOrThrow']>>;

function passkeysOf(db: Db, userId: number) {
  return db.selectFrom('passkeys').select(passkeyColumns).where('user_id', '=', userId);
}

const NEWEST_PASSKEYS_FIRST = newestFirst('passkeys', 'created_at', 'id');

export function pagePasskeys(db: Db, userId: number, page: PageInput) {
  return readPage(passkeysOf(db, userId), NEWEST_PASSKEYS_FIRST, page);
}

/** The credentials the user already holds, so that an authenticator is not registered twice. */
export function credentialsOf(db: Db, userId: number) {
  return db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).orderBy('id').execute();
}

/** A passkey by the id the authenticator gave it, with its owner's handle. */
export function findByCredentialId(db: Db, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .select(['passkeys.id', 'passkeys.user_id', 'passkeys.credential_id', 'passkeys.public_key', 'passkeys.counter', 'passkeys.transports', 'users.webauthn_handle'])
    .where('passkeys.credential_id', '=', credentialId)
    .executeTakeFirst();
}

export function insertPasskey(db: Db, passkey: { userId: number; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string; now: Date }) {
  return db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      name: passkey.name,
      created_at: passkey.now,
    })
    .returning(passkeyColumns)
    .executeTakeFirstOrThrow();
}

export function renamePasskey(db: Db, userId: number, id: number, name: string) {
  return db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).returning(passkeyColumns).executeTakeFirst();
}

export function deletePasskey(db: Db, userId: number, id: number) {
  return db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning(passkeyColumns).executeTakeFirst();
}

export async function recordPasskeyUse(db: Db, id: number, counter: number, now: Date) {
  await db.updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
}

/**
 * Locks the user's row and says what else signs them in: a password, and how many passkeys.
 * Holding the lock until the transaction ends keeps two removals from each counting the other's
 * passkey as still there.
 */
export async function signInMethodsForUpdate(db: Db, userId: number) {
  const user = await db.selectFrom('users').select(['password_hash']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const { count } = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { hasPassword: user.password_hash !== null, passkeys: Number(count) };
}
