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

/** One connection: who opened it, which channel it listens to, and whether it answered the last ping. */
export interface Member<TOwner = unknown> {
  readonly socket: HubSocket;
  readonly owner: TOwner;
  channel: string | undefined;
  classroomId: number | undefined;
  alive: boolean;
}

/**
 * Who listens where, on this server instance. A channel is a camera id, but the cameras of
 * one classroom share one activity log, so members are grouped by classroom: one broadcast
 * per classroom reaches every camera channel of it.
 */
export class ChannelHub<TOwner = unknown> {
  private readonly members = new Set<Member<TOwner>>();
  private readonly classrooms = new Map<number, Set<Member<TOwner>>>();
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
    const member: Member<TOwner> = { socket, owner, channel: undefined, classroomId: undefined, alive: true };
    this.members.add(member);
    socket.on('pong', () => {
      member.alive = true;
    });
    socket.on('close', () => this.remove(member));
    return member;
  }

  /** Moves the member to a channel; a connection listens to one channel at a time. */
  join(member: Member<TOwner>, channel: string, classroomId: number) {
    if (!this.members.has(member)) return;
    this.leave(member);
    member.channel = channel;
    member.classroomId = classroomId;
    let room = this.classrooms.get(classroomId);
    if (!room) this.classrooms.set(classroomId, (room = new Set()));
    room.add(member);
  }

  has(member: Member<TOwner>) {
    return this.members.has(member);
  }

  hasListeners(classroomId: number) {
    return this.classrooms.has(classroomId);
  }

  /**
   * Sends one already-serialized frame to every member listening to the classroom's cameras.
   * Returns how many sockets it was written to.
   */
  broadcast(classroomId: number, frame: Buffer): number {
    const room = this.classrooms.get(classroomId);
    if (!room) return 0;
    let written = 0;
    for (const member of room) {
      const { socket } = member;
      if (socket.readyState !== OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.log.warn({ channel: member.channel, bufferedAmount: socket.bufferedAmount }, 'dropped a WebSocket client that stopped reading');
        socket.terminate();
        continue;
      }
      socket.send(frame, { binary: false });
      written += 1;
    }
    return written;
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
    if (member.classroomId === undefined) return;
    const room = this.classrooms.get(member.classroomId);
    room?.delete(member);
    if (room?.size === 0) this.classrooms.delete(member.classroomId);
    member.channel = undefined;
    member.classroomId = undefined;
  }
}
