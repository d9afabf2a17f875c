import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../helpers/test-app';
import { TestSocket } from '../realtime/realtime-helpers';

/**
 * The real server process (src/server/main.ts on a fresh embedded database) told to stop with
 * SIGTERM, as a load balancer's orchestrator would: it fails its health check at once, keeps
 * serving through the notice period, then closes sockets with 1001 and exits cleanly.
 */

const NOTICE_MS = 1500;
let server: ChildProcess;
let base: string;
let dataDir: string;
let exited: Promise<number | null>;
let logLines: ReturnType<typeof createInterface>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-shutdown-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', SHUTDOWN_NOTICE_MS: String(NOTICE_MS), PUBLIC_ORIGIN: 'http://nestling.test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  logLines = createInterface({ input: server.stdout! });
  base = await new Promise<string>((resolve, reject) => {
    logLines.on('line', (line) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) resolve(listening[1]!);
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
});
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('fails the health check at once, serves through the notice, closes sockets with 1001 and exits with 0', async () => {
    const signIn = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demoAccounts.parent) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const socket = await TestSocket.open(`${base.replace('http', 'ws')}/ws`, { cookie, origin: 'http://nestling.test' });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });

    // The signal arrives when it arrives: wait for the server to say it is draining.
    const draining = new Promise<void>((resolve) => logLines.on('line', (line) => line.includes('"msg":"draining"') && resolve()));
    server.kill('SIGTERM');
    await draining;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await health.json()).code).toBe('service_unavailable');
    // Still serving during the notice, so requests a load balancer already sent are answered.
    expect((await fetch(`${base}/api/children`, { headers: { cookie } })).status).toBe(200);

    expect((await socket.closed).code).toBe(1001);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
