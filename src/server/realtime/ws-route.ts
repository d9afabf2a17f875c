import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { MAX_CLIENT_MESSAGE_BYTES, REALTIME_PATH, REPLAY_WINDOW_MS, TYPING_EVERY_MS, closeCodes, decodeClientMessage, type ServerMessage } from '../../shared/realtime';
import type { Db } from '../db/database';
import { readEvents, type EventAudience, type StoredEvent } from '../db/event-log';
import type { EventBus, RealtimeEvent } from './event-bus';
import { coalesced } from '../lib/coalesced';
import { startOutboxRelay } from './outbox-relay';
import { OPEN, TopicHub, type HubSocket, type Member } from './topic-hub';

const encode = (message: ServerMessage) => Buffer.from(JSON.stringify(message));

/** How often open connections are checked against sign-outs, revoked tokens and lost access. */
export const REAUTHORIZE_EVERY_MS = 60_000;
/** Open connections allowed per user and per client address; more are closed with 1008. */
export const SOCKET_LIMITS = { perUser: 10, perAddress: 50 } as const;
/** Ignored frames are logged at most this often per connection. */
const IGNORED_FRAME_LOG_EVERY_MS = 60_000;
/** Events read per query while replaying to a rejoining connection. */
const REPLAY_PAGE = 200;

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
  /**
   * The topic a committed outbox event is published on, and what it sends; undefined when it is
   * not this owner's. Synchronous: everything needed is in the event.
   */
  deliveryOfEvent(event: StoredEvent): { topic: string; delivery: Delivery<TUser> } | undefined;
  /**
   * What a signal on one of this owner's topics (`<prefix>:…`, published with the bus) sends, and
   * to whom; undefined to send nothing. Signals are not replayed: a rejoining client reloads.
   */
  deliveryOfSignal?(signal: RealtimeEvent): Delivery<TUser> | undefined;
  /** A listener of `topic` says it is typing (at most once per TYPING_EVERY_MS per connection). */
  onTyping?(user: TUser, topic: string): void;
}

/** The prefix of a channel or topic: what comes before the first colon. */
const prefixOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : undefined);

/**
 * /ws: authenticated connections, joins authorized by the feature that owns the channel, and
 * delivery of every committed outbox event to the listeners of its topic, read by this
 * instance's relay. A join with `lastEventId` first replays what the connection missed.
 * Register after the auth hooks.
 */
