import type { Insertable, Kysely } from 'kysely';
import { notificationCategories, type NotificationCategory, type NotificationDto, type NotificationPageDto, type NotificationPreferencesDto, type NotificationPreferencesInput } from '../../../shared/schemas/notifications';
import type { PageInput } from '../../../shared/schemas/common';
import type { Database, NotificationsTable } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { notFound } from '../../errors';
import { localClock } from '../../lib/local-clock';
import type { EventBus } from '../../realtime/event-bus';
import type { AuthenticatedUser } from '../../principal';
import type { AfterCommit, Notify, NotifyItem } from '../../notify';
import * as repo from './notifications.repository';

/** The bus topic of one adult's notifications; the /ws channel notifications:me listens to it. */
export const notificationsTopic = (userId: number) => `notifications:${userId}`;

const MAX_TITLE = 120;
const MAX_BODY = 500;

/** A notification whose push is due: to whom, and what the device shows (url: the path a tap opens). */
export interface PendingPush {
  id: number;
  userId: number;
  message: { title: string; body: string; url: string; tag: string };
}

export type { AfterCommit, NotifyItem };

type Recipient = Awaited<ReturnType<typeof repo.recipients>>[number];

/** The local time of day, 'HH:MM', in the time zone. */
export function localTimeOfDay(at: Date, timeZone: string): string {
  const { minute } = localClock(at, timeZone);
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${twoDigits(Math.floor(minute / 60))}:${twoDigits(minute % 60)}`;
}

/** Whether `time` lies in [start, end), where end before start runs over midnight. */
export function inQuietHours(time: string, start: string | null, end: string | null): boolean {
  if (start === null || end === null || start === end) return false;
  return start < end ? time >= start && time < end : time >= start || time < end;
}

function channelsOf(recipient: Recipient, category: NotificationCategory) {
  return { inApp: recipient[`${category}_in_app`] ?? true, push: recipient[`${category}_push`] ?? true };
}

function toDto(row: repo.NotificationRow): NotificationDto {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

export function createNotificationsService(deps: {
  db: Kysely<Database>;
  timeZone: string;
  publish?: EventBus['publish'];
  now?: () => Date;
}) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const pushListeners = new Set<() => void>();

  async function publishUnread(userId: number) {
    if (!deps.publish) return;
    await deps.publish({ topic: notificationsTopic(userId), data: { kind: 'unread', unread: await repo.countUnread(db, userId) } });
  }

  /**
   * One signal per adult, however many of their notifications were stored together (a batch of
   * the outbox may make several): the newest of them, with their count once all are stored. The
   * counts of every adult come from one query.
   */
  async function publishStored(rows: repo.NotificationRow[]) {
    if (deps.publish) {
      const newest = new Map<number, repo.NotificationRow>();
      for (const row of rows) if (row.in_app && row.id > (newest.get(row.user_id)?.id ?? 0)) newest.set(row.user_id, row);
      const unread = await repo.countUnreadOf(db, [...newest.keys()]);
      for (const [userId, row] of newest) {
        // Everything the message needs travels with the signal: every instance delivers it as it is.
        await deps.publish({ topic: notificationsTopic(userId), data: { kind: 'notification', notification: toDto(row), unread: unread.get(userId) ?? 0 } });
      }
    }
    if (rows.some((row) => row.push_state === 'pending')) for (const listener of pushListeners) listener();
  }

  /**
   * Stores notifications inside the caller's transaction, as each adult's preferences allow,
   * and answers what to call once it commits (to tell open bells and the push worker).
   */
  const notifyInTransaction: Notify = async (trx, items) => {
    const at = now();
    const quietTime = localTimeOfDay(at, timeZone);
    const rows: Insertable<NotificationsTable>[] = [];
    for (const item of items) {
      for (const recipient of await repo.recipients(trx, item.to)) {
        if (recipient.id === item.exceptUserId || recipient.family_id === null) continue;
        if (item.activityType && recipient.muted_activity_types?.includes(item.activityType)) continue;
        const channels = channelsOf(recipient, item.category);
        if (!channels.inApp && !channels.push) continue;
        rows.push({
          user_id: recipient.id,
          family_id: recipient.family_id,
          category: item.category,
          title: clip(item.title, MAX_TITLE),
          body: clip(item.body, MAX_BODY),
          link: item.link,
          created_at: at,
          in_app: channels.inApp,
          push_state: !channels.push ? 'none' : inQuietHours(quietTime, recipient.quiet_start, recipient.quiet_end) ? 'skipped' : 'pending',
          source: item.source,
        });
      }
    }
    const stored = await repo.insertNotifications(trx, rows);
    return () => publishStored(stored).catch(() => {});
  };

  async function preferences(user: AuthenticatedUser): Promise<NotificationPreferencesDto> {
    const row = await repo.findPreferences(db, user.id);
    const categories = Object.fromEntries(
      notificationCategories.map((category) => [category, { inApp: row?.[`${category}_in_app`] ?? true, push: row?.[`${category}_push`] ?? true }]),
    ) as NotificationPreferencesDto['categories'];
    return {
      categories,
      mutedActivityTypes: row?.muted_activity_types ?? [],
      quietHours: row?.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
      timeZone,
    };
  }

  return {
    notifyInTransaction,
    preferences,

    async list(user: AuthenticatedUser, page: PageInput): Promise<NotificationPageDto> {
      return pageOf(await repo.listNotifications(db, user.id, page), toDto);
    },

    async unreadCount(user: AuthenticatedUser): Promise<{ unread: number }> {
      return { unread: await repo.countUnread(db, user.id) };
    },

    /** Another adult's notification (or none) is not found. */
    async markRead(user: AuthenticatedUser, id: number): Promise<NotificationDto> {
      const row = await repo.markRead(db, user.id, id, now());
      if (!row) throw notFound('That notification');
      await publishUnread(user.id);
      return toDto(row);
    },

    async markAllRead(user: AuthenticatedUser): Promise<{ marked: number; unread: number }> {
      const marked = await repo.markAllRead(db, user.id, now());
      if (marked > 0) await publishUnread(user.id);
      return { marked, unread: await repo.countUnread(db, user.id) };
    },

    async savePreferences(user: AuthenticatedUser, input: NotificationPreferencesInput): Promise<NotificationPreferencesDto> {
      const { categories } = input;
      await repo.savePreferences(db, {
        user_id: user.id,
        activity_in_app: categories.activity.inApp,
        activity_push: categories.activity.push,
        booking_in_app: categories.booking.inApp,
        booking_push: categories.booking.push,
        community_in_app: categories.community.inApp,
        community_push: categories.community.push,
        message_in_app: categories.message.inApp,
        message_push: categories.message.push,
        report_in_app: categories.report.inApp,
        report_push: categories.report.push,
        muted_activity_types: input.mutedActivityTypes,
        quiet_start: input.quietHours?.start ?? null,
        quiet_end: input.quietHours?.end ?? null,
        updated_at: now(),
      });
      return preferences(user);
    },

    /** For the push worker: told when this instance stored notifications waiting for their push. */
    onPushPending(listener: () => void): () => void {
      pushListeners.add(listener);
      return () => void pushListeners.delete(listener);
    },

    /** For the push worker: claims notifications waiting for their push (see the repository), as what the push shows. */
    async claimPendingPushes(limit: number): Promise<PendingPush[]> {
      const rows = await repo.claimPendingPushes(db, limit);
      return rows.map((row) => ({ id: row.id, userId: row.user_id, message: { title: row.title, body: row.body, url: row.link, tag: `notification-${row.id}` } }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
