import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  REALTIME_PATH,
  REPLAY_WINDOW_MS,
  activityMessage,
  closeCodes,
  errorMessage,
  joinMessage,
  joinedMessage,
  type realtimeErrorCodes,
} from '../../shared/realtime';
import { CLASSROOM_CHANNEL_PREFIX, type activityOutput } from '../../shared/schemas/monitoring';
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

const errorCodes: Record<ErrorCode, string> = {
  UNAUTHORIZED: `Nobody is signed in, or the sign-in has ended (signed out, session expired, token revoked). Always followed by close ${closeCodes.notSignedIn}.`,
  FORBIDDEN: `The channel does not exist, or you may not watch it (or no longer may). The two are not told apart. Always followed by close ${closeCodes.notAllowed}.`,
  BAD_REQUEST: `A join with a malformed channel (the connection stays open; send a corrected join), or too many open connections (followed by close ${closeCodes.policyViolation}).`,
};

const closeCodeMeanings: Record<keyof typeof closeCodes, string> = {
  goingAway: 'The server is shutting down or restarting. Reconnect after a short, randomized delay and join again.',
  policyViolation: `Too many open connections: at most ${SOCKET_LIMITS.perUser} per user and ${SOCKET_LIMITS.perAddress} per client address. Close another connection first.`,
  messageTooBig: `A message from the client was over ${MAX_CLIENT_MESSAGE_BYTES / 1024} kB (${MAX_CLIENT_MESSAGE_BYTES} bytes). A bug in the client: do not resend it.`,
  notSignedIn: 'Not signed in, or the sign-in has ended. Sign in again (or use a live token) before reconnecting.',
  notAllowed: 'The channel does not exist or may not (or may no longer) be watched by you. Do not rejoin it.',
};

function activityPayload() {
  const payload = payloadOf(activityMessage, 'output');
  withDescriptions(payload.properties.data as ObjectSchema, activityFields);
  return withDescriptions(payload, {
    data: 'The activity, exactly as GET /api/activities lists it.',
    eventId: 'Its outbox event, as GET /api/events lists it. Keep the newest for a rejoin: join with lastEventId to be sent what you missed.',
  });
}

const markdownTable = (head: [string, string], rows: [string | number, string][]) =>
  [`| ${head[0]} | ${head[1]} |`, '| --- | --- |', ...rows.map(([key, text]) => `| ${key} | ${text} |`)].join('\n');

