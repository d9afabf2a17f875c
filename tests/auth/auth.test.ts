import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newAccount = (suffix: string) => ({ name: 'Alex Rivera', email: `alex.${suffix}@example.com`, password: 'a-long-enough-password' });

describe('sign-up, sign-in and sign-out', () => {
  it('signs up a parent, sets an httpOnly SameSite=Lax session cookie and returns the user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newAccount('signup') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Alex Rivera', email: 'alex.signup@example.com', role: 'parent' });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'nestling_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // 256 bits of randomness, base64url-encoded.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: sessionCookieOf(res) } });
    expect(me.json()).toMatchObject({ email: 'alex.signup@example.com', role: 'parent' });
  });

  it('stores the session only as a hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newAccount('hashed') });
    const token = res.cookies.find((c) => c.name === 'nestling_session')!.value;
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a second account with the same email, whatever its case, with 409', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newAccount('dupe') });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...newAccount('dupe'), email: 'ALEX.DUPE@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('An account with this email already exists. Try signing in instead.');
  });

  it('issues a new session at every sign-in', async () => {
    const first = await t.signIn(demoAccounts.parent);
    const second = await t.signIn(demoAccounts.parent);
    expect(first).not.toBe(second);
    for (const cookie of [first, second]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
    }
  });

  it('gives one message whether the email is unknown or the password wrong', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nobody@example.com', password: 'whatever-it-is' } });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: demoAccounts.parent.email, password: 'not-the-password' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(wrong.json().detail);
  });

  it('sign-out deletes the session, so the old cookie no longer works', async () => {
    const cookie = await t.signIn(demoAccounts.secondParent);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, 'content-type': 'application/json' }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'nestling_session')?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('rate-limits sign-in per email from one address with 429, Retry-After and a message saying when to retry', async () => {
    const email = 'target@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: `guess-${i}-xxxx` } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().detail).toMatch(/Too many sign-in attempts\. Please wait \d+ minutes? and try again\./);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('rate-limits sign-in per IP across different emails', async () => {
    const limited = await createTestApp({ seed: false, authLimits: { perIp: 5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '203.0.113.9',
        payload: { email: `spray${i}@example.com`, password: 'guess-xxxx' },
      });
      statuses.push(res.statusCode);
    }
    await limited.close();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('Secure cookies', () => {
  it('marks the session cookie Secure when PUBLIC_ORIGIN is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://nestling.example' } });
    try {
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccounts.parent });
      expect(res.cookies.find((c) => c.name === 'nestling_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF protection for cookie-authenticated changes', () => {
  // Fresh sign-ins are not the point here; one session serves every case.
  it('refuses a state change from a foreign Origin with 403', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { name: 'sneaky' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('This request came from another website, so it was refused.');
  });

  it('refuses a form-encoded state change with 415, even from our own origin', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=sneaky',
    });
    expect(res.statusCode).toBe(415);
  });

  it('accepts the same change from our own origin as JSON', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { name: 'My calendar' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('applies the same origin check on /trpc', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/apiTokens.create',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { name: 'sneaky' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('personal API tokens', () => {
  async function createToken(name: string) {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const res = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name } });
    expect(res.statusCode).toBe(201);
    return { cookie, created: res.json() as { id: number; token: string; prefix: string } };
  }

  it('shows a new token once, lists it without the secret, and stores only a hash', async () => {
    const { cookie, created } = await createToken('Home automation');
    expect(created.token).toMatch(/^nst_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    const listed = list.json().items.find((x: { id: number }) => x.id === created.id);
    expect(listed).toMatchObject({ name: 'Home automation', revokedAt: null });
    expect(JSON.stringify(list.json())).not.toContain(created.token);
    const stored = await t.database.db.selectFrom('api_tokens').select('token_hash').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token);
  });

  it('authenticates REST calls with a valid bearer token', async () => {
    const { created } = await createToken('Valid');
    const res = await t.app.inject({ method: 'GET', url: '/api/children', headers: { authorization: `Bearer ${created.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });

  it('refuses a revoked token with 401', async () => {
    const { cookie, created } = await createToken('Soon revoked');
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${created.id}`, headers: { cookie } });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/children', headers: { authorization: `Bearer ${created.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it.each([['Bearer'], ['Bearer nst_not-a-real-token'], ['Bearer x y'], ['Basic dXNlcjpwYXNz'], ['Bearer ' + 'a'.repeat(5000)]])(
    'refuses a malformed or unknown Authorization header (%s) with 401',
    async (authorization) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/children', headers: { authorization: authorization.slice(0, 6000) } });
      expect(res.statusCode).toBe(401);
    },
  );

  it('does not let a token mint more tokens', async () => {
    const { created } = await createToken('Limited');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' },
      payload: { name: 'child token' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 when revoking another family's token", async () => {
    const { created } = await createToken('Mine');
    const other = await t.cookieFor(demoAccounts.secondParent);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${created.id}`, headers: { cookie: other } });
    expect(res.statusCode).toBe(404);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/apiTokens.revoke',
      headers: { cookie: other, 'content-type': 'application/json' },
      payload: { id: created.id },
    });
    expect(trpc.statusCode).toBe(404);
  });
});
