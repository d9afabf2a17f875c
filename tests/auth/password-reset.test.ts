import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, testConfig, type TestApp } from '../helpers/test-app';
import { SmtpReceiver } from '../helpers/smtp-receiver';

const clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;

let smtp: SmtpReceiver & { url: string };
let t: TestApp;
/** The same database, served by an instance with no SMTP_URL. */
let noEmail: FastifyInstance;

beforeAll(async () => {
  smtp = await SmtpReceiver.start();
  t = await createTestApp({ now, seed: false, env: { SMTP_URL: smtp.url, SMTP_FROM: 'Nestling <hello@nestling.test>' } });
  noEmail = await buildApp(testConfig(), { database: t.database, logger: false, clientDir: '/nonexistent', now });
  await noEmail.ready();
});
afterAll(async () => {
  await noEmail?.close();
  await t?.close();
  await smtp?.close();
});

const PASSWORD = 'a quiet harbour at dawn 7';
const NEW_PASSWORD = 'lanterns over the marsh 93';
let accounts = 0;
async function newAccount() {
  accounts += 1;
  const account = { name: `Reset Tester ${accounts}`, email: `reset-${accounts}@nestling.test`, password: PASSWORD };
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account });
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, id: response.json<{ id: number }>().id, cookie: sessionCookieOf(response) };
}

let address = 0;
/** Each request from its own address unless told otherwise, so that only the per-email limit is in play. */
const requestReset = (email: string, from = `192.0.2.${(address = (address % 250) + 1)}`, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/password-resets', payload: { email }, remoteAddress: from });
const describeLink = (secret: string) => t.app.inject({ method: 'GET', url: `/api/auth/password-resets/${secret}` });
const completeReset = (secret: string, password: string) => t.app.inject({ method: 'POST', url: `/api/auth/password-resets/${secret}`, payload: { password } });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: '198.51.100.77' });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