const reauthorizeSeconds = REAUTHORIZE_EVERY_MS / 1000;

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

  const description = `Live activity from the classrooms, over one WebSocket at \`${REALTIME_PATH}\`. This document describes the Nestling server: it receives \`join\` and sends \`joined\`, \`activity\` and \`error\`. Every message is one JSON text frame.

## Signing in
Credentials go with the WebSocket handshake (the HTTP upgrade request):
- **Integrators** (servers, scripts, apps): send \`Authorization: Bearer nst_…\`, a personal API token (create one with \`POST /api/tokens\` from a signed-in session), and **no** \`Origin\` header.
- **Browsers**: the \`${SESSION_COOKIE}\` session cookie from \`POST /api/auth/sign-in\`. The handshake's \`Origin\` must be this app's own, ${publicOrigin}.

A handshake with an \`Origin\` other than ours, or a session cookie without an \`Origin\`, is refused with HTTP 403 before the connection opens. A handshake with no credentials, or with ones that do not work (an expired session, an unknown or revoked token), opens, then receives an \`error\` (\`UNAUTHORIZED\`) and is closed with ${closeCodes.notSignedIn}.

A connection outlives the sign-in that opened it, so the server checks open connections again every ${reauthorizeSeconds} seconds, and at once after a sign-out or a token revocation. A connection whose sign-in has ended is closed with ${closeCodes.notSignedIn}; one whose user may no longer watch its channel (a child moved classroom, say) with ${closeCodes.notAllowed}. Each time an \`error\` message comes first.

At most ${SOCKET_LIMITS.perUser} connections may be open per user and ${SOCKET_LIMITS.perAddress} per client address. One more receives an \`error\` (\`BAD_REQUEST\`) and is closed with ${closeCodes.policyViolation}.

## Joining a channel
Once open, send \`{"type": "join", "channel": "classroom-3b"}\`. A channel is a camera id (\`GET /api/cameras\` lists yours) or a whole classroom as \`${CLASSROOM_CHANNEL_PREFIX}<id>\`, such as \`${CLASSROOM_CHANNEL_PREFIX}2\`. The server answers \`joined\`, or an \`error\` (\`FORBIDDEN\`) and close ${closeCodes.notAllowed} when the channel does not exist or you may not watch it. A join with a malformed channel is answered with an \`error\` (\`BAD_REQUEST\`) and the connection stays open.

- A connection listens to one channel at a time; a later join moves it.
- Joins sent before the previous one is answered replace it: only the newest is answered.
- \`joined\` carries \`lastEventId\`, the newest event already published; every activity after it arrives live, each with its \`eventId\`.
- **Catching up after a disconnect:** join with the newest id you have (\`{"type": "join", "channel": "classroom-3b", "lastEventId": 4711}\`). What you missed on that channel in the last ${REPLAY_WINDOW_MS / 3_600_000} hours is sent first, in order, then live activity, with nothing twice. For anything older, read \`GET /api/activities?channel=…\`; \`GET /api/events?after=…\` pages through every event you may see.
- A \`?channel=\` in the URL is not read; only the join message decides the channel.
- Frames that are not JSON, binary frames and messages of an unknown \`type\` are ignored, so a client may send messages a later version understands.
- A message over ${MAX_CLIENT_MESSAGE_BYTES / 1024} kB (${MAX_CLIENT_MESSAGE_BYTES} bytes) closes the connection with ${closeCodes.messageTooBig}.

## Who may watch, and who receives what
- A parent may watch the cameras and the classrooms their children are in; a staff member every classroom of their nursery.
- The cameras of one classroom share one activity log. An activity logged for a classroom, or from any of its cameras, reaches the listeners of every channel of that classroom.
- An activity about particular children (\`childIds\` not empty) reaches only those children's families and the nursery's staff. Another family listening in the same room does not receive it. A classroom-wide activity (\`childIds\` empty) reaches every listener.
- Activities arrive in the order they were saved. \`data\` is exactly one item of \`GET /api/activities\`.

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
      title: 'Nestling live activity',
      version: '1.0.0',
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
        title: 'Live activity',
        summary: 'One connection per listener; a join message chooses the classroom channel.',
        messages: {
          join: ref('#/components/messages/join'),
          joined: ref('#/components/messages/joined'),
          activity: ref('#/components/messages/activity'),
          error: ref('#/components/messages/error'),
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
        description: `Answered with \`joined\`, or with an \`error\`: \`BAD_REQUEST\` for a malformed channel (the connection stays open), \`FORBIDDEN\` and close ${closeCodes.notAllowed} for a channel that does not exist or that you may not watch.`,
        messages: [ref('#/channels/live/messages/join')],
        reply: { channel, messages: [ref('#/channels/live/messages/joined'), ref('#/channels/live/messages/error')] },
      },
      sendActivity: {
        action: 'send',
        channel,
        summary: 'An activity was logged in the classroom of the joined channel.',
        description: "Sent to every listener of the classroom's channels who may see it: everyone for a classroom-wide activity, only the named children's families and staff otherwise.",
        messages: [ref('#/channels/live/messages/activity')],
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
            channel: `A camera id such as classroom-3b, or a whole classroom as ${CLASSROOM_CHANNEL_PREFIX}<id>. Surrounding spaces are ignored.`,
            lastEventId: `The newest eventId this client has (from joined or an activity): what came after it within ${REPLAY_WINDOW_MS / 3_600_000} hours is sent first, in order.`,
          }),
          examples: [
            { name: 'camera', payload: { type: 'join', channel: 'classroom-3b' } },
            { name: 'classroom', payload: { type: 'join', channel: `${CLASSROOM_CHANNEL_PREFIX}2` } },
            { name: 'rejoin', payload: { type: 'join', channel: 'classroom-3b', lastEventId: 4711 } },
          ],
        },
        joined: {
          name: 'joined',
          title: 'Joined',
          summary: 'The connection now listens to the channel; activities follow as they are logged.',
          payload: withDescriptions(payloadOf(joinedMessage, 'output'), {
            channel: 'The channel as the join named it.',
            lastEventId: 'The newest event already published when the join took effect; later ones arrive live. Keep it for a rejoin.',
          }),
          examples: [{ name: 'camera', payload: { type: 'joined', channel: 'classroom-3b', lastEventId: 4711 } }],
        },
        activity: {
          name: 'activity',
          title: 'Activity',
          summary: 'An activity was logged. `data` is exactly one item of GET /api/activities.',
          payload: activityPayload(),
          examples: [{ name: 'aboutOneChild', payload: { type: 'activity', data: exampleActivity, eventId: 4712 } }],
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
