import { sql, type ExpressionBuilder } from 'kysely';
import type { PageInput } from '../../../shared/schemas/common';
import type { Database, Db, MessageSide } from '../../db/database';
import { newestFirst, readPage } from '../../db/keyset';

/**
 * Who is asking, as far as messages care: a family's adult (familyId), or a member of a
 * nursery's staff (nurseryId). Anyone else (a teacher, an adult between families) is `none`.
 */
export type Viewer = { kind: 'family'; userId: number; familyId: number } | { kind: 'staff'; userId: number; nurseryId: number } | { kind: 'none'; userId: number };

export const sideOf = (viewer: Viewer): MessageSide => (viewer.kind === 'staff' ? 'staff' : 'family');

/**
 * The one rule of who may see a conversation, used by every read, write, join and photo: the
 * family must still have a child in the classroom, and the viewer is an adult of that family
 * or staff of the nursery the classroom belongs to.
 */
function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'conversations'>) => {
    const childThere = eb.exists(
      eb
        .selectFrom('children')
        .select(sql`1`.as('one'))
        .whereRef('children.family_id', '=', 'conversations.family_id')
        .whereRef('children.classroom_id', '=', 'conversations.classroom_id'),
    );
    if (viewer.kind === 'family') return eb.and([childThere, eb('conversations.family_id', '=', viewer.familyId)]);
    if (viewer.kind === 'staff') {
      return eb.and([
        childThere,
        eb('conversations.classroom_id', 'in', eb.selectFrom('classrooms').select('classrooms.id').where('classrooms.nursery_id', '=', viewer.nurseryId)),
      ]);
    }
    return eb.val(false);
  };
}

/** The (family, classroom) pairs the viewer may write in: their children's classrooms, or every family in the nursery's. */
function messageablePairs(db: Db, viewer: Viewer) {
  const query = db
    .selectFrom('children')
    .innerJoin('classrooms', 'classrooms.id', 'children.classroom_id')
    .select(['children.family_id', 'children.classroom_id'])
    .distinct();
  if (viewer.kind === 'family') return query.where('children.family_id', '=', viewer.familyId);
  if (viewer.kind === 'staff') return query.where('classrooms.nursery_id', '=', viewer.nurseryId);
  return query.where(sql<boolean>`false`);
}

/** Opens every conversation the viewer may have that does not exist yet. */
export async function ensureConversations(db: Db, viewer: Viewer): Promise<void> {
  await db
    .insertInto('conversations')
    .columns(['family_id', 'classroom_id'])
    .expression(messageablePairs(db, viewer).$narrowType<{ classroom_id: number }>())
    .onConflict((oc) => oc.columns(['family_id', 'classroom_id']).doNothing())
    .execute();
}

