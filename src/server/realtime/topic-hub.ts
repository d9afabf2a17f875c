import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** The part of a `ws` WebSocket the hub uses. */
export interface HubSocket extends Pick<EventEmitter, 'on'> {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: boolean }): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** WebSocket.OPEN */
export const OPEN = 1;

/** A client this far behind is dropped rather than buffered for without bound. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const PING_INTERVAL_MS = 30_000;

/**
 * One connection: who opened it, the channel it asked for, the topic that channel listens to,
 * and whether it answered the last ping.
 */
export interface Member<TOwner = unknown> {
  readonly socket: HubSocket;
  readonly owner: TOwner;
  channel: string | undefined;
  topic: string | undefined;
  alive: boolean;
  /** While set, frames for this member wait here instead of going out (see hold). */
  held: Buffer[] | undefined;
}

/**
 * Who listens to which topic, on this server instance. Topics are opaque strings chosen by the
 * features that own them; several channels may listen to one topic.
 */
export class TopicHub<TOwner = unknown> {
  private readonly members = new Set<Member<TOwner>>();
  private readonly topics = new Map<string, Set<Member<TOwner>>>();
  private pinger: NodeJS.Timeout | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts the liveness check: a socket that misses one ping interval's pong is dropped. */
  start(intervalMs = PING_INTERVAL_MS) {
    this.pinger = setInterval(() => this.sweep(), intervalMs);
    this.pinger.unref();
  }

  stop() {
    clearInterval(this.pinger);
    this.pinger = undefined;
  }

  get size() {
    return this.members.size;
  }

  add(socket: HubSocket, owner: TOwner = undefined as TOwner): Member<TOwner> {
    const member: Member<TOwner> = { socket, owner, channel: undefined, topic: undefined, alive: true, held: undefined };
    this.members.add(member);
    socket.on('pong', () => {
      member.alive = true;
    });
    socket.on('close', () => this.remove(member));
    return member;
  }

  /** Moves the member to a channel and its topic; a connection listens to one at a time. */
  join(member: Member<TOwner>, channel: string, topic: string) {
    if (!this.members.has(member)) return;
    this.leave(member);
    member.channel = channel;
    member.topic = topic;
    let listeners = this.topics.get(topic);
    if (!listeners) this.topics.set(topic, (listeners = new Set()));
    listeners.add(member);
  }

  /**
   * Holds back the member's frames from now on, for a replay to go out first. Returns the hold,
   * which a later join or leave cancels (its frames were for the old topic).
   */
  hold(member: Member<TOwner>): Buffer[] {
    member.held = [];
    return member.held;
  }

  /** Sends `first` (the replay), then what was held, and lets frames through again; ignored when `hold` was cancelled. */
  release(member: Member<TOwner>, hold: Buffer[], first: Buffer[]) {
    if (member.held !== hold) return;
    member.held = undefined;
    for (const frame of [...first, ...hold]) {
      if (!this.write(member, frame)) return;
    }
  }

  has(member: Member<TOwner>) {
    return this.members.has(member);
  }

  hasListeners(topic: string) {
    return this.topics.has(topic);
  }

  /**
   * Sends one already-serialized frame to every member listening to the topic whose owner
   * `accepts`. Returns how many sockets it was written to.
   */
  broadcast(topic: string, frame: Buffer, accepts: (owner: TOwner) => boolean = () => true): number {
    const listeners = this.topics.get(topic);
    if (!listeners) return 0;
    let written = 0;
    for (const member of listeners) {
      if (!accepts(member.owner)) continue;
      if (member.held) member.held.push(frame);
      else if (this.write(member, frame)) written += 1;
    }
    return written;
  }

  /** Writes one frame, or drops a client too far behind; false when nothing was written. */
  private write(member: Member<TOwner>, frame: Buffer): boolean {
    const { socket } = member;
    if (socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ channel: member.channel, bufferedAmount: socket.bufferedAmount }, 'dropped a WebSocket client that stopped reading');
      socket.terminate();
      return false;
    }
    socket.send(frame, { binary: false });
    return true;
  }

  /** One liveness round: drop members that did not answer the previous ping, ping the rest. */
  sweep() {
    for (const member of this.members) {
      if (!member.alive) {
        member.socket.terminate();
        continue;
      }
      member.alive = false;
      member.socket.ping();
    }
  }

  /** Closes every connection, e.g. with 1001 when the server shuts down. */
  closeAll(code: number, reason: string) {
    this.stop();
    for (const member of this.members) member.socket.close(code, reason);
  }

  /** A snapshot of every connection, for checks that take a while (sockets may close meanwhile). */
  snapshot(): Member<TOwner>[] {
    return [...this.members];
  }

  private remove(member: Member<TOwner>) {
    this.leave(member);
    this.members.delete(member);
  }

  private leave(member: Member<TOwner>) {
    if (member.topic === undefined) return;
    const listeners = this.topics.get(member.topic);
    listeners?.delete(member);
    if (listeners?.size === 0) this.topics.delete(member.topic);
    member.channel = undefined;
    member.topic = undefined;
    member.held = undefined;
  }
}
