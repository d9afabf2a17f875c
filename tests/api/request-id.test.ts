import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('X-Request-Id', () => {
  it('names the request on every answer: success, refusal, unknown route and tRPC', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/products' }),
      t.app.inject({ method: 'GET', url: '/api/children' }),
      t.app.inject({ method: 'PUT', url: '/api/community/posts/1/like', headers: { cookie, origin: 'https://evil.example' } }),
      t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      t.app.inject({ method: 'GET', url: '/trpc/children.list', headers: { cookie } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 403, 404, 200]);
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the reqId of the request’s log lines', async () => {
    const lines: { reqId?: string }[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(JSON.parse(String(chunk)))) });
    const app = await buildApp(t.config, { database: t.database, logger: { level: 'info', stream }, clientDir: '/nonexistent' });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(lines.some((line) => line.reqId === res.headers['x-request-id'])).toBe(true);
    } finally {
      await app.close();
    }
  });
});
