import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  REALTIME_PATH,
  REPLAY_WINDOW_MS,
  TYPING_EVERY_MS,
  activityMessage,
  closeCodes,
  errorMessage,
  joinMessage,
  joinedMessage,
  typingMessage,
  type realtimeErrorCodes,
} from '../../shared/realtime';
import { CAMERA_CHANNEL_PREFIX, cameraClosedMessage, cameraOpenedMessage, type CameraClosedReason } from '../../shared/schemas/cameras';
import {
  CONVERSATION_CHANNEL_PREFIX,
  CONVERSATION_INBOX_CHANNEL,
  conversationMessageEvent,
  conversationReadEvent,
  conversationTypingEvent,
  type MessageDto,
  type ReadReceiptDto,
} from '../../shared/schemas/messages';
import { CLASSROOM_CHANNEL_PREFIX, type activityOutput } from '../../shared/schemas/monitoring';
import { NOTIFICATIONS_CHANNEL, notificationMessage, unreadMessage, type NotificationDto } from '../../shared/schemas/notifications';
import { SESSION_COOKIE } from '../features/auth/session-cookie';
import { REAUTHORIZE_EVERY_MS, SOCKET_LIMITS } from '../realtime/ws-route';

export const ASYNCAPI_PATH = '/api/asyncapi.json';

/** Serves the AsyncAPI document of /ws, built once. */
export function registerAsyncApiRoute(app: FastifyInstance, publicOrigin: string) {
  const document = buildAsyncApiDocument(publicOrigin);
  app.get(ASYNCAPI_PATH, { schema: { hide: true } }, async () => document);
}

/**
 * A message payload as JSON Schema, generated from the Zod schema both ends parse with, so the
 * document cannot drift from the code. What a client sends is described as the server reads it
 * (input); what the server sends, as it leaves (output). Draft 7 is what AsyncAPI schemas extend.
 */
function payloadOf(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _, ...payload } = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<string, unknown>;
  return payload as ObjectSchema;
}

