import type { Db } from '../../db/database';

export function findTwoStep(db: Db, userId: number) {
  return db.selectFrom('two_step').select(['secret', 'enabled_at', 'last_used_step']).where('user_id', '=', userId).executeTakeFirst();
}

export async function isTwoStepOn(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('two_step').select('user_id').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** Starts (or starts again) an enrolment that is not yet on; an enrolment already on is left alone and false returned. */
export async function startEnrolment(db: Db, userId: number, secret: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('two_step')
    .values({ user_id: userId, secret, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now, last_used_step: null }).where('two_step.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records `step` as used, if no code of it or of a later step has been: true when this call did,
 * so a code works once even when two requests race with it.
 */
export async function spendStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_step')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function enable(db: Db, userId: number, now: Date) {
  await db.updateTable('two_step').set({ enabled_at: now }).where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Spends an unused recovery code: true when this call did. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('two_step_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function turnOff(db: Db, userId: number) {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step').where('user_id', '=', userId).execute();
}

export async function insertPendingSignIn(db: Db, pending: { tokenHash: string; userId: number; expiresAt: Date; now: Date }) {
  // Each password step clears the user's stale ones, so the table holds only live ones and a few.
  await db.deleteFrom('pending_sign_ins').where('user_id', '=', pending.userId).where('expires_at', '<=', pending.now).execute();
  await db.insertInto('pending_sign_ins').values({ token_hash: pending.tokenHash, user_id: pending.userId, expires_at: pending.expiresAt }).execute();
}

export function findPendingSignIn(db: Db, tokenHash: string, now: Date) {
  return db.selectFrom('pending_sign_ins').select('user_id').where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** Spends a pending sign-in: true when this call did, so it starts one session at most. */
export async function claimPendingSignIn(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db.deleteFrom('pending_sign_ins').where('token_hash', '=', tokenHash).where('expires_at', '>', now).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export async function deletePendingSignInsOf(db: Db, userId: number) {
  await db.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
}
