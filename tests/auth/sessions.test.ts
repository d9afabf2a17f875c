import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, sessionCookieOf, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('signing in again', () => {
  it('deletes the session the request presented, so the old cookie stops working', async () => {
    const old = await t.signIn(demoAccounts.parent);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { cookie: old }, payload: demoAccounts.parent });
    expect(again.statusCode).toBe(200);
    const fresh = sessionCookieOf(again);
    expect(fresh).not.toBe(old);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('deletes it on /trpc too, even when the presented session was another account', async () => {
    const other = await t.signIn(demoAccounts.secondParent);
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.signIn', headers: { cookie: other }, payload: demoAccounts.parent });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('keeps the presented session when the sign-in fails', async () => {
    const cookie = await t.signIn(demoAccounts.staff);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { cookie }, payload: { ...demoAccounts.staff, password: 'not-the-password' } });
    expect(res.statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});
