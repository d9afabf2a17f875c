import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { SoftAuthenticator } from '../helpers/soft-authenticator';

let clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
/** Moves the clock to the next 30-second step, where the app shows a new code. */
const nextStep = () => (clock = new Date(clock.getTime() + 30_000));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now, seed: false });
});
afterAll(() => t?.close());

const PASSWORD = 'a quiet harbour at dawn 7';
let accounts = 0;
async function newAccount() {
  accounts += 1;
  const account = { name: `Two Step ${accounts}`, email: `two-step-${accounts}@nestling.test`, password: PASSWORD };
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account, remoteAddress: `192.0.2.${accounts}` });
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, id: response.json<{ id: number }>().id, cookie: sessionCookieOf(response) };
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { cookie?: string; payload?: unknown } = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: options.cookie ? { cookie: options.cookie } : {}, payload: options.payload as never });

const codeAt = (secret: string, at = clock) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

/** Turns two-step on for the account, as Profile does; answers the secret and the recovery codes. */
async function turnOn(cookie: string) {
  const enrolment = await api('POST', '/auth/two-step/enrolment', { cookie });
  expect(enrolment.statusCode, enrolment.body).toBe(200);
  const { secret } = enrolment.json<{ secret: string }>();
  const confirmed = await api('POST', '/auth/two-step', { cookie, payload: { code: codeAt(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  nextStep();
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const pendingCookieOf = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'nestling_two_step');
  return cookie ? `nestling_two_step=${cookie.value}` : undefined;
};

/** The password step: with two-step on, a 401 two_step_required and the pending cookie. */
async function passwordStep(account: { email: string; password: string }) {
  const response = await api('POST', '/auth/sign-in', { payload: { email: account.email, password: account.password } });
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json().code).toBe('two_step_required');
  expect(response.cookies.find((c) => c.name === 'nestling_session')).toBeUndefined();
  return pendingCookieOf(response)!;
}

const codeStep = (pending: string | undefined, code: string) => api('POST', '/auth/two-step/sign-in', { cookie: pending, payload: { code } });

describe('two-step sign-in', () => {
  it('enrols with a QR code, turns on with a code, and gives 10 recovery codes once', async () => {
    const a = await newAccount();
    expect((await api('GET', '/auth/two-step', { cookie: a.cookie })).json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const enrolment = (await api('POST', '/auth/two-step/enrolment', { cookie: a.cookie })).json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toBe(`otpauth://totp/Nestling:${encodeURIComponent(a.email)}?issuer=Nestling&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on until confirmed: the password alone still signs in.
    expect((await api('POST', '/auth/sign-in', { payload: { email: a.email, password: PASSWORD } })).statusCode).toBe(200);
    const wrong = await api('POST', '/auth/two-step', { cookie: a.cookie, payload: { code: codeAt(enrolment.secret, new Date(clock.getTime() - 300_000)) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('code');

    const confirmed = await api('POST', '/auth/two-step', { cookie: a.cookie, payload: { code: codeAt(enrolment.secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await api('GET', '/auth/two-step', { cookie: a.cookie })).json()).toEqual({ enabled: true, enabledAt: clock.toISOString(), recoveryCodesLeft: 10 });

    // Stored hashed: no recovery code and no part of one is in the database.
    const stored = await t.database.db.selectFrom('two_step_recovery_codes').select('code_hash').where('user_id', '=', a.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));

    const again = await api('POST', '/auth/two-step/enrolment', { cookie: a.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_step_already_on');
  });

  it('then asks for a code after the password, and the code signs in once', async () => {
    const a = await newAccount();
    const { secret } = await turnOn(a.cookie);
    const pending = await passwordStep(a);
    const code = codeAt(secret);
    const signedIn = await codeStep(pending, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: a.id, email: a.email });
    expect((await api('GET', '/users/me', { cookie: sessionCookieOf(signedIn) })).statusCode).toBe(200);
    // The pending sign-in is spent, and the same code does not work a second time.
    expect((await codeStep(pending, code)).json().code).toBe('unauthenticated');
    const replay = await codeStep(await passwordStep(a), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_credentials');
  });

  it('takes a code of the step before or after, for clocks a little apart, but not older', async () => {
    const a = await newAccount();
    const { secret } = await turnOn(a.cookie);
    nextStep();
    expect((await codeStep(await passwordStep(a), codeAt(secret, new Date(clock.getTime() + 30_000)))).statusCode).toBe(200);
    nextStep();
    nextStep();
    nextStep();
    expect((await codeStep(await passwordStep(a), codeAt(secret, new Date(clock.getTime() - 60_000)))).statusCode).toBe(401);
  });

  it('takes each recovery code once, in place of a code', async () => {
    const a = await newAccount();
    const { recoveryCodes } = await turnOn(a.cookie);
    const [first] = recoveryCodes as [string];
    // Typed in capitals, without the dash: still the code.
    const signedIn = await codeStep(await passwordStep(a), first.replace('-', '').toUpperCase());
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await api('GET', '/auth/two-step', { cookie: sessionCookieOf(signedIn) })).json().recoveryCodesLeft).toBe(9);
    expect((await codeStep(await passwordStep(a), first)).statusCode).toBe(401);
  });

  it('limits code attempts to 10 per account in 15 minutes, with Retry-After', async () => {
    const a = await newAccount();
    const { secret } = await turnOn(a.cookie);
    const pending = await passwordStep(a);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const wrong = await codeStep(pending, '000000');
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await codeStep(pending, codeAt(secret));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A new password step does not start the count again.
    expect((await codeStep(await passwordStep(a), codeAt(secret))).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await codeStep(await passwordStep(a), codeAt(secret))).statusCode).toBe(200);
  });

  it('answers a code with no password step waiting, or an expired one, with 401 unauthenticated', async () => {
    const a = await newAccount();
    const { secret } = await turnOn(a.cookie);
    expect((await codeStep(undefined, codeAt(secret))).json().code).toBe('unauthenticated');
    expect((await codeStep('nestling_two_step=made-up', codeAt(secret))).json().code).toBe('unauthenticated');
    const pending = await passwordStep(a);
    clock = new Date(clock.getTime() + 11 * 60_000);
    const late = await codeStep(pending, codeAt(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('unauthenticated');
  });

  it('is satisfied by a passkey: a passkey sign-in asks no code', async () => {
    const a = await newAccount();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const options = (await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json();
    expect((await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: authenticator.register(options) } })).statusCode).toBe(201);
    await turnOn(a.cookie);
    const signInOptions = (await api('POST', '/auth/passkey-sign-in/options')).json();
    const signedIn = await api('POST', '/auth/passkey-sign-in', { payload: { response: authenticator.authenticate(signInOptions) } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await api('GET', '/users/me', { cookie: sessionCookieOf(signedIn) })).statusCode).toBe(200);
  });

  it('turns off only with a fresh code or a passkey of your own', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const { secret } = await turnOn(a.cookie);
    const stale = await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: { code: codeAt(secret, new Date(clock.getTime() - 120_000)) } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors[0].path).toBe('code');
    expect((await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: {} })).statusCode).toBe(400);
    expect((await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: { code: codeAt(secret), passkey: {} } })).statusCode).toBe(400);

    // Another account's passkey does not confirm, nor does a sign-in challenge.
    const theirs = new SoftAuthenticator(TEST_ORIGIN);
    const theirOptions = (await api('POST', '/auth/passkeys/registration-options', { cookie: b.cookie })).json();
    expect((await api('POST', '/auth/passkeys', { cookie: b.cookie, payload: { response: theirs.register(theirOptions) } })).statusCode).toBe(201);
    expect((await api('POST', '/auth/two-step/passkey-options', { cookie: a.cookie })).statusCode).toBe(400);
    const mine = new SoftAuthenticator(TEST_ORIGIN);
    const myOptions = (await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json();
    expect((await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: mine.register(myOptions) } })).statusCode).toBe(201);
    const confirmOptions = (await api('POST', '/auth/two-step/passkey-options', { cookie: a.cookie })).json();
    expect(confirmOptions.allowCredentials).toEqual([expect.objectContaining({ id: mine.credentialId })]);
    expect((await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: { passkey: theirs.authenticate(confirmOptions) } })).statusCode).toBe(401);
    const signInOptions = (await api('POST', '/auth/passkey-sign-in/options')).json();
    expect((await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: { passkey: mine.authenticate(signInOptions) } })).statusCode).toBe(401);
    expect((await api('GET', '/auth/two-step', { cookie: a.cookie })).json().enabled).toBe(true);

    const off = await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: { passkey: mine.authenticate((await api('POST', '/auth/two-step/passkey-options', { cookie: a.cookie })).json()) } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect(await t.database.db.selectFrom('two_step_recovery_codes').select('user_id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect((await api('POST', '/auth/sign-in', { payload: { email: a.email, password: PASSWORD } })).statusCode).toBe(200);

    // And on again, then off with a fresh code.
    const again = await turnOn(a.cookie);
    const offByCode = await api('POST', '/auth/two-step/turn-off', { cookie: a.cookie, payload: { code: codeAt(again.secret) } });
    expect(offByCode.statusCode, offByCode.body).toBe(200);
  });

  it('is managed from a browser session only, and refuses malformed codes with 400 on REST and tRPC alike', async () => {
    const a = await newAccount();
    const { token } = await t.app.services.auth.createApiToken(a.id, { name: 'reader', scopes: ['profile:read'] });
    for (const [method, url] of [['GET', '/auth/two-step'], ['POST', '/auth/two-step/enrolment'], ['POST', '/auth/two-step/passkey-options']] as const) {
      const response = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, url).toBe(403);
    }
    for (const code of ['12345', '1234567', 'abc', 7, null, 'x'.repeat(41), '12345\u0000']) {
      const rest = await api('POST', '/auth/two-step/sign-in', { payload: { code } });
      expect(rest.statusCode, JSON.stringify(code)).toBe(400);
      const trpc = await t.app.inject({ method: 'POST', url: '/trpc/twoStep.signIn', payload: { code } });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.data.problem.errors).toEqual(rest.json().errors);
    }
  });
});
