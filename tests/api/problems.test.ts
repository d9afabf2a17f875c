import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../src/server/errors';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// Every error, whichever layer raises it, is one RFC 9457 problem with a code from one closed list.

let t: TestApp;
let parent: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.cookieFor(demoAccounts.parent);
});
afterAll(() => t?.close());

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): Record<string, unknown> }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ type: `/api/problems/${code}`, status, code, title: expect.any(String), detail: expect.any(String) });
}

describe('problem details', () => {
  it('name the field at fault for bad input, with Zod issue codes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/children', headers: { ...json, cookie: parent }, payload: { name: 'Ada', dateOfBirth: 'soon', specialNeeds: false } });
    expectProblem(res, 400, 'validation_failed');
    expect(res.json().errors).toEqual([{ path: 'dateOfBirth', message: expect.any(String), code: expect.any(String) }]);
  });

  it('carry the same problem over tRPC, in error.data.problem', async () => {
    const payload = { name: 'Ada', dateOfBirth: 'soon', specialNeeds: false };
    const rest = await t.app.inject({ method: 'POST', url: '/api/children', headers: { ...json, cookie: parent }, payload });
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/children.create', headers: { ...json, cookie: parent }, payload });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.problem).toEqual(rest.json());
  });

  it('give framework errors the same shape: malformed JSON, wrong content type, too large', async () => {
    expectProblem(await t.app.inject({ method: 'POST', url: '/api/children', headers: { ...json, cookie: parent }, payload: '{"name":' }), 400, 'invalid_json');
    expectProblem(await t.app.inject({ method: 'POST', url: '/api/children', headers: { 'content-type': 'text/csv', cookie: parent }, payload: 'a,b' }), 415, 'unsupported_media_type');
    expectProblem(await t.app.inject({ method: 'POST', url: '/api/children', headers: { ...json, cookie: parent }, payload: `"${'x'.repeat(1_100_000)}"` }), 413, 'payload_too_large');
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found');
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/children' }), 401, 'unauthenticated');
  });

  it('refuse unknown fields, naming each, on REST and tRPC alike', async () => {
    const payload = { name: 'Ada', dateOfBirth: '2023-04-12', nickname: 'Addie' };
    const rest = await t.app.inject({ method: 'POST', url: '/api/children', headers: { ...json, cookie: parent }, payload });
    expectProblem(rest, 400, 'validation_failed');
    expect(rest.json().errors).toEqual([{ path: 'nickname', code: 'unrecognized_keys', message: expect.stringMatching(/^'nickname' is not a field/) }]);
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/children.create', headers: { ...json, cookie: parent }, payload });
    expect(trpc.json().error.data.problem).toEqual(rest.json());
    const query = await t.app.inject({ method: 'GET', url: '/api/nurseries?colour=blue' });
    expect(query.json().errors[0].path).toBe('colour');
  });

  it('answer a known path called with the wrong method with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/children', headers: { cookie: parent } });
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, POST');
    expectProblem(await t.app.inject({ method: 'PUT', url: '/api/community/posts/1' }), 405, 'method_not_allowed');
  });

  it('tell domain refusals apart by code, not only by status', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: demoAccounts.parent.email, password: 'not-the-password' }, remoteAddress: '192.0.2.77' });
    expectProblem(login, 401, 'invalid_credentials');
    const taken = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Dup', email: demoAccounts.parent.email, password: 'a long and unusual passphrase 42' }, remoteAddress: '192.0.2.78' });
    expectProblem(taken, 409, 'email_taken');
    expect(taken.json().errors[0].path).toBe('email');
  });

  it('answer headers too large with 431 in the same shape, before any route runs', async () => {
    const app = (await createTestApp({ seed: false })).app;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
        let received = '';
        socket.on('data', (chunk) => (received += chunk));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/Content-Type: application\/problem\+json/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431, code: 'headers_too_large' });
    } finally {
      await app.close();
    }
  });
});

describe('the problem list', () => {
  it('describes every code at the URI each error names as its type', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/problems' })).json() as { code: string; type: string; status: number }[];
    expect(list.map((p) => p.code)).toEqual(PROBLEM_CODES);
    const one = await t.app.inject({ method: 'GET', url: list.find((p) => p.code === 'slot_unavailable')!.type });
    expect(one.json()).toMatchObject({ code: 'slot_unavailable', status: 409, title: 'Time unavailable' });
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/problems/no_such_code' }), 404, 'not_found');
  });
});

describe('the OpenAPI document', () => {
  type Operation = { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>; requestBody?: { content: Record<string, { schema: { additionalProperties?: boolean } }> } };
  let operations: [string, Operation][];
  beforeAll(async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]));
  });

  it('gives every error status the problem schema, and every operation a 400 and a 500', () => {
    for (const [name, op] of operations) {
      expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['400', '500']));
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400) expect(response.content?.['application/problem+json']?.schema?.$ref, `${name} ${status}`).toBe('#/components/schemas/Problem');
      }
    }
  });

  it('says security: [] on public operations, declares creates as 201, and closes every JSON body', () => {
    const byName = new Map(operations);
    expect(byName.get('GET /nurseries')!.security).toEqual([]);
    expect(byName.get('POST /auth/sign-in')!.security).toEqual([]);
    for (const create of ['POST /children', 'POST /shadow-bookings', 'POST /mental-health/bookings', 'POST /community/posts', 'POST /activities']) {
      expect(Object.keys(byName.get(create)!.responses), create).toContain('201');
      expect(Object.keys(byName.get(create)!.responses), create).not.toContain('200');
    }
    for (const [name, op] of operations) {
      const body = op.requestBody?.content['application/json']?.schema;
      if (body) expect(body.additionalProperties, name).toBe(false);
    }
  });
});
