import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import WebSocket from 'ws';
import { decodeServerMessage, type ServerMessage } from '../../src/shared/realtime';
import type { Database } from '../../src/server/db/database';
import { TEST_ORIGIN } from '../helpers/test-app';

/** Listens on a free port and returns the /ws URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/ws`;
}

/** A real WebSocket client that queues what the server sends, for tests to await in order. */
export class TestSocket {
  private readonly queue: ServerMessage[] = [];
  private readonly waiters: Array<(message: ServerMessage) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const decoded = decodeServerMessage(String(data));
      if (!decoded.ok) throw new Error(`the server sent something malformed: ${decoded.detail}`);
      const waiter = this.waiters.shift();
      if (waiter) waiter(decoded.message);
      else this.queue.push(decoded.message);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  /**
   * Opens a connection; rejects with the HTTP status when the server refuses the handshake.
   * Sends our Origin unless told otherwise (`origin: null` sends none).
   */
  static open(url: string, options: { cookie?: string; token?: string; origin?: string | null } = {}): Promise<TestSocket> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
    const ws = new WebSocket(url, { headers, ...(origin === null ? {} : { origin }) });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) => reject(new HandshakeRefused(response.statusCode ?? 0)));
      ws.once('error', reject);
    });
  }

  /** Opens a connection and joins a channel, expecting to be let in. */
  static async joined(url: string, channel: string, options: Parameters<typeof TestSocket.open>[1]): Promise<TestSocket> {
    const socket = await TestSocket.open(url, options);
    socket.send({ type: 'join', channel });
    const reply = await socket.next();
    if (reply.type !== 'joined') throw new Error(`join of ${channel} was refused: ${JSON.stringify(reply)}`);
    return socket;
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message the server sent, in order. */
  next(): Promise<ServerMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async nextActivity() {
    const message = await this.next();
    if (message.type !== 'activity') throw new Error(`expected an activity, got ${JSON.stringify(message)}`);
    return message.data;
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

export class HandshakeRefused extends Error {
  constructor(readonly status: number) {
    super(`the server refused the WebSocket handshake with HTTP ${status}`);
  }
}

/** A staff member of the nursery that runs the Sunshine Room (not the demo family's nursery). */
export async function otherNurseryStaff(db: Kysely<Database>) {
  const { nursery_id: nurseryId } = await db
    .selectFrom('classrooms')
    .select('nursery_id')
    .where('name', '=', 'Sunshine Room')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('users')
    .values({
      name: 'Tomasz Nowak',
      email: 'tomasz@sunflower.test',
      // Never matches: this account signs in with an API token only.
      password_hash: 'disabled',
      phone: null,
      city: null,
      latitude: null,
      longitude: null,
      role: 'staff',
      profile_image: null,
      nursery_id: nurseryId,
      shadow_teacher_id: null,
    })
    .returning(['id', 'nursery_id'])
    .executeTakeFirstOrThrow();
}

export async function classroomId(db: Kysely<Database>, name: string) {
  const { id } = await db.selectFrom('classrooms').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return id;
}