type ObjectSchema = { properties: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** Adds descriptions to a payload's properties; one naming a field the schema lacks fails at start-up. */
function withDescriptions<T extends ObjectSchema>(payload: T, descriptions: Record<string, string>): T {
  for (const [name, description] of Object.entries(descriptions)) {
    const property = payload.properties[name];
    if (!property) throw new Error(`the AsyncAPI document describes a field '${name}' that the message does not have`);
    property.description = description;
  }
  return payload;
}

type ActivityField = keyof z.output<typeof activityOutput>;
type ErrorCode = (typeof realtimeErrorCodes)[number];

const activityFields: Record<ActivityField, string> = {
  id: 'The activity id; the same id GET /api/activities lists it under, and its `before` cursor takes.',
  type: 'One lower-case word such as play, snack, nap, art, learning, arrival or departure.',
  time: "Wall-clock time in the nursery's time zone, such as '9:30 AM'. Derived from occurredAt.",
  timeAgo: "'just now', then minutes, hours or days, as of when the message was sent. Keep it fresh from occurredAt.",
  description: 'What happened, written by the staff member who logged it (at most 500 characters).',
  occurredAt: 'When it happened: ISO 8601 in UTC.',
  childIds: 'The children it is about. Empty for an activity of the whole classroom.',
  cameraId: 'The camera it was logged from, or null when it was logged for the whole classroom (`classroom:<id>`).',
  photos: "Its photos you may see, in order (at most 4), each with its id, url, thumbnailUrl, downloadUrl, width and height: staff get them all, a family only when one of its children is tagged in them. Empty when there are none for you. The URLs check who asks on every request.",
};

const notificationFields: Record<keyof NotificationDto, string> = {
  id: 'The notification id, as GET /api/notifications lists it and POST /api/notifications/{id}/read takes.',
  category: 'What it is about: activity, booking, community, message or report. Each can be turned off on its own (GET /api/notification-preferences).',
  title: 'One line to show in bold, such as the child\'s name and the activity.',
  body: 'The text under the title.',
  link: 'Where it leads: a path in the app, such as /monitoring.',
  createdAt: 'When it was made: ISO 8601 in UTC.',
  readAt: 'When you read it: null for a new one.',
};

const messageFields: Record<keyof MessageDto, string> = {
  id: 'The message id; the same id GET /api/conversations/{id}/messages lists it under.',
  conversationId: 'The conversation it was sent in. On conversation:inbox, the one whose list entry and unread count to update.',
  side: 'Who wrote it: family or staff.',
  authorName: "The writer's name; null once their account is gone.",
  authorId: "The writer's user id, so an app can tell its own messages (sent from another tab or device); null once their account is gone.",
  body: 'What it says; may be empty when it carries a photo.',
  photo: 'Its photo ({url, thumbnailUrl, width, height}), or null. The URLs check who asks on every request: only this conversation\'s family and staff.',
  clientId: 'The id the sending app chose for it: an app that sent it matches its own pending message by this id.',
  createdAt: 'When it was sent: ISO 8601 in UTC.',
};

const receiptFields: Record<keyof ReadReceiptDto, string> = {
  conversationId: 'The conversation read.',
  side: 'Whose reading: family or staff. Someone on that side has read everything up to lastReadMessageId.',
  lastReadMessageId: 'Everything up to this message has been read by that side (for "Seen" on your own messages).',
};

const closedReasons: Partial<Record<CameraClosedReason, string>> = {
  departed: 'your child has been checked out (their departure was logged); sent only to that family, without cameraId: every camera of the room. With another child of yours still in the room you may keep watching: renew the viewing token to find out.',
  paused: 'staff turned on privacy mode for the camera; sent to every listener.',
  disabled: 'staff switched the camera off; sent to every listener.',
};

const errorCodes: Record<ErrorCode, string> = {
  UNAUTHORIZED: `Nobody is signed in, or the sign-in has ended (signed out, session expired, token revoked). Always followed by close ${closeCodes.notSignedIn}.`,
  FORBIDDEN: `The channel does not exist, or you may not join it (or no longer may): for a conversation channel, an API token without messages:read too. The two are not told apart. Always followed by close ${closeCodes.notAllowed}.`,
  BAD_REQUEST: `A join with a malformed channel or a prefix no feature owns, or a malformed message (the connection stays open; send a corrected join), or too many open connections (followed by close ${closeCodes.policyViolation}).`,
};

const closeCodeMeanings: Record<keyof typeof closeCodes, string> = {
  goingAway: 'The server is shutting down or restarting. Reconnect after a short, randomized delay and join again.',
  policyViolation: `Too many open connections: at most ${SOCKET_LIMITS.perUser} per user and ${SOCKET_LIMITS.perAddress} per client address. Close another connection first.`,
  messageTooBig: `A message from the client was over ${MAX_CLIENT_MESSAGE_BYTES / 1024} kB (${MAX_CLIENT_MESSAGE_BYTES} bytes). A bug in the client: do not resend it.`,
  notSignedIn: 'Not signed in, or the sign-in has ended. Sign in again (or use a live token) before reconnecting.',
  notAllowed: 'The channel does not exist or may not (or may no longer) be joined by you. Do not rejoin it.',
};

function activityPayload() {
  const payload = payloadOf(activityMessage, 'output');
  withDescriptions(payload.properties.data as ObjectSchema, activityFields);
  return withDescriptions(payload, {
    data: 'The activity, exactly as GET /api/activities lists it.',
    eventId: 'Its outbox event, as GET /api/events lists it. Keep the newest for a rejoin: join with lastEventId to be sent what you missed.',
  });
}

const closedReasonText = Object.entries(closedReasons)
  .map(([reason, text]) => `\`${reason}\`: ${text}`)
  .join(' ');

function notificationPayload() {
  const payload = payloadOf(notificationMessage, 'output');
  withDescriptions(payload.properties.notification as ObjectSchema, notificationFields);
  return withDescriptions(payload, {
    notification: 'The notification, exactly as GET /api/notifications lists it.',
    unread: 'Your unread count with it.',
  });
}

function conversationMessagePayload() {
  const payload = payloadOf(conversationMessageEvent, 'output');
  withDescriptions(payload.properties.message as ObjectSchema, messageFields);
  return withDescriptions(payload, { message: 'The message, exactly as GET /api/conversations/{id}/messages lists it.' });
}

function conversationReadPayload() {
  const payload = payloadOf(conversationReadEvent, 'output');
  withDescriptions(payload.properties.receipt as ObjectSchema, receiptFields);
  return withDescriptions(payload, { receipt: 'How far one side has read.' });
}

const exampleNotification: NotificationDto = {
  id: 57,
  category: 'activity',
  title: 'Maya: Art',
  body: 'Painting with watercolours at the easel.',
  link: '/monitoring',
  createdAt: '2026-11-23T09:30:02.000Z',
  readAt: null,
};

const exampleMessage: MessageDto = {
  id: 302,
  conversationId: 12,
  side: 'staff',
  authorName: 'Emma Wilson',
  authorId: 4,
  body: 'Maya had a lovely morning. She ate all her lunch!',
  photo: null,
  clientId: '6f1c2a9e-3b7d-4c1e-9a51-2d8f0b7e4c10',
  createdAt: '2026-11-23T12:05:00.000Z',
};

const markdownTable = (head: [string, string], rows: [string | number, string][]) =>
  [`| ${head[0]} | ${head[1]} |`, '| --- | --- |', ...rows.map(([key, text]) => `| ${key} | ${text} |`)].join('\n');

const reauthorizeSeconds = REAUTHORIZE_EVERY_MS / 1000;
const replayHours = REPLAY_WINDOW_MS / 3_600_000;

/** The channel forms a join may name, for the join message's `channel` and the document. */
const channelForms = [
  `a camera id such as \`classroom-3b\`, or a whole classroom as \`${CLASSROOM_CHANNEL_PREFIX}<id>\` such as \`${CLASSROOM_CHANNEL_PREFIX}2\`: live activity (\`activity\`)`,
  `\`${NOTIFICATIONS_CHANNEL}\`: your own notifications (\`notification\`, \`unread\`)`,
  `\`${CONVERSATION_CHANNEL_PREFIX}<id>\`: one conversation between a family and a classroom's staff (\`conversation.message\`, \`conversation.read\`, \`conversation.typing\`)`,
  `\`${CONVERSATION_INBOX_CHANNEL}\`: every conversation of your family, or of your nursery for staff (\`conversation.message\`, \`conversation.read\`)`,
  `\`${CAMERA_CHANNEL_PREFIX}<camera id>\` such as \`${CAMERA_CHANNEL_PREFIX}classroom-3b\`: whether a camera's video is available to you (\`camera_closed\`, \`camera_opened\`)`,
];

function buildAsyncApiDocument(publicOrigin: string) {
  const origin = new URL(publicOrigin);
  const ref = ($ref: string) => ({ $ref });
  const channel = ref('#/channels/live');
  const exampleActivity: z.output<typeof activityOutput> = {
    id: 128,
    type: 'art',
    time: '9:30 AM',
    timeAgo: 'just now',
    description: 'Painting with watercolours at the easel.',
    occurredAt: '2026-11-23T09:30:00.000Z',
    childIds: [1],
    cameraId: 'classroom-3b',
    photos: [],
  };

  const description = `Live updates over one WebSocket at \`${REALTIME_PATH}\`: activity from the classrooms, your notifications, your conversations with the nursery, and whether a camera's video is available to you. This document describes the Nestling server: it receives \`join\` and \`typing\` and sends \`joined\`, \`error\`, \`activity\`, \`notification\`, \`unread\`, \`conversation.message\`, \`conversation.read\`, \`conversation.typing\`, \`camera_closed\` and \`camera_opened\`. Every message is one JSON text frame.

## Signing in
Credentials go with the WebSocket handshake (the HTTP upgrade request):
- **Integrators** (servers, scripts, apps): send \`Authorization: Bearer nst_…\`, a personal API token (create one with \`POST /api/tokens\` from a signed-in session), and **no** \`Origin\` header.
- **Browsers**: the \`${SESSION_COOKIE}\` session cookie from \`POST /api/auth/sign-in\`. The handshake's \`Origin\` must be this app's own, ${publicOrigin}.

A handshake with an \`Origin\` other than ours, or a session cookie without an \`Origin\`, is refused with HTTP 403 before the connection opens. A handshake with no credentials, or with ones that do not work (an expired session, an unknown or revoked token), opens, then receives an \`error\` (\`UNAUTHORIZED\`) and is closed with ${closeCodes.notSignedIn}.

A connection outlives the sign-in that opened it, so the server checks open connections again every ${reauthorizeSeconds} seconds, and at once after a sign-out or a token revocation. A connection whose sign-in has ended is closed with ${closeCodes.notSignedIn}; one whose user may no longer listen to its channel (a child moved classroom, say) with ${closeCodes.notAllowed}. Each time an \`error\` message comes first.

At most ${SOCKET_LIMITS.perUser} connections may be open per user and ${SOCKET_LIMITS.perAddress} per client address. One more receives an \`error\` (\`BAD_REQUEST\`) and is closed with ${closeCodes.policyViolation}.

## Joining a channel
Once open, send \`{"type": "join", "channel": "classroom-3b"}\`. A channel is one of:
${channelForms.map((form) => `- ${form}`).join('\n')}

The server answers \`joined\`, or an \`error\` (\`FORBIDDEN\`) and close ${closeCodes.notAllowed} when the channel does not exist or you may not join it (the two are not told apart). A join with a malformed channel, or a prefix no feature owns, is answered with an \`error\` (\`BAD_REQUEST\`) and the connection stays open.

- A connection listens to one channel at a time; a later join moves it. Open one connection per channel to follow several at once (within the limits above).
- Joins sent before the previous one is answered replace it: only the newest is answered.
- \`joined\` carries \`lastEventId\`, the newest event already published; every activity after it arrives live, each with its \`eventId\`.
- **Catching up after a disconnect:** join with the newest id you have (\`{"type": "join", "channel": "classroom-3b", "lastEventId": 4711}\`). What you missed on that channel in the last ${replayHours} hours is sent first, in order, then live messages, with nothing twice. For anything older, read \`GET /api/activities?channel=…\`; \`GET /api/events?after=…\` pages through every event you may see. See *What is replayed* below: most feature messages are not.
- A \`?channel=\` in the URL is not read; only the join message decides the channel.
- Frames that are not JSON, binary frames and messages of an unknown \`type\` are ignored, so a client may send messages a later version understands.
- A message over ${MAX_CLIENT_MESSAGE_BYTES / 1024} kB (${MAX_CLIENT_MESSAGE_BYTES} bytes) closes the connection with ${closeCodes.messageTooBig}.

## Who may join what
- **A camera id or \`${CLASSROOM_CHANNEL_PREFIX}<id>\`**: a parent, the cameras and classrooms their children are in; a staff member, every classroom of their nursery.
- **\`${NOTIFICATIONS_CHANNEL}\`**: everyone signed in, parents and staff alike; it is always your own notifications. No other name under \`notifications:\` exists.
- **\`${CONVERSATION_CHANNEL_PREFIX}<id>\`**: whoever may read that conversation over REST (\`GET /api/conversations/{id}/messages\`): the family's adults and the nursery's staff. **\`${CONVERSATION_INBOX_CHANNEL}\`**: an adult of a family (their family's conversations) or a staff member (their nursery's). With an API token both need the \`messages:read\` scope; a token without it is refused as for any channel you may not join (\`FORBIDDEN\`, close ${closeCodes.notAllowed}).
- **\`${CAMERA_CHANNEL_PREFIX}<camera id>\`**: the staff of the camera's nursery, and a family with a child in its classroom.

The server checks this again every ${reauthorizeSeconds} seconds; a connection that may no longer listen is closed with ${closeCodes.notAllowed}.

## Which messages each channel sends
${markdownTable(
  ['channel', 'messages'],
  [
    [`camera id, \`${CLASSROOM_CHANNEL_PREFIX}<id>\``, '`activity`'],
    [`\`${NOTIFICATIONS_CHANNEL}\``, '`notification`, `unread`'],
    [`\`${CONVERSATION_CHANNEL_PREFIX}<id>\``, '`conversation.message`, `conversation.read`, `conversation.typing`'],
    [`\`${CONVERSATION_INBOX_CHANNEL}\``, '`conversation.message`, `conversation.read`'],
    [`\`${CAMERA_CHANNEL_PREFIX}<camera id>\``, '`camera_closed`, `camera_opened`'],
  ],
)}

