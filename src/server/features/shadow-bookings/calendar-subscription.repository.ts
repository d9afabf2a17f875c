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

export async function userIdOfSubscription(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db.selectFrom('calendar_subscriptions').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.user_id;
}
