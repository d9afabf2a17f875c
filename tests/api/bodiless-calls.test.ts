import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Generated REST clients send no body, and so no Content-Type, to operations that take none.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const parent = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  token = (await t.app.services.auth.createApiToken(parent.id, { name: 'generated client', scopes: apiScopeNames })).token;
});
afterAll(() => t?.close());

const bodiless = [
  ['PUT', '/api/community/groups/1/membership'],
  ['PUT', '/api/community/posts/1/like'],
  ['DELETE', '/api/community/groups/1/membership'],
] as const;

describe('REST calls with no body and no Content-Type', () => {
  it.each(bodiless)('%s %s works with a bearer token', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('works with the session cookie from our own pages, sign-out included', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const like = await t.app.inject({ method: 'PUT', url: '/api/community/posts/1/like', headers: { cookie, origin: TEST_ORIGIN } });
    expect(like.statusCode, like.body).toBe(200);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN } });
    expect(signOut.statusCode, signOut.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('still refuses the session cookie from another website', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const res = await t.app.inject({ method: 'PUT', url: '/api/community/posts/1/like', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });

  it('reads an operation that needs a body as empty, naming the missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/children', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('name');
  });

  it('keeps refusing an explicitly JSON request whose body is empty', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/children', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The request body is empty; send a JSON object such as {}.');
  });
});