/** Asks for a link and reads it from the email that arrives. */
async function linkFor(email: string) {
  const response = await requestReset(email);
  expect(response.statusCode, response.body).toBe(202);
  const mail = await smtp.next();
  expect(mail.to).toEqual([email]);
  const link = new RegExp(`${TEST_ORIGIN}/reset-password/([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { mail, link: link![0], secret: link![1]! };
}

describe('forgot password, with email', () => {
  it('emails a link that sets a new password once, and signs the account out everywhere', async () => {
    const a = await newAccount();
    const laptop = (await signIn(a.email, PASSWORD)).cookies.find((c) => c.name === 'nestling_session')!;
    const { mail, secret } = await linkFor(a.email);
    expect(mail.from).toBe('hello@nestling.test');
    expect(mail.subject).toBe('Reset your Nestling password');
    expect(mail.text).toContain(`Hello ${a.name},`);
    expect(mail.text).toContain('within the next hour');

    const described = await describeLink(secret);
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({ email: a.email, expiresAt: new Date(clock.getTime() + 3_600_000).toISOString() });

    const done = await completeReset(secret, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ reset: true });
    expect((await me(a.cookie)).statusCode).toBe(401);
    expect((await me(`nestling_session=${laptop.value}`)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect((await signIn(a.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(a.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await completeReset(secret, 'yet another long passphrase 55');
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toMatch(/expired or has already been used/);
    expect((await describeLink(secret)).statusCode).toBe(404);
    expect((await signIn(a.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const a = await newAccount();
    const unknown = await requestReset('nobody-here@nestling.test');
    const known = await requestReset(a.email);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    // The unknown email's request never reaches the sender; the known one's does.
    const mail = await smtp.next();
    expect(mail.to).toEqual([a.email]);
    expect(smtp.received.flatMap((m) => m.to)).not.toContain('nobody-here@nestling.test');
  });

  it('answers the same over tRPC', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/trpc/password.request', payload: { email: 'also-nobody@nestling.test' }, remoteAddress: '192.0.2.251' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ accepted: true });
  });

  it('stops working an hour after it was sent', async () => {
    const a = await newAccount();
    const { secret } = await linkFor(a.email);
    const row = await t.database.db.selectFrom('password_resets').select(['created_at', 'expires_at']).where('user_id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(3_600_000);
    // An hour and a second later, as far as the link is concerned.
    await t.database.db
      .updateTable('password_resets')
      .set({ created_at: new Date(clock.getTime() - 3_601_000), expires_at: new Date(clock.getTime() - 1_000) })
      .where('user_id', '=', a.id)
      .execute();
    expect((await describeLink(secret)).statusCode).toBe(404);
    expect((await completeReset(secret, NEW_PASSWORD)).statusCode).toBe(404);
    expect((await signIn(a.email, PASSWORD)).statusCode).toBe(200);
    expect((await me(a.cookie)).statusCode).toBe(200);
  });

  it('refuses a weak password with the sign-up rules, and the link still works after', async () => {
    const a = await newAccount();
    const { secret } = await linkFor(a.email);
    const short = await completeReset(secret, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ path: 'password' });
    const guessable = await completeReset(secret, 'password123456');
    expect(guessable.statusCode).toBe(400);
    expect(guessable.json().detail).toMatch(/too easy to guess/);
    expect((await me(a.cookie)).statusCode).toBe(200);
    expect((await completeReset(secret, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is spent by one of two requests racing with it: the other answers 404', async () => {
    const a = await newAccount();
    const { secret } = await linkFor(a.email);
    const answers = await Promise.all([completeReset(secret, NEW_PASSWORD), completeReset(secret, 'the second racer wins nothing 61')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const winner = answers[0]!.statusCode === 200 ? NEW_PASSWORD : 'the second racer wins nothing 61';
    expect((await signIn(a.email, winner)).statusCode).toBe(200);
  });

  it('spends the older links of the account once one is used', async () => {
    const a = await newAccount();
    const first = await linkFor(a.email);
    const second = await linkFor(a.email);
    expect((await completeReset(second.secret, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await completeReset(first.secret, 'an older link tries its luck 12')).statusCode).toBe(404);
  });

  it('refuses malformed secrets with 400 and made-up ones with 404, never a 5xx', async () => {
    expect((await describeLink('short')).statusCode).toBe(400);
    expect((await completeReset('not%20a%20secret%20at%20all%20really', NEW_PASSWORD)).statusCode).toBe(400);
    expect((await describeLink('A'.repeat(43))).statusCode).toBe(404);
    expect((await completeReset('A'.repeat(43), NEW_PASSWORD)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-resets', payload: { email: 'not an email' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-resets', payload: { email: 'a@nestling.test', extra: 1 } })).statusCode).toBe(400);
  });
});

describe('the rate limits on asking for a link', () => {
  it('allow 3 an hour for one email, from anywhere, then answer 429 with Retry-After, whether or not the account exists', async () => {
    for (const email of ['limit-nobody@nestling.test', (await newAccount()).email]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(202);
      const refused = await requestReset(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Three emails reached the real account, not four.
    for (let i = 0; i < 3; i++) await smtp.next();
  });

  it('allow 10 an hour from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await requestReset(`spray-${i}@nestling.test`, '203.0.113.99')).statusCode).toBe(202);
    expect((await requestReset('spray-10@nestling.test', '203.0.113.99')).statusCode).toBe(429);
    expect((await requestReset('spray-10@nestling.test', '203.0.113.100')).statusCode).toBe(202);
  });
});

describe('forgot password, on a server without email', () => {
  it('says so: options say byEmail false, and a request answers 409 email_unavailable, never a 5xx', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset-options' })).json()).toEqual({ byEmail: true });
    expect((await noEmail.inject({ method: 'GET', url: '/api/auth/password-reset-options' })).json()).toEqual({ byEmail: false });
    const response = await requestReset('anyone@nestling.test', '192.0.2.200', noEmail);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'email_unavailable', detail: expect.stringMatching(/guardian or your nursery/) });
  });
});

describe('the secret', () => {
  it('never reaches the log, though every request is logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(testConfig({ SMTP_URL: smtp.url }), { database: t.database, logger: { level: 'info', stream }, clientDir: '/nonexistent', now });
    try {
      const a = await newAccount();
      const { secret } = await linkFor(a.email);
      await logged.inject({ method: 'GET', url: `/reset-password/${secret}` });
      await logged.inject({ method: 'GET', url: `/api/auth/password-resets/${secret}` });
      await logged.inject({ method: 'GET', url: `/trpc/password.describe?input=${encodeURIComponent(JSON.stringify({ secret }))}` });
      expect((await logged.inject({ method: 'POST', url: `/api/auth/password-resets/${secret}`, payload: { password: NEW_PASSWORD } })).statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/auth/password-resets/[secret]');
      expect(log).toContain('/reset-password/[secret]');
      expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
