import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { SoftAuthenticator } from '../helpers/soft-authenticator';

let clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now, seed: false });
});
afterAll(() => t?.close());

const PASSWORD = 'a quiet harbour at dawn 7';
let accounts = 0;
async function newAccount() {
  accounts += 1;
  const account = { name: `Passkey Tester ${accounts}`, email: `passkey-${accounts}@nestling.test`, password: PASSWORD };
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account, remoteAddress: `192.0.2.${accounts}` });
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, id: response.json<{ id: number }>().id, cookie: sessionCookieOf(response) };
}

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers }, payload: options.payload as never });

/** Registers a new soft passkey on the account, through the REST ceremony. */
async function addPasskey(cookie: string, name?: string) {
  const authenticator = new SoftAuthenticator(TEST_ORIGIN);
  const options = await api('POST', '/auth/passkeys/registration-options', { cookie });
  expect(options.statusCode, options.body).toBe(200);
  const created = await api('POST', '/auth/passkeys', { cookie, payload: { response: authenticator.register(options.json()), ...(name ? { name } : {}) } });
  expect(created.statusCode, created.body).toBe(201);
  return { authenticator, passkey: created.json<{ id: number; name: string }>() };
}

async function passkeySignIn(authenticator: SoftAuthenticator, overrides: { origin?: string } = {}) {
  const options = await api('POST', '/auth/passkey-sign-in/options');
  expect(options.statusCode, options.body).toBe(200);
  const answer = authenticator.authenticate(options.json(), overrides);
  return { answer, response: await api('POST', '/auth/passkey-sign-in', { payload: { response: answer } }) };
}