Every channel also answers a join with \`joined\`, and any connection may receive an \`error\`.

**Live activity** (a camera id or a classroom):
- The cameras of one classroom share one activity log. An activity logged for a classroom, or from any of its cameras, reaches the listeners of every channel of that classroom.
- An activity about particular children (\`childIds\` not empty) reaches only those children's families and the nursery's staff. Another family listening in the same room does not receive it. A classroom-wide activity (\`childIds\` empty) reaches every listener.
- Activities arrive in the order they were saved. \`data\` is exactly one item of \`GET /api/activities\`.

**Notifications** (\`${NOTIFICATIONS_CHANNEL}\`): \`notification\` when one is made for you (one shown in the app: its category is on in the app for you), with your new unread count; \`unread\` when the count changes otherwise (read on this device or another, or all marked read). Staff may join too; their count stays 0.

**Conversations**: \`conversation.message\` for every new message, your own included (so your other tabs and devices see it); \`conversation.read\` when someone on either side reads up to a message; on \`${CONVERSATION_CHANNEL_PREFIX}<id>\` only, \`conversation.typing\` while someone else writes (never to the writer's own connections). \`${CONVERSATION_INBOX_CHANNEL}\` sends the messages and receipts of every conversation of yours, to keep a list and its unread counts live; each carries its \`conversationId\`.

**Cameras** (\`${CAMERA_CHANNEL_PREFIX}<camera id>\`): all cameras of a classroom share one channel, so a message may be about another camera of the room (see its \`cameraId\`). \`camera_closed\` when the video stops being available to you: ${closedReasonText} \`camera_opened\` when staff end privacy mode or switch the camera on again. A player that hears either renews its viewing token (\`POST /api/cameras/{id}/viewing-sessions/{sessionId}/token\`), which is refused with 403 while it may not watch.

## Typing
While the user writes in a conversation, send \`{"type": "typing"}\` on a connection that has joined \`${CONVERSATION_CHANNEL_PREFIX}<id>\`, again every few seconds while they keep writing. The server passes on at most one every ${TYPING_EVERY_MS / 1000} seconds per connection (more are dropped, not queued) to the other listeners of that conversation, as \`conversation.typing\`; a receiving app shows it for a few seconds unless it is repeated. It is never answered. It is ignored before the first join is answered, while a later join is being answered, and on every other channel.

## What is replayed, and what is not
- **Replayed:** \`activity\`. A join of a camera id or a classroom with \`lastEventId\` sends what you missed there in the last ${replayHours} hours first, in order, then live messages. \`camera_closed\` with reason \`departed\` is made from the departure's activity event, so a join of \`${CAMERA_CHANNEL_PREFIX}<camera id>\` with \`lastEventId\` replays it too.
- **Not replayed:** \`notification\`, \`unread\`, \`conversation.message\`, \`conversation.read\`, \`conversation.typing\`, \`camera_opened\`, and \`camera_closed\` for \`paused\` or \`disabled\`. These are signals: sent to whoever listens at that moment and kept nowhere. A \`lastEventId\` on their channels is accepted and replays nothing. After a (re)join, reload over REST what they keep live: \`GET /api/notifications/unread-count\` (and \`GET /api/notifications\`), \`GET /api/conversations\` and \`GET /api/conversations/{id}/messages\`, or, for a camera, renew the viewing token.

## Error codes
${markdownTable(['code', 'sent when'], Object.entries(errorCodes))}

## Close codes
${markdownTable(
  ['code', 'meaning'],
  (Object.keys(closeCodes) as (keyof typeof closeCodes)[]).map((name) => [closeCodes[name], closeCodeMeanings[name]]),
)}

A frame that breaks the WebSocket protocol itself is closed with the standard 1002.`;

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Nestling live updates',
      version: '1.1.0',
      description,
      externalDocs: { description: 'The REST API (OpenAPI 3.1), interactive', url: `${publicOrigin}/api/docs` },
    },
    defaultContentType: 'application/json',
    servers: {
      nestling: {
        host: origin.host,
        protocol: origin.protocol === 'https:' ? 'wss' : 'ws',
        description: 'The Nestling app; /ws is on the same host as the web app and the REST API.',
        security: [ref('#/components/securitySchemes/bearerToken'), ref('#/components/securitySchemes/sessionCookie')],
      },
    },
    channels: {
      live: {
        address: REALTIME_PATH,
        title: 'Live updates',
        summary: 'One connection per listener; a join message chooses the channel: a classroom, notifications, a conversation or a camera.',
        description: `The WebSocket itself. The channels a client joins (${channelForms.length} forms, listed in the join message) are not separate addresses: every one is reached over this connection with a \`join\`, and each message here says which channel sends it.`,
        messages: {
          join: ref('#/components/messages/join'),
          typing: ref('#/components/messages/typing'),
          joined: ref('#/components/messages/joined'),
          error: ref('#/components/messages/error'),
          activity: ref('#/components/messages/activity'),
          notification: ref('#/components/messages/notification'),
          unread: ref('#/components/messages/unread'),
          conversationMessage: ref('#/components/messages/conversationMessage'),
          conversationRead: ref('#/components/messages/conversationRead'),
          conversationTyping: ref('#/components/messages/conversationTyping'),
          cameraClosed: ref('#/components/messages/cameraClosed'),
          cameraOpened: ref('#/components/messages/cameraOpened'),
        },
        bindings: {
          ws: {
            method: 'GET',
            headers: {
              type: 'object',
              properties: {
                Authorization: { type: 'string', pattern: '^Bearer nst_', description: 'A personal API token, for clients that send no Origin.' },
                Cookie: { type: 'string', description: `The ${SESSION_COOKIE} session cookie, for browsers; needs our Origin.` },
                Origin: { type: 'string', const: publicOrigin, description: 'Sent by browsers; when present it must be ours.' },
              },
            },
            bindingVersion: '0.1.0',
          },
        },
      },
    },
    operations: {
      join: {
        action: 'receive',
        channel,
        summary: 'Listen to a channel.',
        description: `Answered with \`joined\`, or with an \`error\`: \`BAD_REQUEST\` for a malformed channel or a prefix no feature owns (the connection stays open), \`FORBIDDEN\` and close ${closeCodes.notAllowed} for a channel that does not exist or that you may not join.`,
        messages: [ref('#/channels/live/messages/join')],
        reply: { channel, messages: [ref('#/channels/live/messages/joined'), ref('#/channels/live/messages/error')] },
      },
      typing: {
        action: 'receive',
        channel,
        summary: 'Say that the user is writing in the joined conversation.',
        description: `Passed on as \`conversation.typing\` to the other listeners of the joined \`${CONVERSATION_CHANNEL_PREFIX}<id>\`, at most once every ${TYPING_EVERY_MS / 1000} seconds per connection. Never answered; ignored before a join is answered and on every other channel.`,
        messages: [ref('#/channels/live/messages/typing')],
      },
      sendActivity: {
        action: 'send',
        channel,
        summary: 'An activity was logged in the classroom of the joined channel (a camera id or classroom:<id>).',
        description: "Sent to every listener of the classroom's channels who may see it: everyone for a classroom-wide activity, only the named children's families and staff otherwise.",
        messages: [ref('#/channels/live/messages/activity')],
      },
      sendNotification: {
        action: 'send',
        channel,
        summary: `A notification was made for you (on ${NOTIFICATIONS_CHANNEL}).`,
        description: 'Sent to your connections that joined notifications:me, with the new unread count. Not replayed: reload GET /api/notifications/unread-count after a (re)join.',
        messages: [ref('#/channels/live/messages/notification')],
      },
      sendUnread: {
        action: 'send',
        channel,
        summary: `Your unread count changed without a new notification (on ${NOTIFICATIONS_CHANNEL}).`,
        messages: [ref('#/channels/live/messages/unread')],
      },
      sendConversationMessage: {
        action: 'send',
        channel,
        summary: `A message was sent in a conversation (on ${CONVERSATION_CHANNEL_PREFIX}<id> and ${CONVERSATION_INBOX_CHANNEL}).`,
        description: 'Your own messages too, so your other tabs and devices see them. Not replayed: reload GET /api/conversations/{id}/messages after a (re)join.',
        messages: [ref('#/channels/live/messages/conversationMessage')],
      },
      sendConversationRead: {
        action: 'send',
        channel,
        summary: `Someone read up to a message (on ${CONVERSATION_CHANNEL_PREFIX}<id> and ${CONVERSATION_INBOX_CHANNEL}).`,
        messages: [ref('#/channels/live/messages/conversationRead')],
      },
      sendConversationTyping: {
        action: 'send',
        channel,
        summary: `Someone else is writing in the conversation (on ${CONVERSATION_CHANNEL_PREFIX}<id> only).`,
        description: 'Made from their `typing` messages; never sent to the writer\'s own connections.',
        messages: [ref('#/channels/live/messages/conversationTyping')],
      },
      sendCameraClosed: {
        action: 'send',
        channel,
        summary: `A camera's video is no longer available to you (on ${CAMERA_CHANNEL_PREFIX}<camera id>).`,
        description: `${closedReasonText} Replayed on a join with lastEventId only for \`departed\`.`,
        messages: [ref('#/channels/live/messages/cameraClosed')],
      },
      sendCameraOpened: {
        action: 'send',
        channel,
        summary: `Staff ended privacy mode or switched a camera on again (on ${CAMERA_CHANNEL_PREFIX}<camera id>).`,
        messages: [ref('#/channels/live/messages/cameraOpened')],
      },
      sendError: {
        action: 'send',
        channel,
        summary: 'Something went wrong; codes UNAUTHORIZED and FORBIDDEN are followed by a close.',
        messages: [ref('#/channels/live/messages/error')],
      },
    },
    components: {
      messages: {
        join: {
          name: 'join',
          title: 'Join a channel',
          summary: 'Sent by the client to start (or move) listening.',
          payload: withDescriptions(payloadOf(joinMessage, 'input'), {
            channel: `The channel to listen to, one of: ${channelForms.join('; ')}. Surrounding spaces are ignored.`,
            lastEventId: `The newest eventId this client has (from joined or an activity): what came after it within ${replayHours} hours is sent first, in order. Replays activities (and a departure's camera_closed on a camera channel); on the other channels it is accepted and replays nothing.`,
          }),
          examples: [
            { name: 'camera', payload: { type: 'join', channel: 'classroom-3b' } },
            { name: 'classroom', payload: { type: 'join', channel: `${CLASSROOM_CHANNEL_PREFIX}2` } },
            { name: 'rejoin', payload: { type: 'join', channel: 'classroom-3b', lastEventId: 4711 } },
            { name: 'notifications', payload: { type: 'join', channel: NOTIFICATIONS_CHANNEL } },
            { name: 'conversation', payload: { type: 'join', channel: `${CONVERSATION_CHANNEL_PREFIX}12` } },
            { name: 'inbox', payload: { type: 'join', channel: CONVERSATION_INBOX_CHANNEL } },
            { name: 'cameraAvailability', payload: { type: 'join', channel: `${CAMERA_CHANNEL_PREFIX}classroom-3b` } },
          ],
        },
        joined: {
          name: 'joined',
          title: 'Joined',
          summary: "The connection now listens to the channel; the channel's messages follow as they happen.",
          payload: withDescriptions(payloadOf(joinedMessage, 'output'), {
            channel: 'The channel as the join named it.',
            lastEventId: 'The newest event already published when the join took effect; later ones arrive live. Keep it for a rejoin.',
          }),
          examples: [
            { name: 'camera', payload: { type: 'joined', channel: 'classroom-3b', lastEventId: 4711 } },
            { name: 'notifications', payload: { type: 'joined', channel: NOTIFICATIONS_CHANNEL, lastEventId: 4711 } },
          ],
        },
        typing: {
          name: 'typing',
          title: 'Typing',
          summary: `Sent by the client while the user writes in the joined conversation; passed on at most once every ${TYPING_EVERY_MS / 1000} seconds per connection.`,
          description: `Only \`${CONVERSATION_CHANNEL_PREFIX}<id>\` uses it: the others there receive \`conversation.typing\`. Ignored before a join is answered and on every other channel; never answered.`,
          payload: payloadOf(typingMessage, 'input'),
          examples: [{ name: 'typing', payload: { type: 'typing' } }],
        },
        activity: {
          name: 'activity',
          title: 'Activity',
          summary: 'An activity was logged. `data` is exactly one item of GET /api/activities.',
          description: 'Sent on a camera id or `classroom:<id>`. Replayed on a join with lastEventId.',
          tags: [ref('#/components/tags/activity')],
          payload: activityPayload(),
          examples: [{ name: 'aboutOneChild', payload: { type: 'activity', data: exampleActivity, eventId: 4712 } }],
        },
        notification: {
          name: 'notification',
          title: 'Notification',
          summary: `A notification was made for you (on ${NOTIFICATIONS_CHANNEL}), with your new unread count.`,
          description: 'Only one shown in the app: its category is on in the app for you. A signal, not replayed.',
          tags: [ref('#/components/tags/notifications')],
          payload: notificationPayload(),
          examples: [{ name: 'activity', payload: { type: 'notification', notification: exampleNotification, unread: 3 } }],
        },
        unread: {
          name: 'unread',
          title: 'Unread count',
          summary: `Your unread count changed without a new notification (on ${NOTIFICATIONS_CHANNEL}).`,
          description: 'A notification was read here or on another device, or all were marked read. A signal, not replayed.',
          tags: [ref('#/components/tags/notifications')],
          payload: withDescriptions(payloadOf(unreadMessage, 'output'), { unread: 'Your notifications not yet read, as GET /api/notifications/unread-count answers.' }),
          examples: [{ name: 'allRead', payload: { type: 'unread', unread: 0 } }],
        },
        conversationMessage: {
          name: 'conversation.message',
          title: 'Conversation message',
          summary: `A message was sent in a conversation you follow (on ${CONVERSATION_CHANNEL_PREFIX}<id> and ${CONVERSATION_INBOX_CHANNEL}).`,
          description: 'Your own messages too, so your other tabs and devices see them. `message` is exactly one item of GET /api/conversations/{id}/messages. A signal, not replayed.',
          tags: [ref('#/components/tags/conversations')],
          payload: conversationMessagePayload(),
          examples: [{ name: 'fromStaff', payload: { type: 'conversation.message', message: exampleMessage } }],
        },
        conversationRead: {
          name: 'conversation.read',
          title: 'Read receipt',
          summary: `Someone on one side of a conversation read up to a message (on ${CONVERSATION_CHANNEL_PREFIX}<id> and ${CONVERSATION_INBOX_CHANNEL}).`,
          description: 'Show "Seen" on your messages up to it when the other side read them; when your side read them (here or elsewhere), clear your unread count. A signal, not replayed.',
          tags: [ref('#/components/tags/conversations')],
          payload: conversationReadPayload(),
          examples: [{ name: 'familyRead', payload: { type: 'conversation.read', receipt: { conversationId: 12, side: 'family', lastReadMessageId: 301 } } }],
        },
        conversationTyping: {
          name: 'conversation.typing',
          title: 'Typing in a conversation',
          summary: `Someone else is writing (on ${CONVERSATION_CHANNEL_PREFIX}<id> only).`,
          description: `Made from their \`typing\`, at most once every ${TYPING_EVERY_MS / 1000} seconds per connection; show it for a few seconds unless it is repeated. Never sent to the writer's own connections. A signal, not replayed.`,
          tags: [ref('#/components/tags/conversations')],
          payload: withDescriptions(payloadOf(conversationTypingEvent, 'output'), {
            conversationId: 'The conversation being written in.',
            side: 'The side of the writer: family or staff.',
            name: "The writer's name.",
          }),
          examples: [{ name: 'parentWriting', payload: { type: 'conversation.typing', conversationId: 12, side: 'family', name: 'Sarah Thompson' } }],
        },
        cameraClosed: {
          name: 'camera_closed',
          title: 'Camera closed',
          summary: `A camera's video is no longer available to you (on ${CAMERA_CHANNEL_PREFIX}<camera id>).`,
          description: `${closedReasonText} The player stops and renews its viewing token to learn whether it may go on. Only \`departed\` is replayed on a join with lastEventId (it comes from the departure's activity event); the others are signals.`,
          tags: [ref('#/components/tags/cameras')],
          payload: withDescriptions(payloadOf(cameraClosedMessage, 'output'), {
            cameraId: 'The camera closed; a camera of the same classroom may be another than the one joined. Absent for a departure: every camera of the room.',
            reason: `Why. The list is shared with the REST refusals; over ${REALTIME_PATH} it is ${Object.keys(closedReasons).join(', ')}.`,
            childIds: 'For a departure: the children of yours who went home.',
          }),
          examples: [
            { name: 'departed', payload: { type: 'camera_closed', reason: 'departed', childIds: [1] } },
            { name: 'paused', payload: { type: 'camera_closed', cameraId: 'classroom-3b', reason: 'paused' } },
            { name: 'disabled', payload: { type: 'camera_closed', cameraId: 'classroom-3b', reason: 'disabled' } },
          ],
        },
        cameraOpened: {
          name: 'camera_opened',
          title: 'Camera opened',
          summary: `Staff ended privacy mode or switched a camera on again (on ${CAMERA_CHANNEL_PREFIX}<camera id>).`,
          description: 'Renew the viewing token (or start a viewing session) to play again. A signal, not replayed.',
          tags: [ref('#/components/tags/cameras')],
          payload: withDescriptions(payloadOf(cameraOpenedMessage, 'output'), { cameraId: 'The camera available again; may be another camera of the same classroom than the one joined.' }),
          examples: [{ name: 'resumed', payload: { type: 'camera_opened', cameraId: 'classroom-3b' } }],
        },
        error: {
          name: 'error',
          title: 'Error',
          summary: 'A problem with the connection or the last join.',
          payload: withDescriptions(payloadOf(errorMessage, 'output'), {
            code: Object.entries(errorCodes)
              .map(([code, text]) => `${code}: ${text}`)
              .join(' '),
            message: 'Written for the person who sees it; show it as it is. Not for matching: use `code`.',
          }),
          examples: [
            { name: 'notAllowed', payload: { type: 'error', code: 'FORBIDDEN', message: "You cannot watch camera 'classroom-9z'." } },
            { name: 'notSignedIn', payload: { type: 'error', code: 'UNAUTHORIZED', message: 'Please sign in to see live activity.' } },
          ],
        },
      },
      tags: {
        activity: { name: 'activity', description: 'Sent on a camera id or classroom:<id>: live activity, replayed on a rejoin.' },
        notifications: { name: 'notifications', description: `Sent on ${NOTIFICATIONS_CHANNEL}; signals, not replayed.` },
        conversations: { name: 'conversations', description: `Sent on ${CONVERSATION_CHANNEL_PREFIX}<id> and ${CONVERSATION_INBOX_CHANNEL}; signals, not replayed.` },
        cameras: { name: 'cameras', description: `Sent on ${CAMERA_CHANNEL_PREFIX}<camera id>.` },
      },
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal API token (nst_…), created with POST /api/tokens. Send no Origin header with it.',
        },
        sessionCookie: {
          type: 'httpApiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The session cookie from POST /api/auth/sign-in, for browsers; the handshake's Origin must be ${publicOrigin}.`,
        },
      },
    },
  };
}