/** Opens the conversation of one family and classroom, if the viewer may write there; its id, or undefined. */
export async function openConversation(db: Db, viewer: Viewer, pair: { familyId: number; classroomId: number }): Promise<number | undefined> {
  const allowed = await messageablePairs(db, viewer)
    .where('children.family_id', '=', pair.familyId)
    .where('children.classroom_id', '=', pair.classroomId)
    .executeTakeFirst();
  if (!allowed) return undefined;
  await db
    .insertInto('conversations')
    .values({ family_id: pair.familyId, classroom_id: pair.classroomId })
    .onConflict((oc) => oc.columns(['family_id', 'classroom_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('family_id', '=', pair.familyId)
    .where('classroom_id', '=', pair.classroomId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One conversation the viewer may see, with what the realtime audience needs; undefined for any other id. */
export function findVisibleConversation(db: Db, viewer: Viewer, conversationId: number) {
  return db
    .selectFrom('conversations')
    .innerJoin('classrooms', 'classrooms.id', 'conversations.classroom_id')
    .select(['conversations.id', 'conversations.family_id', 'conversations.classroom_id', 'classrooms.nursery_id', 'classrooms.name as classroom_name'])
    .where('conversations.id', '=', conversationId)
    .where(visibleTo(viewer))
    .executeTakeFirst();
}

export type ConversationTarget = NonNullable<Awaited<ReturnType<typeof findVisibleConversation>>>;

/** Holds the conversation until the transaction ends (a send and a read of it wait for each other). */
export async function lockVisibleConversation(db: Db, viewer: Viewer, conversationId: number) {
  const target = await findVisibleConversation(db, viewer, conversationId);
  if (!target) return undefined;
  await db.selectFrom('conversations').select('id').where('id', '=', conversationId).forUpdate().execute();
  return target;
}

/** The viewer's conversations, each with its newest message id, unread count and how far the other side has read. */
export function listConversations(db: Db, viewer: Viewer) {
  const side = sideOf(viewer);
  return db
    .selectFrom('conversations')
    .innerJoin('classrooms', 'classrooms.id', 'conversations.classroom_id')
    .innerJoin('families', 'families.id', 'conversations.family_id')
    .where(visibleTo(viewer))
    .select((eb) => [
      'conversations.id',
      'conversations.family_id',
      'conversations.classroom_id',
      'classrooms.name as classroom_name',
      'families.name as family_name',
      eb
        .selectFrom('messages')
        .select('messages.id')
        .whereRef('messages.conversation_id', '=', 'conversations.id')
        .orderBy('messages.created_at', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(1)
        .as('last_message_id'),
      sql<number>`(SELECT count(*)::int FROM messages m WHERE m.conversation_id = ${eb.ref('conversations.id')} AND m.side <> ${side}
        AND m.id > coalesce((SELECT r.last_read_message_id FROM conversation_reads r WHERE r.conversation_id = ${eb.ref('conversations.id')} AND r.user_id = ${viewer.userId}), 0))`.as(
        'unread_count',
      ),
      sql<number | null>`(SELECT max(r.last_read_message_id) FROM conversation_reads r WHERE r.conversation_id = ${eb.ref('conversations.id')} AND r.side <> ${side})`.as(
        'seen_up_to',
      ),
    ])
    .orderBy('classrooms.name')
    .orderBy('families.name')
    .orderBy('conversations.id')
    .execute();
}

/** The children of these families in these classrooms, to say whose conversation each is. */
export function childrenOf(db: Db, familyIds: number[], classroomIds: number[]) {
  if (familyIds.length === 0 || classroomIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('children')
    .select(['id', 'name', 'family_id', 'classroom_id'])
    .where('family_id', 'in', familyIds)
    .where('classroom_id', 'in', classroomIds)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

function messagesWithAuthors(db: Db) {
  return db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.author_id')
    .leftJoin('images', 'images.id', 'messages.photo_id')
    .select([
      'messages.id',
      'messages.conversation_id',
      'messages.author_id',
      'messages.side',
      'messages.body',
      'messages.photo_id',
      'messages.client_id',
      'messages.created_at',
      'users.name as author_name',
      'images.width as photo_width',
      'images.height as photo_height',
    ]);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesWithAuthors>['executeTakeFirstOrThrow']>>;

const NEWEST_MESSAGES_FIRST = newestFirst('messages', 'messages.created_at', 'messages.id');

/** A page of one conversation's messages, newest first (the caller has checked the conversation is theirs). */
export function pageMessages(db: Db, conversationId: number, page: PageInput) {
  return readPage(messagesWithAuthors(db).where('messages.conversation_id', '=', conversationId), NEWEST_MESSAGES_FIRST, page);
}

export function findMessages(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return messagesWithAuthors(db).where('messages.id', 'in', ids).execute();
}

/**
 * Stores a message unless the conversation already has one with this client id, and answers the
 * stored row either way; `created` says which. A send racing with its own retry waits on the
 * unique index and then finds the first.
 */
export async function insertMessage(
  db: Db,
  values: { conversationId: number; authorId: number; side: MessageSide; body: string; photoId: string | null; clientId: string; createdAt: Date },
): Promise<{ row: MessageRow; created: boolean }> {
  const inserted = await db
    .insertInto('messages')
    .values({
      conversation_id: values.conversationId,
      author_id: values.authorId,
      side: values.side,
      body: values.body,
      photo_id: values.photoId,
      client_id: values.clientId,
      created_at: values.createdAt,
    })
    .onConflict((oc) => oc.columns(['conversation_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = await messagesWithAuthors(db)
    .where('messages.conversation_id', '=', values.conversationId)
    .where('messages.client_id', '=', values.clientId)
    .executeTakeFirstOrThrow();
  return { row, created: inserted !== undefined };
}

/** The newest message of the conversation at or before `upTo` (the newest of all without it). */
export async function lastMessageIdUpTo(db: Db, conversationId: number, upTo: number | undefined): Promise<number | undefined> {
  let query = db.selectFrom('messages').select((eb) => eb.fn.max('messages.id').as('id')).where('conversation_id', '=', conversationId);
  if (upTo !== undefined) query = query.where('id', '<=', upTo);
  const row = await query.executeTakeFirst();
  return row?.id ?? undefined;
}

/** Moves the user's read marker forward to `messageId` (never back); answers where it stands. */
export async function markRead(db: Db, values: { conversationId: number; userId: number; side: MessageSide; messageId: number; at: Date }): Promise<number> {
  const row = await db
    .insertInto('conversation_reads')
    .values({ conversation_id: values.conversationId, user_id: values.userId, side: values.side, last_read_message_id: values.messageId, read_at: values.at })
    .onConflict((oc) =>
      oc.columns(['conversation_id', 'user_id']).doUpdateSet({
        last_read_message_id: sql<number>`greatest(conversation_reads.last_read_message_id, excluded.last_read_message_id)`,
        side: values.side,
        read_at: values.at,
      }),
    )
    .returning('last_read_message_id')
    .executeTakeFirstOrThrow();
  return row.last_read_message_id;
}

export async function unreadCount(db: Db, conversationId: number, userId: number, side: MessageSide): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('conversation_id', '=', conversationId)
    .where('side', '<>', side)
    .where('id', '>', (eb) =>
      eb.fn.coalesce(
        eb.selectFrom('conversation_reads').select('last_read_message_id').where('conversation_id', '=', conversationId).where('user_id', '=', userId),
        sql<number>`0`,
      ),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function photosUsedAmong(db: Db, imageIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('photo_id').distinct().where('photo_id', 'in', imageIds).execute();
  return rows.flatMap((row) => (row.photo_id ? [row.photo_id] : []));
}

/** True when a message in a conversation the viewer may see shows the photo. */
export async function photoShownTo(db: Db, imageId: string, viewer: Viewer): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select('messages.id')
    .where('messages.photo_id', '=', imageId)
    .where(visibleTo(viewer))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
