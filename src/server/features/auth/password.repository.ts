import type { Db } from '../../db/database';

export function findUserForPassword(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
}

export function findUserByEmailForReset(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** An adult of the guardian's family (not the guardian), with the guardian's own role as it is now. */
export function findFamilyMemberForReset(db: Db, guardianId: number, memberId: number) {
  return db
    .selectFrom('users as member')
    .innerJoin('users as guardian', 'guardian.family_id', 'member.family_id')
    .select(['member.id', 'guardian.family_role as guardian_role'])
    .where('guardian.id', '=', guardianId)
    .where('member.id', '=', memberId)
    .where('member.id', '!=', guardianId)
    .executeTakeFirst();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function insertPasswordReset(db: Db, reset: { userId: number; tokenHash: string; createdBy: number | null; now: Date; expiresAt: Date }) {
  await db
    .insertInto('password_resets')
    .values({ user_id: reset.userId, token_hash: reset.tokenHash, created_by: reset.createdBy, created_at: reset.now, expires_at: reset.expiresAt })
    .execute();
}

/** A reset link that still works (not used, not expired), with the account it resets. */
export function findLiveReset(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'password_resets.expires_at', 'users.name', 'users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Spends a live reset link, once: of two requests racing with the same link, the second waits
 * on the row lock, then finds used_at set and claims nothing. Returns whose it was.
 */
export async function claimReset(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Spends every other link of the user: once the password has changed, an older link must not change it again. */
export async function spendResetsOf(db: Db, userId: number, now: Date) {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The user's links that no longer work by age: each new link clears them away. */
export async function deleteExpiredResetsOf(db: Db, userId: number, now: Date) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}
