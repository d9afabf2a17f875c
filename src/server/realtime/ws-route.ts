import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  REALTIME_PATH,
  closeCodes,
  decodeClientMessage,
  type ServerMessage,
} from '../../shared/realtime';
import type { ActivityDto } from '../../shared/schemas/monitoring';
import type { Config } from '../config';
import { httpStatusOf } from '../errors';
import { credentialOf } from '../features/auth/auth.hooks';
import type { AuthService, AuthenticatedUser, Credential } from '../features/auth/auth.service';
import type { MonitoringService } from '../features/monitoring/monitoring.service';
import type { ActivityBus, ActivityEvent } from './activity-bus';
import { ChannelHub, OPEN, type HubSocket } from './channel-hub';

const encode = (message: ServerMessage) => Buffer.from(JSON.stringify(message));

/** How often open connections are checked against sign-outs, revoked tokens and lost access. */
export const REAUTHORIZE_EVERY_MS = 60_000;

/** Who opened a connection, kept so that it can be checked again later. */
interface Owner {
  user: AuthenticatedUser;
  credential: Credential;
}

/**
 * /ws: authorized joins to camera channels, and delivery of every committed activity to the
 * members of its classroom's channels. Register after the auth hooks, which resolve
 * request.auth for /ws from the session cookie or a bearer token.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { config: Config; auth: AuthService; monitoring: MonitoringService; bus: ActivityBus; reauthorizeEveryMs?: number },
) {
  const { config, auth, monitoring, bus } = deps;
  const hub = new ChannelHub<Owner>(app.log);
  hub.start();
  // Periodically for what other instances or the clock change (sessions expire), and at once
  // after a sign-out or revocation on this instance.
  const reauthorizing = setInterval(() => void reauthorize(), deps.reauthorizeEveryMs ?? REAUTHORIZE_EVERY_MS);
  reauthorizing.unref();
  const stopListening = auth.onCredentialEnded(() => void reauthorize());
  let reauthorization: Promise<void> | undefined;
  let checkAgain = false;

  // Added before the plugin's own preClose hook, so clients hear 1001 rather than a bare close.
  // Deliveries drain here, while the database is certainly still open.
  app.addHook('preClose', async () => {
    clearInterval(reauthorizing);
    stopListening();
    await reauthorization;
    hub.closeAll(closeCodes.goingAway, 'The server is restarting; reconnect shortly.');
    unsubscribe();
    await deliveries;
  });

  await app.register(websocket, {
    // The hub tracks connections itself; ws's own client set would be a second copy.
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, clientTracking: false, perMessageDeflate: false },
    // Reached only by an exception thrown while a connection is being set up.
    errorHandler(error, socket, request) {
      request.log.error({ err: error }, 'WebSocket connection setup failed');
      socket.terminate();
    },
  });

  // One activity at a time, so members receive them in the order they were published.
  let deliveries = Promise.resolve();
  const unsubscribe = bus.subscribe((event, activity) => {
    if (!hub.hasListeners(event.classroomId)) return;
    deliveries = deliveries
      .then(() => deliver(event, activity))
      .catch((error: unknown) => app.log.error({ err: error, event }, 'activity delivery failed'));
  });
  async function deliver(event: ActivityEvent, published: ActivityDto | undefined) {
    // From another instance only ids arrive; the classroom is then taken from the saved row,
    // not from the notification.
    const found = published
      ? { classroomId: event.classroomId, activity: published }
      : await monitoring.activityForDelivery(event.activityId);
    // Serialized once, however many members receive it.
    if (found) hub.broadcast(found.classroomId, encode({ type: 'activity', data: found.activity }));
  }

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      onRequest: async (request, reply) => refuseForeignOrigin(request, reply, config),
      // A connection lives for hours. Once it is upgraded, nothing of the HTTP request may stay
      // reachable from the socket: that would be several kB per idle connection.
      preHandler: async (request, reply) => {
        if (request.ws) reply.raw.detachSocket(request.raw.socket);
      },
    },
    (socket, request) => {
      const credential = credentialOf(request);
      handleConnection(socket, request.auth && credential && { user: request.auth.user, credential });
    },
  );

  /**
   * A connection outlives the sign-in that opened it. Closes connections whose session has
   * ended or whose token was revoked (4401), and those whose family no longer has a child in
   * the classroom (4403). One query for all credentials, one lookup per user and channel.
   */
  function reauthorize(): Promise<void> {
    // One check at a time; a request during a check runs one more after it, since the check in
    // flight may have read the credentials before the change that prompted the request.
    if (reauthorization) {
      checkAgain = true;
      return reauthorization;
    }
    reauthorization = checkConnections()
      .catch((error: unknown) => app.log.error({ err: error }, 'checking open WebSocket connections failed'))
      .finally(() => {
        reauthorization = undefined;
        if (checkAgain) {
          checkAgain = false;
          void reauthorize();
        }
      });
    return reauthorization;
  }
  async function checkConnections() {
    const members = hub.snapshot();
    if (members.length === 0) return;
    const live = await auth.liveCredentials(members.map((member) => member.owner.credential));
    const allowed = new Map<string, Promise<boolean>>();
    for (const member of members) {
      if (!hub.has(member)) continue;
      const { socket, owner, channel } = member;
      if (!live.has(owner.credential.hash)) {
        send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'You have been signed out. Sign in again to see live activity.' });
        socket.close(closeCodes.notSignedIn, 'Signed out');
        continue;
      }
      if (channel === undefined) continue;
      const key = `${owner.user.id}:${channel}`;
      if (!allowed.has(key)) allowed.set(key, monitoring.findVisibleCamera(owner.user, channel).then(Boolean));
      if (!(await allowed.get(key)) && hub.has(member) && member.channel === channel) {
        send(socket, { type: 'error', code: 'FORBIDDEN', message: `You can no longer watch camera '${channel}'.` });
        socket.close(closeCodes.notAllowed, 'Not allowed');
      }
    }
  }

  function onSocketError(this: WebSocket, error: Error) {
    // ws is already closing the socket (1009 for an oversized message, 1002 for a bad frame).
    app.log.info({ err: error }, 'WebSocket error');
  }

  function handleConnection(socket: WebSocket, owner: Owner | undefined) {
    // The plugin's own error listener holds the request and reply; this one holds nothing.
    socket.removeAllListeners('error');
    socket.on('error', onSocketError);
    if (!owner) {
      send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'Please sign in to see live activity.' });
      socket.close(closeCodes.notSignedIn, 'Not signed in');
      return;
    }
    const { user } = owner;
    const member = hub.add(socket, owner);
    // One camera lookup at a time per connection. Joins sent meanwhile replace each other and
    // the one in flight: only the newest is answered, and a client cannot queue up queries.
    let joining = false;
    let nextChannel: string | undefined;

    const join = (channel: string): void => {
      joining = true;
      monitoring.findVisibleCamera(user, channel).then(
        (camera) => {
          joining = false;
          if (!hub.has(member)) return;
          if (nextChannel !== undefined) {
            const next = nextChannel;
            nextChannel = undefined;
            return join(next);
          }
          if (!camera) {
            // Another family's camera and a camera that does not exist read the same.
            send(socket, { type: 'error', code: 'FORBIDDEN', message: `You cannot watch camera '${channel}'.` });
            socket.close(closeCodes.notAllowed, 'Not allowed');
            return;
          }
          hub.join(member, channel, camera.classroom_id);
          send(socket, { type: 'joined', channel });
        },
        (error: unknown) => {
          app.log.error({ err: error, userId: user.id, channel }, 'a WebSocket join failed');
          socket.terminate();
        },
      );
    };

    socket.on('message', (data, isBinary) => {
      const decoded = decodeClientMessage(isBinary ? '' : String(data));
      if (!decoded.ok) {
        if (decoded.reason === 'invalid-message') {
          send(socket, { type: 'error', code: 'BAD_REQUEST', message: decoded.detail });
        } else {
          app.log.info({ userId: user.id, reason: decoded.reason, detail: decoded.detail }, 'ignored a WebSocket message');
        }
        return;
      }
      if (joining) nextChannel = decoded.message.channel;
      else join(decoded.message.channel);
    });
  }
}

function send(socket: HubSocket, message: ServerMessage) {
  if (socket.readyState === OPEN) socket.send(encode(message), { binary: false });
}

/**
 * Cross-site WebSocket hijacking guard: browsers send the page's Origin with every handshake,
 * and a session cookie is honoured only with ours. Integrators' tools, which send no Origin,
 * authenticate with a bearer token.
 */
function refuseForeignOrigin(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const origin = request.headers.origin;
  if (origin === config.publicOrigin || (origin === undefined && request.auth?.method !== 'session')) return;
  return reply
    .code(httpStatusOf('FORBIDDEN'))
    .send({ message: 'This connection came from another website, so it was refused.', code: 'FORBIDDEN' });
}
