import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/schemas/common';
import {
  CONVERSATION_INBOX_CHANNEL,
  conversationChannel,
  type ConversationDto,
  type MessageDto,
  type ReadReceiptDto,
  type listMessagesInput,
  type markReadInput,
  type markReadOutput,
  type openConversationInput,
  type SendMessageInput,
} from '../../../shared/schemas/messages';
import type { Database, MessageSide } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { badInput, forbidden, notFound } from '../../errors';
import { isImageId, type ImageService, type ImageVariant } from '../../lib/images/images.service';
import { isStaff, type AuthenticatedUser } from '../../principal';
import type { EventBus } from '../../realtime/event-bus';
import * as repo from './messages.repository';

/** What messages ask of the notification centre, inside the send's transaction; see services.ts. */
export type NotifyInTransaction = (
  trx: Transaction<Database>,
  items: readonly { to: { familyId: number }; category: 'message'; title: string; body: string; link: string; source: string; exceptUserId?: number }[],
) => Promise<() => Promise<void>>;

/** The realtime topics of one family's and one nursery's conversations (the channel conversation:inbox). */
export const familyInboxTopic = (familyId: number) => `conversation:family-${familyId}`;
export const nurseryInboxTopic = (nurseryId: number) => `conversation:nursery-${nurseryId}`;

/** What a messaging signal carries; every instance delivers it as it is. */
export type MessagingSignal =
  | { kind: 'message'; message: MessageDto }
  | { kind: 'read'; receipt: ReadReceiptDto }
  | { kind: 'typing'; conversationId: number; userId: number; name: string; side: MessageSide };

const CONVERSATION_TOPIC = /^conversation:([1-9][0-9]{0,9})$/;

