import { sql } from 'kysely';
import type { Db } from '../../db/database';

const subscriptionColumns = ['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'device_label', 'created_at'] as const;

export type SubscriptionRow = Awaited<ReturnType<typeof listSubscriptionsOf>>[number];

/**
 * The user's devices whose session is still signed in. A session that ended deleted its
 * devices; one past its expiry, not yet swept, keeps them out of the list and the sends.
 */
export function listSubscriptionsOf(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.token_hash', 'p.session_hash')
    .select(subscriptionColumns.map((column) => `p.${column}` as const))
    .where('p.user_id', '=', userId)
    .where('s.expires_at', '>', now)
    .orderBy('p.id')
    .execute();
}

/**
 * Saves the browser's subscription for the user. An endpoint names one browser, so saving it
 * again updates its keys, and an endpoint another account saved (a shared computer) moves to
 * this one: its notifications now go to whoever turned them on last.
 */
export function upsertSubscription(
  db: Db,
  userId: number,
  sessionHash: string,
  subscription: { endpoint: string; p256dh: string; auth: string; deviceLabel: string },
  now: Date,
) {
  return db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, session_hash: sessionHash, endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth, device_label: subscription.deviceLabel, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        session_hash: sessionHash,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        device_label: subscription.deviceLabel,
        updated_at: now,
        // A device that changes hands is new to its new owner.
        created_at: sql<Date>`CASE WHEN push_subscriptions.user_id = ${userId} THEN push_subscriptions.created_at ELSE ${now} END`,
      }),
    )
    .returning(subscriptionColumns)
    .executeTakeFirstOrThrow();
}

/** Forgets all but the user's `keep` most recently saved devices. */
export async function trimSubscriptionsOf(db: Db, userId: number, keep: number): Promise<void> {
  const newest = db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(keep);
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', newest).execute();
}

/** One of the user's subscriptions, deleted; anyone else's reads as absent. */
export function deleteSubscriptionOf(db: Db, userId: number, subscriptionId: number) {
  return db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).where('user_id', '=', userId).returning(subscriptionColumns).executeTakeFirst();
}

/** Deletes a subscription its push service called gone, unless it was saved again meanwhile (then its keys changed). */
export async function deleteGoneSubscription(db: Db, row: Pick<SubscriptionRow, 'id' | 'p256dh' | 'auth'>): Promise<boolean> {
  const deleted = await db.deleteFrom('push_subscriptions').where('id', '=', row.id).where('p256dh', '=', row.p256dh).where('auth', '=', row.auth).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export async function readSecret(db: Db, name: string): Promise<unknown> {
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

/** Stores a secret unless one by that name exists: the first instance to start wins, and every instance reads back the winner. */
export async function insertSecretIfAbsent(db: Db, name: string, value: unknown, now: Date): Promise<void> {
  await db.insertInto('server_secrets').values({ name, value: JSON.stringify(value), created_at: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
}
