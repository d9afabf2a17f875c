import { sql, type Insertable, type Selectable } from 'kysely';
import type { PageInput } from '../../../shared/schemas/common';
import type { Db, NotificationPreferencesTable, NotificationsTable } from '../../db/database';
import { newestFirst, readPage } from '../../db/keyset';

export type NotificationRow = Selectable<NotificationsTable>;
export type PreferencesRow = Selectable<NotificationPreferencesTable>;

const LIST_KEYSET = newestFirst('notifications', 'created_at', 'id');

/** One adult's notifications shown in the app, newest first. */
export function listNotifications(db: Db, userId: number, page: PageInput) {
  return readPage(db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('in_app', '=', true), LIST_KEYSET, page);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  return (await countUnreadOf(db, [userId])).get(userId) ?? 0;
}

/** The unread count of each of these users, in one query; a user with none is left out. */
export async function countUnreadOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', sql<number>`count(*)::int`.as('unread')])
    .where('user_id', 'in', userIds)
    .where('in_app', '=', true)
    .where('read_at', 'is', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.unread]));
}

/** Marks one of the user's notifications read (a read one keeps its time); undefined when it is not theirs. */
export function markRead(db: Db, userId: number, id: number, at: Date) {
  return db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, ${at}::timestamptz)` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('in_app', '=', true)
    .returningAll()
    .executeTakeFirst();
}

export async function markAllRead(db: Db, userId: number, at: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('in_app', '=', true)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findPreferences(db: Db, userId: number) {
  return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePreferences(db: Db, row: Insertable<NotificationPreferencesTable>) {
  const { user_id: _userId, ...changes } = row;
  return db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The adults a notification may go to, with their preferences (null columns: never saved, all on). */
export function recipients(db: Db, to: { familyId: number } | { userId: number }) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.family_id',
      'p.activity_in_app',
      'p.activity_push',
      'p.booking_in_app',
      'p.booking_push',
      'p.community_in_app',
      'p.community_push',
      'p.message_in_app',
      'p.message_push',
      'p.report_in_app',
      'p.report_push',
      'p.muted_activity_types',
      'p.quiet_start',
      'p.quiet_end',
    ])
    .where('u.family_id', 'is not', null);
  query = 'familyId' in to ? query.where('u.family_id', '=', to.familyId) : query.where('u.id', '=', to.userId);
  return query.orderBy('u.id').execute();
}

/** Stores new notifications; one whose (user, source) is already stored is skipped. Answers those stored. */
export async function insertNotifications(db: Db, rows: Insertable<NotificationsTable>[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'source']).doNothing())
    .returningAll()
    .execute();
}

/**
 * Claims up to `limit` notifications waiting for their push, marking them sent before the push
 * goes out: SKIP LOCKED keeps two instances from claiming the same row, and a crash between
 * the claim and the send loses that one push rather than sending it twice.
 */
export async function claimPendingPushes(db: Db, limit: number): Promise<NotificationRow[]> {
  return db
    .updateTable('notifications')
    .set({ push_state: 'sent' })
    .where('id', 'in', (eb) => eb.selectFrom('notifications').select('id').where('push_state', '=', 'pending').orderBy('id').limit(limit).forUpdate().skipLocked())
    .returningAll()
    .execute();
}

/** The outbox cursor of one consumer, locked until the transaction ends; created at the newest event the first time. */
export async function lockConsumerCursor(db: Db, name: string): Promise<number> {
  await sql`INSERT INTO outbox_consumers (name, last_event_id) SELECT ${name}, coalesce(max(id), 0) FROM outbox_events ON CONFLICT (name) DO NOTHING`.execute(db);
  const row = await db.selectFrom('outbox_consumers').select('last_event_id').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
  return row.last_event_id;
}

export async function moveConsumerCursor(db: Db, name: string, lastEventId: number): Promise<void> {
  await db.updateTable('outbox_consumers').set({ last_event_id: lastEventId }).where('name', '=', name).execute();
}

/** The names of a family's children among `childIds`, in the order given. */
export async function childrenOfFamily(db: Db, familyId: number, childIds: readonly number[]) {
  if (childIds.length === 0) return [];
  const rows = await db.selectFrom('children').select(['id', 'name']).where('family_id', '=', familyId).where('id', 'in', childIds).execute();
  return childIds.flatMap((id) => rows.filter((row) => row.id === id));
}
