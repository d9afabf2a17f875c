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

describe('headers of signed-in answers', () => {
  it('tells browsers and proxies never to store a family’s data, over REST and tRPC', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    for (const url of ['/api/children', '/api/users/me', '/trpc/children.list']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps a route’s own caching, such as the calendar feed’s', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('forbids framing with X-Frame-Options DENY, agreeing with frame-ancestors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
