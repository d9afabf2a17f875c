import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

let t: TestApp;
type Operation = { security?: unknown[]; parameters?: { name: string; in: string }[] };
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => t?.close());

/** Every operation in the document, with a concrete URL (path ids filled with 1). */
function operations() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, url: `/api${path.replace(/\{[^}]+\}/g, '1')}`, op })),
  );
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it.each([
    ['get', '/users/me'],
    ['get', '/children'],
    ['get', '/cameras'],
    ['get', '/activities'],
    ['get', '/products'],
    ['get', '/nurseries'],
    ['get', '/shadow-teachers'],
    ['post', '/auth/sign-up'],
    ['post', '/auth/sign-in'],
    ['post', '/auth/sign-out'],
    ['get', '/health'],
    ['get', '/tokens'],
    ['post', '/tokens'],
    ['delete', '/tokens/{id}'],
  ])('documents %s %s', (method, path) => {
    expect(doc.paths[path]?.[method]).toBeDefined();
  });

  it('documents the query parameters of nursery search and activities', () => {
    const names = (path: string) => doc.paths[path]!.get!.parameters!.map((p) => p.name);
    expect(names('/nurseries')).toEqual(expect.arrayContaining(['q', 'specialNeeds', 'ageMin', 'ageMax', 'withinMiles', 'lat', 'lng']));
    expect(names('/activities')).toEqual(expect.arrayContaining(['channel', 'limit']));
    expect(names('/shadow-teachers')).toEqual(expect.arrayContaining(['specialization', 'location']));
  });

  it('serves interactive docs at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('signed out', () => {
  it('every protected operation in the document answers 401 over REST', async () => {
    const protectedOps = operations().filter((o) => o.op.security && o.op.security.length > 0);
    expect(protectedOps.length).toBeGreaterThanOrEqual(6);
    for (const { method, url } of protectedOps) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().detail).toBe('Please sign in to continue.');
    }
  });

  it.each(['users.me', 'children.list', 'cameras.list', 'activities.list', 'apiTokens.list'])('tRPC %s answers 401', async (procedure) => {
    const res = await t.app.inject({ method: 'GET', url: `/trpc/${procedure}` });
    expect(res.statusCode).toBe(401);
  });

  it('public catalogue reads work without signing in', async () => {
    for (const url of ['/api/products', '/api/nurseries', '/api/shadow-teachers', '/api/health']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('bad input gets a clear 4xx', () => {
  it('a bad enum names the field and the allowed values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-teachers?specialization=Juggling' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('specialization');
    expect(res.json().errors[0].message).toContain('Choose one of: ASD, ADHD');
  });

  it('a bad number is refused with 400 naming the field', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({ method: 'GET', url: '/api/activities?limit=abc', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('limit');
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/activities?limit=101', headers: { cookie } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].message).toBe('limit is at most 100.');
  });

  it('a missing field is refused with 400 over REST and tRPC', async () => {
    const rest = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'No Email', password: 'long-enough-pass' } });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().errors[0].path).toBe('email');
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/auth.signUp', payload: { name: 'No Email', password: 'long-enough-pass' } });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toMatch(/^Please check your input\. email: /);
  });

  it('a 100 kB string is refused with 400 and the limit stated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'x'.repeat(100_000), email: 'big@example.com', password: 'long-enough-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('A name has at most 100 characters.');
  });

  it('malformed JSON is refused with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "demo@nestling.test",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The request body is not valid JSON.');
  });

  it('a body over 1 MB is refused with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/too large/);
  });

  it('a non-JSON body is refused with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=demo@nestling.test',
    });
    expect(res.statusCode).toBe(415);
  });

  it('an unknown API path is a problem+json 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', type: '/api/problems/not_found' });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a request id and no stack trace or SQL', async () => {
    const broken = await createTestApp({ seed: false });
    try {
      await broken.database.db.schema.dropTable('products').execute();
      for (const url of ['/api/products', '/trpc/products.list']) {
        const res = await broken.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        const body = res.body;
        expect(body).toContain('Something went wrong on our side');
        expect(body).toMatch(/"requestId":"[0-9a-f-]{36}"/);
        expect(body).not.toMatch(/relation|does not exist|select |stack|\.ts:\d+|node_modules/i);
      }
    } finally {
      await broken.close();
    }
  });
});
