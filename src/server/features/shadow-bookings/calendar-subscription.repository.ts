import type { Db } from '../../db/database';

export async function findSubscription(db: Db, userId: number) {
  return db.selectFrom('calendar_subscriptions').select('created_at').where('user_id', '=', userId).executeTakeFirst();
}

/** One address per user: a new one replaces the old, which stops working. */
export async function replaceSubscription(db: Db, userId: number, tokenHash: string, createdAt: Date) {
  await db
    .insertInto('calendar_subscriptions')
    .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: createdAt }))
    .execute();
}

export async function deleteSubscription(db: Db, userId: number) {
  await db.deleteFrom('calendar_subscriptions').where('user_id', '=', userId).execute();
}

/** The family whose bookings an address shows: its maker's, while they are a guardian of one. */
export async function familyOfSubscription(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('calendar_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('u.family_id')
    .where('s.token_hash', '=', tokenHash)
    .where('u.family_role', '=', 'guardian')
    .executeTakeFirst();
  return row?.family_id ?? undefined;
}