/** The conversation id a topic or channel `conversation:<id>` names, or undefined. */
export function conversationIdOf(name: string): number | undefined {
  const match = CONVERSATION_TOPIC.exec(name);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

export function viewerOf(user: AuthenticatedUser): repo.Viewer {
  if (isStaff(user)) return user.nurseryId === null ? { kind: 'none', userId: user.id } : { kind: 'staff', userId: user.id, nurseryId: user.nurseryId };
  return user.familyId === null ? { kind: 'none', userId: user.id } : { kind: 'family', userId: user.id, familyId: user.familyId };
}

/** Where message photos are served (messages.photos-route.ts); not the community image route, which caches for a year. */
export const MESSAGE_PHOTO_PATH = '/api/messages/photos';
const photoUrl = (id: string) => `${MESSAGE_PHOTO_PATH}/${id}`;

export function toMessageDto(row: repo.MessageRow): MessageDto {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    side: row.side,
    authorName: row.author_name,
    authorId: row.author_id,
    body: row.body,
    photo: row.photo_id
      ? { url: photoUrl(row.photo_id), thumbnailUrl: `${photoUrl(row.photo_id)}/thumbnail`, width: row.photo_width ?? 0, height: row.photo_height ?? 0 }
      : null,
    clientId: row.client_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** The first line of a message as a notification says it. */
const preview = (message: MessageDto) => message.body.split('\n')[0] || 'Sent a photo.';

export function createMessagesService(deps: {
  db: Kysely<Database>;
  images: ImageService;
  publish?: EventBus['publish'];
  notify?: NotifyInTransaction;
  now?: () => Date;
}) {
  const { db, images } = deps;
  const now = deps.now ?? (() => new Date());

  // A photo lives while a message shows it. Others than its uploader see it only on the message
  // photo route (findPhoto), never through the community image route, whose copies live a year.
  images.registerOwner('messages', {
    referencedAmong: repo.photosUsedAmong,
    readableBy: async () => false,
  });

  /** Signals are published after commit and never fail the request: the change is saved. */
  async function publish(topics: string[], data: MessagingSignal) {
    if (!deps.publish) return;
    for (const topic of topics) await deps.publish({ topic, data });
  }

  function topicsOf(target: repo.ConversationTarget) {
    return [conversationChannel(target.id), familyInboxTopic(target.family_id), nurseryInboxTopic(target.nursery_id)];
  }

  async function requireConversation(viewer: repo.Viewer, conversationId: number) {
    const target = await repo.findVisibleConversation(db, viewer, conversationId);
    if (!target) throw notFound('That conversation');
    return target;
  }

  async function conversations(viewer: repo.Viewer, onlyId?: number): Promise<ConversationDto[]> {
    const rows = (await repo.listConversations(db, viewer)).filter((row) => onlyId === undefined || row.id === onlyId);
    const [children, lastMessages] = await Promise.all([
      repo.childrenOf(db, [...new Set(rows.map((row) => row.family_id))], [...new Set(rows.map((row) => row.classroom_id))]),
      repo.findMessages(db, rows.flatMap((row) => (row.last_message_id === null ? [] : [row.last_message_id]))),
    ]);
    const lastById = new Map(lastMessages.map((row) => [row.id, toMessageDto(row)]));
    return rows.map((row) => ({
      id: row.id,
      classroom: { id: row.classroom_id, name: row.classroom_name },
      family: { id: row.family_id, name: row.family_name },
      children: children.filter((child) => child.family_id === row.family_id && child.classroom_id === row.classroom_id).map(({ id, name }) => ({ id, name })),
      lastMessage: (row.last_message_id !== null && lastById.get(row.last_message_id)) || null,
      unreadCount: row.unread_count,
      seenUpToMessageId: row.seen_up_to,
    }));
  }

  return {
    /**
     * Every conversation the caller may have: a parent's with each classroom their children are
     * in, a member of staff's with each family that has a child in their nursery. Those not yet
     * opened are opened here, so each has an id to read, write and join.
     */
    async listConversations(user: AuthenticatedUser): Promise<ConversationDto[]> {
      const viewer = viewerOf(user);
      if (viewer.kind === 'none') return [];
      await repo.ensureConversations(db, viewer);
      return conversations(viewer);
    },

    /** The conversation of one classroom (and for staff, one family), opened if new. */
    async openConversation(user: AuthenticatedUser, input: z.output<typeof openConversationInput>): Promise<ConversationDto> {
      const viewer = viewerOf(user);
      if (viewer.kind === 'none') throw forbidden('Only the adults of a family and nursery staff have conversations.');
      let familyId: number;
      if (viewer.kind === 'family') {
        if (input.familyId !== undefined && input.familyId !== viewer.familyId) throw notFound('That conversation');
        familyId = viewer.familyId;
      } else {
        if (input.familyId === undefined) throw badInput('familyId', 'Say which family to write to: give familyId.');
        familyId = input.familyId;
      }
      const conversationId = await repo.openConversation(db, viewer, { familyId, classroomId: input.classroomId });
      if (conversationId === undefined) {
        throw notFound(viewer.kind === 'family' ? 'A classroom one of your children is in' : 'A family with a child in that classroom');
      }
      const [conversation] = await conversations(viewer, conversationId);
      if (!conversation) throw notFound('That conversation');
      return conversation;
    },

    async listMessages(user: AuthenticatedUser, input: z.output<typeof listMessagesInput>): Promise<Page<MessageDto>> {
      const target = await requireConversation(viewerOf(user), input.id);
      return pageOf(await repo.pageMessages(db, target.id, input), toMessageDto);
    },

    /**
     * Stores a message once per client id: a retry answers the first one and tells nobody
     * again. A message from staff notifies the family's adults, in the same transaction.
     */
    async sendMessage(user: AuthenticatedUser, input: SendMessageInput): Promise<MessageDto> {
      const viewer = viewerOf(user);
      if (input.photoId !== null && !(await images.findOwned(user.id, input.photoId))) throw notFound('That photo');
      const { message, target, created, afterCommit } = await db.transaction().execute(async (trx) => {
        const target = await repo.lockVisibleConversation(trx, viewer, input.id);
        if (!target) throw notFound('That conversation');
        const { row, created } = await repo.insertMessage(trx, {
          conversationId: target.id,
          authorId: user.id,
          side: repo.sideOf(viewer),
          body: input.body,
          photoId: input.photoId,
          clientId: input.clientId,
          createdAt: now(),
        });
        const message = toMessageDto(row);
        let afterCommit: (() => Promise<void>) | undefined;
        if (created && message.side === 'staff' && deps.notify) {
          afterCommit = await deps.notify(trx, [
            {
              to: { familyId: target.family_id },
              category: 'message',
              title: `${user.name} (${target.classroom_name})`,
              body: preview(message),
              link: `/messages?conversation=${target.id}`,
              source: `message:${message.id}`,
            },
          ]);
        }
        return { message, target, created, afterCommit };
      });
      if (created) {
        await publish(topicsOf(target), { kind: 'message', message });
        await afterCommit?.();
      }
      return message;
    },

    /** Marks the conversation read up to a message (the newest by default) for the caller, and tells the other side. */
    async markRead(user: AuthenticatedUser, input: z.output<typeof markReadInput>): Promise<z.output<typeof markReadOutput>> {
      const viewer = viewerOf(user);
      const target = await requireConversation(viewer, input.id);
      const side = repo.sideOf(viewer);
      const upTo = await repo.lastMessageIdUpTo(db, target.id, input.upToMessageId);
      if (upTo === undefined) return { conversationId: target.id, side, lastReadMessageId: 0, unreadCount: await repo.unreadCount(db, target.id, user.id, side) };
      const lastReadMessageId = await repo.markRead(db, { conversationId: target.id, userId: user.id, side, messageId: upTo, at: now() });
      const receipt = { conversationId: target.id, side, lastReadMessageId };
      await publish(topicsOf(target), { kind: 'read', receipt });
      return { ...receipt, unreadCount: await repo.unreadCount(db, target.id, user.id, side) };
    },

    /** The topic a /ws channel of this feature listens to, or undefined when the user may not listen. */
    async topicFor(user: AuthenticatedUser, channel: string): Promise<string | undefined> {
      const viewer = viewerOf(user);
      if (channel === CONVERSATION_INBOX_CHANNEL) {
        if (viewer.kind === 'family') return familyInboxTopic(viewer.familyId);
        if (viewer.kind === 'staff') return nurseryInboxTopic(viewer.nurseryId);
        return undefined;
      }
      const conversationId = conversationIdOf(channel);
      if (conversationId === undefined) return undefined;
      const target = await repo.findVisibleConversation(db, viewer, conversationId);
      return target && conversationChannel(target.id);
    },

    /** A message's photo, to whoever may read a conversation showing it; undefined to anyone else. */
    async findPhoto(user: AuthenticatedUser, photoId: string, variant: ImageVariant) {
      if (!isImageId(photoId)) return undefined;
      const id = photoId.toLowerCase();
      if (!(await repo.photoShownTo(db, id, viewerOf(user)))) return undefined;
      return images.findChecked(id, variant);
    },

    /** Tells the others in a conversation that the user is writing (the route has checked they joined it). */
    typing(user: AuthenticatedUser, topic: string): void {
      const conversationId = conversationIdOf(topic);
      if (conversationId === undefined) return;
      void publish([topic], { kind: 'typing', conversationId, userId: user.id, name: user.name, side: repo.sideOf(viewerOf(user)) });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
