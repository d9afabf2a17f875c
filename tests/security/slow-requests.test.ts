import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUTS, buildApp } from '../../src/server/app';
import { testConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * A client that sends a request slowly, or says nothing at all, must not hold a connection for
 * minutes. Over a real socket, with the timeouts shortened so the test is quick; the test waits
 * for the server to close the connection rather than timing anything.
 */

let database: TestDatabase;
let app: FastifyInstance;
let port: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, logger: false, clientDir: '/nonexistent', timeouts: { requestMs: 1_500, idleMs: 1_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  // A connection the server failed to close would hold app.close() open.
  for (const socket of sockets) socket.destroy();
  await app?.close();
  await database?.drop();
});

/** Connects, sends the head, then the body one byte at a time; resolves once the server closes the connection. */
function trickle(head: string, body: string, everyMs: number): Promise<{ bytesSent: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.add(socket);
    let bytesSent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      if (!body) return;
      timer = setInterval(() => {
        if (bytesSent < body.length && !socket.destroyed) socket.write(body[bytesSent++]!);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ bytesSent, answer });
    });
  });
}

describe('slow and silent connections', () => {
  it('closes a connection whose body trickles in, before the body is complete', { timeout: 30_000 }, async () => {
    const body = JSON.stringify({ name: 'Trickle', dateOfBirth: '2023-04-17', specialNeedsDetails: null, padding: 'x'.repeat(200) });
    const head = `POST /api/children HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // A byte well inside the idle limit, so that only the limit on the whole request can end it.
    const { bytesSent, answer } = await trickle(head, body, 100);
    expect(bytesSent).toBeLessThan(body.length);
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that sends nothing', { timeout: 30_000 }, async () => {
    const { answer } = await trickle('', '', 0);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('uses limits of a minute for a whole request and half a minute of silence in production', async () => {
    const production = await buildApp(testConfig(), { database, logger: false, clientDir: '/nonexistent' });
    try {
      expect(CONNECTION_TIMEOUTS).toEqual({ requestMs: 60_000, idleMs: 30_000 });
      expect(production.server.requestTimeout).toBe(CONNECTION_TIMEOUTS.requestMs);
      expect(production.server.headersTimeout).toBeLessThanOrEqual(CONNECTION_TIMEOUTS.requestMs);
      expect(production.server.timeout).toBe(CONNECTION_TIMEOUTS.idleMs);
    } finally {
      await production.close();
    }
  });
});
