import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { seed } from '../../src/server/demo/seed';
import { installDrain } from '../../src/server/shutdown';
import { demoAccounts, TEST_ORIGIN, testConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { TestSocket } from '../realtime/realtime-helpers';

// What main.ts does on SIGTERM, on the suite's database: the drain main.ts installs, started by
// hand, while a WebSocket is open and a request is still arriving.

const NOTICE_MS = 300;
let database: TestDatabase;
let dataDir: string;
let app: FastifyInstance;
let base: string;
let drain: (reason: string) => void;
let exited: Promise<{ code: number; at: number }>;
let inFlightArrived: Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'nestling-drain-'));
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, logger: false, clientDir: '/nonexistent' });
  let exit!: (value: { code: number; at: number }) => void;
  exited = new Promise((resolve) => (exit = resolve));
  drain = installDrain(app, { noticeMs: NOTICE_MS, exit: (code) => exit({ code, at: Date.now() }) });
  let arrived!: () => void;
  inFlightArrived = new Promise((resolve) => (arrived = resolve));
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-test'] === 'in-flight') arrived();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A sign-in whose head is sent now and whose body only when `finish` is called: a request in flight. */
function slowSignIn() {
  const body = JSON.stringify(demoAccounts.parent);
  const request = http.request(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-test': 'in-flight' },
  });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; at: number }>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, at: Date.now() }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 5));
  return { response, finish: () => request.end(body.slice(5)) };
}

describe('draining', () => {
  it('fails the health check, closes sockets with 1001, lets a request in flight finish, then exits with 0 at once', async () => {
    const signIn = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demoAccounts.staff) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const socket = await TestSocket.joined(`${base.replace('http', 'ws')}/ws`, 'classroom-3b', { cookie, origin: TEST_ORIGIN });
    const inFlight = slowSignIn();
    await inFlightArrived;

    drain('test');
    expect((await fetch(`${base}/api/health`)).status).toBe(503);
    const closed = await socket.closed;
    expect(closed.code).toBe(1001);
    // The server has stopped listening, but the request it had already begun to read is answered.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status).toBe(200);
    expect(String(answered.headers['set-cookie'])).toMatch(/nestling_session=/);
    // Closing the connection it came on, so a kept-alive connection does not hold the exit back.
    expect(answered.headers.connection).toBe('close');
    const exit = await exited;
    expect(exit.code).toBe(0);
    // Not held back by the kept-alive connections (5 s of idling each).
    expect(Math.abs(exit.at - answered.at)).toBeLessThan(2000);
  });
});
