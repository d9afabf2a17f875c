import { z } from 'zod';
import { text } from './schemas/common';
import { CLASSROOM_CHANNEL_PREFIX, activityOutput, channelName } from './schemas/monitoring';
import { notificationMessage, unreadMessage } from './schemas/notifications';
import { conversationMessageEvent, conversationReadEvent, conversationTypingEvent } from './schemas/messages';
import { cameraClosedMessage, cameraOpenedMessage } from './schemas/cameras';

/**
 * The live activity channel at /ws (spec sections 4 and 7).
 *
 * A channel is a camera id, such as classroom-3b, or a whole classroom as `classroom:<id>`. The
 * cameras of one classroom share one activity log, so an activity logged for a classroom reaches
 * every channel of it. An activity about particular children reaches only their families and
 * the nursery's staff.
 * Other features own channels named `<prefix>:<name>`, such as `notifications:me`.
 * One connection listens to one channel at a time; a later join moves it. The join message
 * decides the channel; the `?channel=` the spec puts in the URL is not read.
 *
 * The handshake carries the session cookie (browsers, whose Origin must be the app's own) or
 * `Authorization: Bearer nst_…` (integrators). Not signed in: an error, then close 4401. A
 * camera the caller may not watch, or that does not exist: an error, then close 4403. More than
 * 10 connections per user or 50 per address: an error, then close 1008.
 */
export { closeCodes, MAX_CLIENT_MESSAGE_BYTES, REALTIME_PATH, REPLAY_WINDOW_MS, TYPING_EVERY_MS } from './realtime-constants';

/** An outbox event id, as `joined` and `activity` messages carry them. */
const eventId = z.number('lastEventId is a whole number.').int('lastEventId is a whole number.').min(0, 'lastEventId is 0 or more.').max(Number.MAX_SAFE_INTEGER);

const channelMessage = 'channel is a camera id such as classroom-3b, a classroom as classroom:<id>, or a feature channel such as notifications:me.';

/**
 * What a join may name: monitoring's channels as GET /api/activities reads them, or another
 * feature's `<prefix>:<name>`. The feature that owns the prefix decides what the name means
 * (and must read a number in it with care: it may be any length of digits).
 */
export const realtimeChannel = text(channelMessage)
  .trim()
  .max(64, channelMessage)
  .regex(/^([a-z]+:)?[a-z0-9]+(-[a-z0-9]+)*$/, channelMessage)
  .refine((channel) => !channel.startsWith(CLASSROOM_CHANNEL_PREFIX) || channelName.safeParse(channel).success, channelMessage);

export const joinMessage = z.object({
  type: z.literal('join'),
  channel: realtimeChannel,
  /**
   * The last event this client received (from `joined` or an `activity`): what came after it,
   * within the last 24 hours, is sent first, in order, before live activity.
   */
  lastEventId: eventId.optional(),
});

/**
 * "I am typing" on the joined channel, for features that show it (messages). The server passes
 * on at most one per connection every TYPING_EVERY_MS and ignores it where nobody shows it.
 */
export const typingMessage = z.object({ type: z.literal('typing') });

/** Everything a client may send. */
export const clientMessage = z.discriminatedUnion('type', [joinMessage, typingMessage]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const joinedMessage = z.object({
  type: z.literal('joined'),
  channel: z.string(),
  /** The newest event already published when the join took effect: later ones arrive live. Keep it for a rejoin. */
  lastEventId: z.number().int(),
});

/** `data` is exactly one item of GET /api/activities; `eventId` is its outbox event (GET /api/events), for a rejoin's lastEventId. */
export const activityMessage = z.object({ type: z.literal('activity'), data: activityOutput, eventId: z.number().int() });

export const realtimeErrorCodes = ['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST'] as const;
export const errorMessage = z.object({
  type: z.literal('error'),
  code: z.enum(realtimeErrorCodes),
  /** Written for the person who sees it. */
  message: z.string(),
});

/** Everything the server sends. */
export const serverMessage = z.discriminatedUnion('type', [joinedMessage, activityMessage, errorMessage, notificationMessage, unreadMessage, conversationMessageEvent, conversationReadEvent, conversationTypingEvent, cameraClosedMessage, cameraOpenedMessage]);
export type ServerMessage = z.infer<typeof serverMessage>;

export type DecodeResult<T> =
  | { ok: true; message: T }
  | { ok: false; reason: 'invalid-json' | 'unknown-type' | 'invalid-message'; detail: string };

/**
 * Parses one text frame against a message union. Both ends use it, so they agree on what is
 * well formed; an unknown `type` is told apart from a known one with bad fields, because the
 * first is ignored and the second deserves an answer.
 */
export function decodeMessage<T extends { type: string }>(
  schema: z.ZodType<T> & { options: ReadonlyArray<{ shape: { type: z.ZodLiteral<string> } }> },
  text: string,
): DecodeResult<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'invalid-json', detail: (error as Error).message };
  }
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const known = schema.options.some((option) => option.shape.type.value === type);
  if (!known) return { ok: false, reason: 'unknown-type', detail: `unknown message type ${JSON.stringify(type ?? null)}` };
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, reason: 'invalid-message', detail: parsed.error.issues.map((issue) => issue.message).join(' ') };
  }
  return { ok: true, message: parsed.data };
}

export const decodeClientMessage = (text: string) => decodeMessage(clientMessage, text);
export const decodeServerMessage = (text: string) => decodeMessage(serverMessage, text);
