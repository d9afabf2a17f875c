import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const PASSWORD = 'a quiet harbour at dawn 7';
const NEW_PASSWORD = 'lanterns over the marsh 93';
let accounts = 0;
async function newAccount() {
  accounts += 1;
  const account = { name: `Change Tester ${accounts}`, email: `change-${accounts}@nestling.test`, password: PASSWORD };
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account });
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, id: response.json<{ id: number }>().id, cookie: sessionCookieOf(response) };
}
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/me/password', headers: { cookie, origin: TEST_ORIGIN }, payload: { currentPassword, newPassword } });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('changing your password', () => {
  it('takes the current password and a new one; other devices stay signed in until asked to sign out', async () => {
    const a = await newAccount();
    const phone = sessionCookieOf(await signIn(a.email, PASSWORD));
    const response = await change(a.cookie, PASSWORD, NEW_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: true });
    expect((await signIn(a.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(a.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
    // "Sign out your other devices?" Yes:
    const others = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/sign-out-others', headers: { cookie: a.cookie, origin: TEST_ORIGIN }, payload: {} });
    expect(others.json().ended).toBe(2);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(a.cookie)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, the same password again, and a weak one, naming the field', async () => {
    const a = await newAccount();
    const wrong = await change(a.cookie, 'not my password at all', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([expect.objectContaining({ path: 'currentPassword' })]);
    const same = await change(a.cookie, PASSWORD, PASSWORD);
    expect(same.json().errors).toEqual([expect.objectContaining({ path: 'newPassword' })]);
    const weak = await change(a.cookie, PASSWORD, 'password123456');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([expect.objectContaining({ path: 'newPassword', message: expect.stringMatching(/too easy to guess/) })]);
    expect((await signIn(a.email, PASSWORD)).statusCode).toBe(200);
  });

  it('spends reset links asked for before the change', async () => {
    const a = await newAccount();
    await t.database.db.insertInto('password_resets').values({ user_id: a.id, token_hash: 'h'.repeat(64), expires_at: new Date(Date.now() + 3_600_000) }).execute();
    expect((await change(a.cookie, PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('password_resets').select('used_at').where('user_id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it('is for a browser session: an API token gets 403, even with the right password', async () => {
    const a = await newAccount();
    const { token } = await t.app.services.auth.createApiToken(a.id, { name: 'script', scopes: apiScopeNames });
    const response = await t.app.inject({ method: 'POST', url: '/api/users/me/password', headers: { authorization: `Bearer ${token}` }, payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect((await signIn(a.email, PASSWORD)).statusCode).toBe(200);
  });

  it('allows 10 tries at the current password in 15 minutes, then 429', async () => {
    const a = await newAccount();
    for (let i = 0; i < 10; i++) expect((await change(a.cookie, `guess number ${i}`, NEW_PASSWORD)).statusCode).toBe(400);
    const refused = await change(a.cookie, PASSWORD, NEW_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
