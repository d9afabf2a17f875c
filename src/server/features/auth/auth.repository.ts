import type { PageInput } from '../../../shared/schemas/common';
import type { Kysely } from 'kysely';
import type { Database, Db, NewUser } from '../../db/database';
import { foundFamily } from '../../db/family-scope';
import { newestFirst, readPage } from '../../db/keyset';

const userColumns = [
  'users.id',
  'users.name',
  'users.email',
  'users.phone',
  'users.city',
  'users.role',
  'users.profile_image',
  'users.latitude',
  'users.longitude',
  'users.nursery_id',
  'users.shadow_teacher_id',
  'users.family_id',
  'users.family_role',
  'users.created_at',
] as const;

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.password_hash'])
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').select(userColumns).where('users.id', '=', userId).executeTakeFirst();
}

/** A new parent, as the only guardian of a family of their own, in one transaction. */
export function insertParent(db: Kysely<Database>, user: NewUser) {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    await foundFamily(trx, { id, name: user.name });
    return trx.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Changes only the columns given; returns the user as the session sees them. */
export function updateUser(db: Db, userId: number, changes: { name?: string; phone?: string | null; city?: string | null }) {
  return db.updateTable('users').set(changes).where('id', '=', userId).returning(userColumns).executeTakeFirstOrThrow();
}

export function findUserBySession(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...userColumns, 'sessions.expires_at', 'sessions.id as session_id', 'sessions.last_active_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** The user a live token signs in, with what the token may do: not revoked, not expired. */
export function findUserByApiToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([...userColumns, 'api_tokens.id as token_id', 'api_tokens.last_used_at', 'api_tokens.last_used_ip', 'api_tokens.scopes', 'api_tokens.expires_at'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]))
    .executeTakeFirst();
}

export async function insertSession(db: Db, session: { tokenHash: string; userId: number; expiresAt: Date; userAgent: string | null; ip: string | null; now: Date }) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
      created_at: session.now,
      last_active_at: session.now,
    })
    .execute();
}

export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.updateTable('sessions').set({ last_active_at: now }).where('id', '=', sessionId).execute();
}

/** Returns whose session it was, or undefined when there was none. */
export async function deleteSession(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

/** Cancels the scheduled erasure of the family this user is a guardian of, if any. */
export async function cancelErasureByGuardian(db: Db, userId: number) {
  await db
    .updateTable('families')
    .set({ erase_after: null, erase_posts: null })
    .where('erase_after', 'is not', null)
    .where('id', '=', (eb) => eb.selectFrom('users').select('family_id').where('id', '=', userId).where('family_role', '=', 'guardian'))
    .execute();
}

export async function deleteSessionsOf(db: Db, userId: number) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function revokeApiTokensOf(db: Db, userId: number, now: Date) {
  await db.updateTable('api_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function deleteExpiredSessions(db: Db, userId: number, now: Date) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

const tokenColumns = ['id', 'name', 'token_prefix', 'created_at', 'last_used_at', 'last_used_ip', 'revoked_at', 'scopes', 'expires_at'] as const;

export type ApiTokenRow = Awaited<ReturnType<ReturnType<typeof tokensOf>['executeTakeFirstOrThrow']>>;

function tokensOf(db: Db, userId: number) {
  return db.selectFrom('api_tokens').select(tokenColumns).where('user_id', '=', userId);
}

const NEWEST_TOKENS_FIRST = newestFirst('api-tokens', 'created_at', 'id');

/** A page of the user's own tokens, revoked ones too, newest first. */
export function pageApiTokens(db: Db, userId: number, page: PageInput) {
  return readPage(tokensOf(db, userId), NEWEST_TOKENS_FIRST, page);
}

/** One of the user's own tokens; another account's reads as absent. */
export function findApiToken(db: Db, userId: number, tokenId: number) {
  return tokensOf(db, userId).where('id', '=', tokenId).executeTakeFirst();
}

export function insertApiToken(db: Db, token: { userId: number; name: string; tokenHash: string; prefix: string; scopes: string[]; expiresAt: Date | null }) {
  return db
    .insertInto('api_tokens')
    .values({ user_id: token.userId, name: token.name, token_hash: token.tokenHash, token_prefix: token.prefix, scopes: token.scopes, expires_at: token.expiresAt })
    .returning(tokenColumns)
    .executeTakeFirstOrThrow();
}

/** Revokes only the caller's own token; returns it, or undefined when it is not theirs. */
export function revokeApiToken(db: Db, userId: number, tokenId: number, now: Date) {
  return db
    .updateTable('api_tokens')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .returning(tokenColumns)
    .executeTakeFirst();
}

export async function touchApiToken(db: Db, tokenId: number, now: Date, ip: string) {
  await db.updateTable('api_tokens').set({ last_used_at: now, last_used_ip: ip }).where('id', '=', tokenId).execute();
}

/** Of these session hashes, the ones that still sign someone in. */
export async function liveSessionHashes(db: Db, tokenHashes: string[], now: Date): Promise<string[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db.selectFrom('sessions').select('token_hash').where('token_hash', 'in', tokenHashes).where('expires_at', '>', now).execute();
  return rows.map((row) => row.token_hash);
}

/** Of these API token hashes, the ones neither revoked nor expired. */
export async function liveApiTokenHashes(db: Db, tokenHashes: string[], now: Date): Promise<string[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .selectFrom('api_tokens')
    .select('token_hash')
    .where('token_hash', 'in', tokenHashes)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows.map((row) => row.token_hash);
}
