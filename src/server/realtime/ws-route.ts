import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { MAX_CLIENT_MESSAGE_BYTES, REALTIME_PATH, closeCodes, decodeClientMessage, type ServerMessage } from '../../shared/realtime';
import type { EventBus, RealtimeEvent } from './event-bus';
import { OPEN, TopicHub, type HubSocket } from './topic-hub';

const encode = (message: ServerMessage) => Buffer.from(JSON.stringify(message));

/** How often open connections are checked against sign-outs, revoked tokens and lost access. */
export const REAUTHORIZE_EVERY_MS = 60_000;
/** Open connections allowed per user and per client address; more are closed with 1008. */
export const SOCKET_LIMITS = { perUser: 10, perAddress: 50 } as const;
/** Ignored frames are logged at most this often per connection. */
const IGNORED_FRAME_LOG_EVERY_MS = 60_000;

/** Who opened a connection, as the feature that signs people in vouches for it. */
export interface SocketIdentity<TUser> {
  user: TUser;
  /** Counts connections against the per-user limit. */
  userKey: string;
  /** Checked again later, to learn whether the sign-in still works. */
  credential: string;
}

/** Auth's side of the seam: realtime knows nothing of sessions, tokens or cookies. */
export interface SocketAuthenticator<TUser> {
  /**
   * Runs before the upgrade. Throws an AppError to refuse the handshake (a foreign Origin, say);
   * resolves who is connecting, or undefined when nobody is signed in.
   */
  authenticateSocket(request: FastifyRequest): SocketIdentity<TUser> | undefined;
  /** Which of these credentials still work. */
  liveCredentials(credentials: string[]): Promise<Set<string>>;
  /** Told when a sign-in stops working on this instance; returns an unsubscribe. */
  onCredentialEnded(listener: () => void): () => void;
}

/** What one event sends, and to which listeners of its topic. */
export interface Delivery<TUser> {
  message: ServerMessage;
  /** Leaves out listeners who may follow the topic but not see this event; everyone when absent. */
  audience?: (user: TUser) => boolean;
}

/**
 * A feature's side of the seam: it owns the channels `<prefix>:…` (and bare channel names when
 * the prefix is the protocol's default) and decides who may listen and what they receive.
 */
export interface TopicOwner<TUser> {
  readonly prefix: string;
  /** The topic a join of `channel` listens to, or undefined when this user may not listen (or it doesn't exist). */
  topicFor(user: TUser, channel: string): Promise<string | undefined>;
  /** The message telling a user they may not (or may no longer) listen to `channel`. */
  refusal(channel: string, options: { wasListening: boolean }): string;
  /** What an event on one of this owner's topics sends; undefined sends nothing. */
  deliveryOf(event: RealtimeEvent, local: unknown): Promise<Delivery<TUser> | undefined>;
}

/** The prefix of a channel or topic: what comes before the first colon. */
const prefixOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : undefined);

/**
 * /ws: authenticated connections, joins authorized by the feature that owns the channel, and
 * delivery of every bus event to the listeners of its topic. Register after the auth hooks.
 */
