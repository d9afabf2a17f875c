import { z } from 'zod';
import { id, pageInput, pageOutput, pathId, text } from './common';

// Messages between a family and the staff of a classroom one of its children is in (issue 18).

/** Who wrote a message: an adult of the family, or a member of the classroom's staff. */
export const messageSides = ['family', 'staff'] as const;
export const messageSide = z.enum(messageSides);
export type MessageSide = z.infer<typeof messageSide>;

/**
 * The most a message says. Kept so that a message with everything it carries travels in one
 * realtime signal (under 8 kB even when every character takes three bytes).
 */
export const MAX_MESSAGE_CHARS = 2000;

/** /ws channel names of the messaging feature: one conversation, or all of the caller's. */
export const CONVERSATION_CHANNEL_PREFIX = 'conversation:';
export const conversationChannel = (conversationId: number) => `${CONVERSATION_CHANNEL_PREFIX}${conversationId}`;
export const CONVERSATION_INBOX_CHANNEL = `${CONVERSATION_CHANNEL_PREFIX}inbox`;

// Tabs and line breaks are kept; every other control character is refused (it shows as nothing).
const hasControlCharacter = (value: string) =>
  [...value].some((character) => {
    const code = character.charCodeAt(0);
    return (code < 32 && character !== '\n' && character !== '\t') || code === 127;
  });

const messageBody = text('Write the message as text.')
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .refine((value) => !hasControlCharacter(value), 'The message contains a control character; remove it and send again.')
  .refine((value) => value.length <= MAX_MESSAGE_CHARS, `A message has at most ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters; split it in two.`);

/** Chosen by the sending app for each new message (a UUID, say); sending again with it stores nothing new. */
export const clientId = text('Give clientId as text.')
  .min(1, 'Give clientId: a new id for each message, the same when sending it again.')
  .max(64, 'clientId has at most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'clientId uses only letters, digits, - and _ (a UUID works).');

export const conversationIdParam = z.strictObject({ id: pathId });

/** POST /api/conversations: the conversation of one classroom (a parent, for their child's), opened if new. */
export const openConversationInput = z.strictObject({
  classroomId: id('classroom id'),
  /** Staff name the family; a parent's is always their own, and may be left out. */
  familyId: id('family id').optional(),
});

export const sendMessageInput = z
  .strictObject({
    id: pathId,
    clientId,
    body: messageBody.default(''),
    /** An image you uploaded (POST /api/community/images); only this conversation's family and staff can see it. */
    photoId: z.uuid('photoId is the id answered when the photo was uploaded.').nullable().default(null),
  })
  .refine((input) => input.body.length > 0 || input.photoId !== null, { message: 'Write a message or add a photo.', path: ['body'] });
export type SendMessageInput = z.output<typeof sendMessageInput>;

export const listMessagesInput = pageInput.extend({ id: pathId });

export const markReadInput = z.strictObject({
  id: pathId,
  /** Read up to this message; the newest when left out. */
  upToMessageId: id('message id').optional(),
});

const photoOutput = z.object({ url: z.string(), thumbnailUrl: z.string(), width: z.number().int(), height: z.number().int() });

export const messageOutput = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  side: messageSide,
  /** The writer's name; null once their account is gone. */
  authorName: z.string().nullable(),
  /** The writer's user id, so an app can tell its own messages; null once their account is gone. */
  authorId: z.number().int().nullable(),
  body: z.string(),
  photo: photoOutput.nullable(),
  clientId: z.string(),
  createdAt: z.iso.datetime(),
});
export type MessageDto = z.infer<typeof messageOutput>;

export const messagePageOutput = pageOutput(messageOutput);
export type MessagePageDto = z.infer<typeof messagePageOutput>;

export const conversationOutput = z.object({
  id: z.number().int(),
  classroom: z.object({ id: z.number().int(), name: z.string() }),
  family: z.object({ id: z.number().int(), name: z.string() }),
  /** The family's children in this classroom. */
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lastMessage: messageOutput.nullable(),
  /** Messages from the other side you have not read. */
  unreadCount: z.number().int(),
  /** The newest message of yours the other side has read (for "Seen"); null when none. */
  seenUpToMessageId: z.number().int().nullable(),
});
export type ConversationDto = z.infer<typeof conversationOutput>;

export const readReceiptOutput = z.object({
  conversationId: z.number().int(),
  side: messageSide,
  /** Everything up to this message has been read by someone on that side. */
  lastReadMessageId: z.number().int(),
});
export type ReadReceiptDto = z.infer<typeof readReceiptOutput>;

export const markReadOutput = readReceiptOutput.extend({ unreadCount: z.number().int() });

// ---- /ws messages -------------------------------------------------------------------------

/** A message was sent in a conversation you follow (yours included, so other tabs see it). */
export const conversationMessageEvent = z.object({ type: z.literal('conversation.message'), message: messageOutput });

/** Someone on `side` read up to a message. */
export const conversationReadEvent = z.object({ type: z.literal('conversation.read'), receipt: readReceiptOutput });

/** Someone else is writing; shown for a few seconds unless repeated. Never sent to the typist. */
export const conversationTypingEvent = z.object({
  type: z.literal('conversation.typing'),
  conversationId: z.number().int(),
  side: messageSide,
  name: z.string(),
});
