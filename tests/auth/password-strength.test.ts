import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

let nextAddress = 1;
const signUp = (payload: { name: string; email: string; password: string }, url = '/api/auth/sign-up') =>
  // Each sign-up from its own address, so the per-address limit never decides a case here.
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.0.${nextAddress++}` });

describe('weak passwords are refused at sign-up', () => {
  it.each([
    ['ten spaces', '          '],
    ['one letter repeated', 'aaaaaaaaaa'],
    ['the email itself', 'maria.lopez@example.com'],
    ['the name and a year', 'marialopez2024'],
    ['a common password', 'password123'],
  ])('refuses %s with 400 naming the password field and saying why', async (_case, password) => {
    const res = await signUp({ name: 'Maria Lopez', email: 'maria.lopez@example.com', password });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors[0].path).toBe('password');
    expect(body.detail).toMatch(/^This password is too easy to guess\. \S/);
    const stored = await t.database.db.selectFrom('users').select('id').where('email', '=', 'maria.lopez@example.com').executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('says what is wrong: zxcvbn\'s warning and suggestions', async () => {
    const res = await signUp({ name: 'Maria Lopez', email: 'maria.lopez@example.com', password: 'aaaaaaaaaa' });
    expect(res.json().detail).toBe(
      'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
    );
  });

  it('refuses the same way over tRPC', async () => {
    const res = await signUp({ name: 'Maria Lopez', email: 'maria.lopez@example.com', password: 'aaaaaaaaaa' }, '/trpc/auth.signUp');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.problem.errors[0].path).toBe('password');
  });

  it('accepts a strong password', async () => {
    const res = await signUp({ name: 'Maria Lopez', email: 'maria.lopez@example.com', password: 'a calm afternoon 42' });
    expect(res.statusCode).toBe(200);
  });
});