export async function registerRealtime<TUser>(
  app: FastifyInstance,
  deps: {
    authenticator: SocketAuthenticator<TUser>;
    owners: TopicOwner<TUser>[];
    /** The owner of channels named without a prefix. */
    defaultPrefix: string;
    bus: EventBus;
    reauthorizeEveryMs?: number;
  },
) {
  const { authenticator, bus } = deps;
  const owners = new Map(deps.owners.map((owner) => [owner.prefix, owner]));
  const ownerOf = (name: string) => owners.get(prefixOf(name) ?? deps.defaultPrefix);

  type Owner = SocketIdentity<TUser> & { address: string };
  const hub = new TopicHub<Owner>(app.log);
  hub.start();
  const connections = { perUser: new Map<string, number>(), perAddress: new Map<string, number>() };
  const identities = new WeakMap<FastifyRequest, SocketIdentity<TUser> | undefined>();

  // Periodically for what other instances or the clock change (sessions expire), and at once
  // after a sign-out or revocation on this instance.
  const reauthorizing = setInterval(() => void reauthorize(), deps.reauthorizeEveryMs ?? REAUTHORIZE_EVERY_MS);
  reauthorizing.unref();
  const stopListening = authenticator.onCredentialEnded(() => void reauthorize());
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

  // One event at a time, so listeners receive them in the order they were published.
  let deliveries = Promise.resolve();
  const unsubscribe = bus.subscribe((event, local) => {
    if (!hub.hasListeners(event.topic)) return;
    const owner = ownerOf(event.topic);
    if (!owner) return app.log.warn({ topic: event.topic }, 'a realtime event has no topic owner');
    deliveries = deliveries
      .then(async () => {
        const delivery = await owner.deliveryOf(event, local);
        if (!delivery) return;
        const audience = delivery.audience;
        // Serialized once, however many listeners receive it.
        hub.broadcast(event.topic, encode(delivery.message), audience && ((member) => audience(member.user)));
      })
      .catch((error: unknown) => app.log.error({ err: error, event }, 'realtime delivery failed'));
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      onRequest: async (request) => void identities.set(request, authenticator.authenticateSocket(request)),
      // A connection lives for hours. Once it is upgraded, nothing of the HTTP request may stay
      // reachable from the socket: that would be several kB per idle connection.
      preHandler: async (request, reply) => {
        if (request.ws) reply.raw.detachSocket(request.raw.socket);
      },
    },
    (socket, request) => {
      const identity = identities.get(request);
      handleConnection(socket, identity && { ...identity, address: request.ip });
    },
  );

  /**
   * A connection outlives the sign-in that opened it. Closes connections whose sign-in has
   * ended (4401), and those that may no longer listen to their channel (4403). One query for
   * all credentials, one check per user and channel.
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
    const live = await authenticator.liveCredentials(members.map((member) => member.owner.credential));
    const topics = new Map<string, Promise<string | undefined>>();
    for (const member of members) {
      if (!hub.has(member)) continue;
      const { socket, owner, channel, topic } = member;
      if (!live.has(owner.credential)) {
        send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'You have been signed out. Sign in again to see live activity.' });
        socket.close(closeCodes.notSignedIn, 'Signed out');
        continue;
      }
      const topicOwner = channel === undefined ? undefined : ownerOf(channel);
      if (channel === undefined || !topicOwner) continue;
      const key = `${owner.userKey}\n${channel}`;
      if (!topics.has(key)) topics.set(key, topicOwner.topicFor(owner.user, channel));
      if ((await topics.get(key)) !== topic && hub.has(member) && member.channel === channel) {
        send(socket, { type: 'error', code: 'FORBIDDEN', message: topicOwner.refusal(channel, { wasListening: true }) });
        socket.close(closeCodes.notAllowed, 'Not allowed');
      }
    }
  }

  /** Counts a new connection against its user's and address's limits; false when over either. */
  function admit(owner: Owner, socket: WebSocket): boolean {
    const perUser = (connections.perUser.get(owner.userKey) ?? 0) + 1;
    const perAddress = (connections.perAddress.get(owner.address) ?? 0) + 1;
    if (perUser > SOCKET_LIMITS.perUser || perAddress > SOCKET_LIMITS.perAddress) return false;
    connections.perUser.set(owner.userKey, perUser);
    connections.perAddress.set(owner.address, perAddress);
    socket.once('close', () => {
      release(connections.perUser, owner.userKey);
      release(connections.perAddress, owner.address);
    });
    return true;
  }

  function handleConnection(socket: WebSocket, owner: Owner | undefined) {
    // The plugin's own error listener holds the request and reply; this one holds nothing.
    socket.removeAllListeners('error');
    let lastIgnoredLog = 0;
    const logIgnored = (details: Record<string, unknown>, message: string) => {
      const now = Date.now();
      if (now - lastIgnoredLog < IGNORED_FRAME_LOG_EVERY_MS) return;
      lastIgnoredLog = now;
      app.log.info({ ...details, userKey: owner?.userKey }, message);
    };
    // ws is already closing the socket (1009 for an oversized message, 1002 for a bad frame).
    socket.on('error', (error) => logIgnored({ err: error }, 'WebSocket error'));
    if (!owner) {
      send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'Please sign in to see live activity.' });
      socket.close(closeCodes.notSignedIn, 'Not signed in');
      return;
    }
    if (!admit(owner, socket)) {
      send(socket, { type: 'error', code: 'BAD_REQUEST', message: 'Too many open connections; close other tabs or connections and try again.' });
      socket.close(closeCodes.policyViolation, 'Too many connections');
      return;
    }
    const member = hub.add(socket, owner);
    // One join at a time per connection. Joins sent meanwhile replace each other and the one in
    // flight: only the newest is answered, and a client cannot queue up queries.
    let joining = false;
    let nextChannel: string | undefined;

    const join = (channel: string): void => {
      const topicOwner = ownerOf(channel);
      if (!topicOwner) {
        send(socket, { type: 'error', code: 'BAD_REQUEST', message: `There is no channel '${channel}'.` });
        return;
      }
      joining = true;
      topicOwner.topicFor(owner.user, channel).then(
        (topic) => {
          joining = false;
          if (!hub.has(member)) return;
          if (nextChannel !== undefined) {
            const next = nextChannel;
            nextChannel = undefined;
            return join(next);
          }
          if (topic === undefined) {
            // Another family's channel and a channel that does not exist read the same.
            send(socket, { type: 'error', code: 'FORBIDDEN', message: topicOwner.refusal(channel, { wasListening: false }) });
            socket.close(closeCodes.notAllowed, 'Not allowed');
            return;
          }
          hub.join(member, channel, topic);
          send(socket, { type: 'joined', channel });
        },
        (error: unknown) => {
          app.log.error({ err: error, userKey: owner.userKey, channel }, 'a WebSocket join failed');
          socket.terminate();
        },
      );
    };

    socket.on('message', (data, isBinary) => {
      const decoded = decodeClientMessage(isBinary ? '' : String(data));
      if (!decoded.ok) {
        if (decoded.reason === 'invalid-message') send(socket, { type: 'error', code: 'BAD_REQUEST', message: decoded.detail });
        else logIgnored({ reason: decoded.reason, detail: decoded.detail }, 'ignored a WebSocket message');
        return;
      }
      if (joining) nextChannel = decoded.message.channel;
      else join(decoded.message.channel);
    });
  }
}

function release(counts: Map<string, number>, key: string) {
  const left = (counts.get(key) ?? 1) - 1;
  if (left === 0) counts.delete(key);
  else counts.set(key, left);
}

function send(socket: HubSocket, message: ServerMessage) {
  if (socket.readyState === OPEN) socket.send(encode(message), { binary: false });
}