export async function registerRealtime<TUser>(
  app: FastifyInstance,
  deps: {
    authenticator: SocketAuthenticator<TUser>;
    owners: TopicOwner<TUser>[];
    /** The owner of channels named without a prefix. */
    defaultPrefix: string;
    db: Db;
    bus: Pick<EventBus, 'onOutboxCommit' | 'subscribe'>;
    /** Whose outbox events a user may be replayed. */
    audienceOf: (user: TUser) => EventAudience;
    reauthorizeEveryMs?: number;
    socketLimits?: { perUser: number; perAddress: number };
    now?: () => Date;
  },
) {
  const { authenticator } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = deps.socketLimits ?? SOCKET_LIMITS;
  const owners = new Map(deps.owners.map((owner) => [owner.prefix, owner]));
  const ownerOf = (name: string) => owners.get(prefixOf(name) ?? deps.defaultPrefix);

  type Owner = SocketIdentity<TUser> & { address: string };
  const hub = new TopicHub<Owner>(app.log);
  hub.start();
  const connections = { perUser: new Map<string, number>(), perAddress: new Map<string, number>() };
  const identities = new WeakMap<FastifyRequest, SocketIdentity<TUser> | undefined>();

  // Periodically for what other instances or the clock change (sessions expire), and at once
  // after a sign-out or revocation on this instance.
  const reauthorize = coalesced(checkConnections, (error) => app.log.error({ err: error }, 'checking open WebSocket connections failed'));
  const reauthorizing = setInterval(() => void reauthorize(), deps.reauthorizeEveryMs ?? REAUTHORIZE_EVERY_MS);
  reauthorizing.unref();
  const stopListening = authenticator.onCredentialEnded(() => void reauthorize());

  // In id order, each event synchronously: see OutboxRelay for why replay relies on that.
  const relay = await startOutboxRelay({
    db: deps.db,
    bus: deps.bus,
    log: app.log,
    deliver(event) {
      for (const found of framesOf(event)) if (hub.hasListeners(found.topic)) hub.broadcast(found.topic, found.frame, found.accepts);
    },
  });

  // Signals go to their owner's listeners as they come; nothing is kept for later.
  const stopSignals = deps.bus.subscribe((signal) => {
    const delivery = ownerOf(signal.topic)?.deliveryOfSignal?.(signal);
    if (!delivery || !hub.hasListeners(signal.topic)) return;
    const { audience } = delivery;
    hub.broadcast(signal.topic, encode(delivery.message), audience && ((member: Owner) => audience(member.user)));
  });

  // Added before the plugin's own preClose hook, so clients hear 1001 rather than a bare close.
  // The checks and the relay's reads finish here, while the database is certainly still open.
  app.addHook('preClose', async () => {
    clearInterval(reauthorizing);
    stopListening();
    stopSignals();
    await reauthorize.settled();
    await relay.close();
    hub.closeAll(closeCodes.goingAway, 'The server is restarting; reconnect shortly.');
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

  /**
   * The frames an event sends, one per owner that publishes it (a departure is an activity on the
   * classroom's topic and a closing on its cameras'), each on its topic and to whom.
   */
  function framesOf(event: StoredEvent) {
    return [...owners.values()].flatMap((owner) => {
      const found = owner.deliveryOfEvent(event);
      if (!found) return [];
      const { audience } = found.delivery;
      // Serialized once, however many listeners receive it.
      return [{ topic: found.topic, frame: encode(found.delivery.message), accepts: audience && ((member: Owner) => audience(member.user)) }];
    });
  }


  /**
   * The frames of this topic that `member` may see among the events after `after` and up to
   * `upTo`, within the replay window, in id order.
   */
  async function missedFrames(member: Member<Owner>, topic: string, after: number, upTo: number): Promise<Buffer[]> {
    const audience = deps.audienceOf(member.owner.user);
    const since = new Date(now().getTime() - REPLAY_WINDOW_MS);
    const frames: Buffer[] = [];
    for (let from = after; from < upTo; ) {
      const events = await readEvents(deps.db, { after: from, upTo, audience, since, limit: REPLAY_PAGE });
      for (const event of events) {
        for (const found of framesOf(event)) if (found.topic === topic && (!found.accepts || found.accepts(member.owner))) frames.push(found.frame);
      }
      if (events.length < REPLAY_PAGE) break;
      from = events[events.length - 1]!.id;
    }
    return frames;
  }

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
    if (perUser > limits.perUser || perAddress > limits.perAddress) return false;
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
    let nextJoin: { channel: string; lastEventId: number | undefined } | undefined;
    let lastTyping = 0;

    const join = (channel: string, lastEventId: number | undefined): void => {
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
          if (nextJoin !== undefined) {
            const next = nextJoin;
            nextJoin = undefined;
            return join(next.channel, next.lastEventId);
          }
          if (topic === undefined) {
            // Another family's channel and a channel that does not exist read the same.
            send(socket, { type: 'error', code: 'FORBIDDEN', message: topicOwner.refusal(channel, { wasListening: false }) });
            socket.close(closeCodes.notAllowed, 'Not allowed');
            return;
          }
          hub.join(member, channel, topic);
          // Every event up to the relay's cursor has been handed on before this listener was
          // added, and every later one will reach it: replay fills exactly the gap between.
          const upTo = relay.cursor;
          send(socket, { type: 'joined', channel, lastEventId: upTo });
          if (lastEventId === undefined || lastEventId >= upTo) return;
          const hold = hub.hold(member);
          missedFrames(member, topic, lastEventId, upTo).then(
            (frames) => hub.release(member, hold, frames),
            (error: unknown) => {
              app.log.error({ err: error, userKey: owner.userKey, channel }, 'replaying missed events failed');
              socket.terminate();
            },
          );
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
      if (decoded.message.type === 'typing') return typing();
      const { channel, lastEventId } = decoded.message;
      if (joining) nextJoin = { channel, lastEventId };
      else join(channel, lastEventId);
    });

    /** Passed on to the owner of the joined channel; too frequent or before a join, dropped. */
    function typing() {
      const { channel, topic } = member;
      const at = Date.now();
      if (joining || channel === undefined || topic === undefined || at - lastTyping < TYPING_EVERY_MS) return;
      lastTyping = at;
      ownerOf(channel)?.onTyping?.(member.owner.user, topic);
    }
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