describe('passkeys', () => {
  it('registers a passkey and signs in with it, without a password', async () => {
    const a = await newAccount();
    const options = (await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json();
    expect(options.rp).toEqual({ name: 'Nestling', id: 'nestling.test' });
    expect(options.user.name).toBe(a.email);
    // The handle the authenticator keeps is 32 random bytes, never the account id or email; the same every time.
    const { webauthn_handle } = await t.database.db.selectFrom('users').select('webauthn_handle').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(options.user.id).toBe(webauthn_handle);
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect((await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json().user.id).toBe(webauthn_handle);
    expect(options.authenticatorSelection.residentKey).toBe('required');

    const { authenticator, passkey } = await addPasskey(a.cookie, 'My laptop');
    expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null, createdAt: clock.toISOString() });

    clock = new Date(clock.getTime() + 60_000);
    const { response } = await passkeySignIn(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: a.id, email: a.email });
    const cookie = sessionCookieOf(response);
    expect((await api('GET', '/users/me', { cookie })).statusCode).toBe(200);

    const list = await api('GET', '/auth/passkeys', { cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ items: [{ ...passkey, lastUsedAt: clock.toISOString() }], nextCursor: null });
  });

  it('names a passkey after the device it was made on when no name is given', async () => {
    const a = await newAccount();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const options = await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie });
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const created = await api('POST', '/auth/passkeys', { cookie: a.cookie, headers: { 'user-agent': userAgent }, payload: { response: authenticator.register(options.json()) } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('Passkey on Safari on iPhone');
  });

  it('spends each challenge once: a replayed answer signs no one in', async () => {
    const a = await newAccount();
    const { authenticator } = await addPasskey(a.cookie);
    const { answer, response } = await passkeySignIn(authenticator);
    expect(response.statusCode).toBe(200);
    const replay = await api('POST', '/auth/passkey-sign-in', { payload: { response: answer } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_credentials');
  });

  it('refuses a registration answer replayed, or made for another site', async () => {
    const a = await newAccount();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const options = (await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json();
    const phished = await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: authenticator.register(options, { origin: 'https://nestling.example' }) } });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().errors[0].path).toBe('response');
    // The challenge was spent by the refused answer too.
    const again = await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: authenticator.register(options) } });
    expect(again.statusCode).toBe(400);
    const otherRp = (await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json();
    const wrongRp = await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: authenticator.register(otherRp, { rpId: 'nestling.example' }) } });
    expect(wrongRp.statusCode).toBe(400);
  });

  it('refuses a sign-in answer for another site, or after the challenge expired', async () => {
    const a = await newAccount();
    const { authenticator } = await addPasskey(a.cookie);
    expect((await passkeySignIn(authenticator, { origin: 'https://nestling.example' })).response.statusCode).toBe(401);
    const options = (await api('POST', '/auth/passkey-sign-in/options')).json();
    clock = new Date(clock.getTime() + 6 * 60_000);
    const late = await api('POST', '/auth/passkey-sign-in', { payload: { response: authenticator.authenticate(options) } });
    expect(late.statusCode).toBe(401);
  });

  it('renames and removes only your own passkeys; another account’s id answers 404', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const { authenticator, passkey } = await addPasskey(a.cookie);
    for (const [method, payload] of [['PATCH', { name: 'Stolen' }], ['DELETE', undefined]] as const) {
      const response = await api(method, `/auth/passkeys/${passkey.id}`, { cookie: b.cookie, payload });
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    const renamed = await api('PATCH', `/auth/passkeys/${passkey.id}`, { cookie: a.cookie, payload: { name: '  Kitchen iPad  ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Kitchen iPad');
    const removed = await api('DELETE', `/auth/passkeys/${passkey.id}`, { cookie: a.cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api('GET', '/auth/passkeys', { cookie: a.cookie })).json().items).toEqual([]);
    // A removed passkey signs no one in.
    expect((await passkeySignIn(authenticator)).response.statusCode).toBe(401);
  });

  it('keeps the last passkey of an account with no password', async () => {
    const a = await newAccount();
    const first = await addPasskey(a.cookie);
    const second = await addPasskey(a.cookie);
    await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', a.id).execute();
    expect((await api('DELETE', `/auth/passkeys/${first.passkey.id}`, { cookie: a.cookie })).statusCode).toBe(200);
    const last = await api('DELETE', `/auth/passkeys/${second.passkey.id}`, { cookie: a.cookie });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_sign_in_method');
    // With no password the account still signs in, with its passkey; a password sign-in fails as a wrong one would.
    expect((await passkeySignIn(second.authenticator)).response.statusCode).toBe(200);
    const withPassword = await api('POST', '/auth/sign-in', { payload: { email: a.email, password: PASSWORD } });
    expect(withPassword.statusCode).toBe(401);
    expect(withPassword.json().code).toBe('invalid_credentials');
  });

  it('refuses the same authenticator twice', async () => {
    const a = await newAccount();
    const { authenticator } = await addPasskey(a.cookie);
    const options = (await api('POST', '/auth/passkeys/registration-options', { cookie: a.cookie })).json();
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);
    const twice = await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: authenticator.register(options) } });
    expect(twice.statusCode).toBe(400);
  });

  it('is managed from a browser session only: an API token gets 403', async () => {
    const a = await newAccount();
    const { passkey } = await addPasskey(a.cookie);
    const { token } = await t.app.services.auth.createApiToken(a.id, { name: 'all of it', scopes: ['profile:read', 'children:read'] });
    const bearer = { authorization: `Bearer ${token}` };
    for (const [method, url, payload] of [
      ['GET', '/auth/passkeys', undefined],
      ['POST', '/auth/passkeys/registration-options', undefined],
      ['PATCH', `/auth/passkeys/${passkey.id}`, { name: 'x' }],
      ['DELETE', `/auth/passkeys/${passkey.id}`, undefined],
    ] as const) {
      const response = await api(method, url, { headers: bearer, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers malformed ceremonies with 400 or 401, never a 5xx, the same over REST and tRPC', async () => {
    const a = await newAccount();
    const garbage = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } };
    const notJson = { ...garbage, response: { ...garbage.response, clientDataJSON: Buffer.from('{"challenge":').toString('base64url') } };
    for (const response of [garbage, notJson]) {
      expect((await api('POST', '/auth/passkey-sign-in', { payload: { response } })).statusCode).toBe(401);
      const registration = { ...response, response: { clientDataJSON: response.response.clientDataJSON, attestationObject: 'AAAA' } };
      expect((await api('POST', '/auth/passkeys', { cookie: a.cookie, payload: { response: registration } })).statusCode).toBe(400);
    }
    const badShapes = [{}, { response: 'x' }, { response: { ...garbage, id: 'not base64url!' } }, { response: { ...garbage, extra: 1 } }];
    for (const payload of badShapes) {
      const rest = await api('POST', '/auth/passkey-sign-in', { payload });
      expect(rest.statusCode, JSON.stringify(payload)).toBe(400);
      const trpc = await t.app.inject({ method: 'POST', url: '/trpc/passkeys.signIn', payload });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.data.problem.errors).toEqual(rest.json().errors);
    }
    const badName = await api('PATCH', '/auth/passkeys/1', { cookie: a.cookie, payload: { name: ' ' } });
    expect(badName.statusCode).toBe(400);
    expect((await api('PATCH', '/auth/passkeys/99999999999', { cookie: a.cookie, payload: { name: 'x' } })).statusCode).toBe(400);
  });
});
