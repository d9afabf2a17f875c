import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES, apiScopeNames, DEFAULT_API_SCOPES, type ApiScope } from '../../src/shared/api-scopes';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { HandshakeRefused, listen, TestSocket } from '../realtime/realtime-helpers';

/**
 * Scoped, expiring API tokens. Every signed-in operation in the OpenAPI document is called with a
 * token lacking the scope it lists (403 insufficient_scope, naming it) and with a token holding
 * only that scope (let through); an operation that lists no scope refuses every token. A new
 * operation is swept as soon as it is in the document.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: string;
  path: string;
  /** The scope a token needs; null when only a browser session may call it. */
  scope: ApiScope | null;
}

let t: TestApp;
let parentId: number;
let operations: Operation[];
let cookie: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn(demoAccounts.parent);
  parentId = (await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] && item[method].security?.length).map((method) => {
      const bearer = item[method]!.security!.find((requirement) => requirement.bearerToken)?.bearerToken;
      return { method: method.toUpperCase(), path, scope: (bearer?.[0] as ApiScope | undefined) ?? null };
    }),
  );
});
afterAll(() => t?.close());

/** A token of the demo parent holding exactly `scopes`, made once per set. */
async function tokenWith(scopes: ApiScope[]): Promise<string> {
  const key = scopes.join(',');
  if (!tokens.has(key)) tokens.set(key, (await t.app.services.auth.createApiToken(parentId, { name: `scopes ${key}`, scopes })).token);
  return tokens.get(key)!;
}

function call(op: Operation, token: string) {
  const url = `/api${op.path.replace(/\{[^}]+\}/g, (param) => (param === '{id}' ? '1' : 'x'))}`;
  const isUpload = op.path === '/community/images' && op.method === 'POST';
  const body = op.method === 'GET' || op.method === 'DELETE' ? {} : { headers: { 'content-type': isUpload ? 'image/png' : 'application/json' }, payload: isUpload ? Buffer.from('not read') : '{}' };
  return t.app.inject({ method: op.method as 'GET', url, ...body, headers: { authorization: `Bearer ${token}`, ...body.headers } });
}

describe('API token scopes', () => {
  it('lists a scope, or none, for every signed-in operation, and only scopes that exist', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) if (op.scope) expect(apiScopeNames, `${op.method} ${op.path}`).toContain(op.scope);
    expect(operations.find((op) => op.method === 'GET' && op.path === '/children')?.scope).toBe('children:read');
    expect(operations.find((op) => op.method === 'POST' && op.path === '/tokens')?.scope).toBeNull();
  });

  it('answers 403 insufficient_scope, naming the scope, to a token without the scope an operation lists', async () => {
    for (const op of operations.filter((o) => o.scope)) {
      const res = await call(op, await tokenWith(apiScopeNames.filter((scope) => scope !== op.scope)));
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(403);
      expect(res.json().code, `${op.method} ${op.path}`).toBe('insufficient_scope');
      expect(res.json().detail).toContain(`'${op.scope}'`);
    }
  });

  it('lets a token holding only that scope through to the operation', async () => {
    for (const op of operations.filter((o) => o.scope)) {
      const res = await call(op, await tokenWith([op.scope!]));
      // It may still be refused for what the operation itself checks (staff only, a missing id), never for its scope.
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).not.toBe(401);
      expect(res.body, `${op.method} ${op.path}`).not.toContain('insufficient_scope');
    }
  });

  it('refuses every token, whatever its scopes, where an operation lists none (a browser session is needed)', async () => {
    const sessionOnly = operations.filter((o) => !o.scope);
    expect(sessionOnly.map((op) => `${op.method} ${op.path}`)).toEqual(expect.arrayContaining(['POST /tokens', 'DELETE /tokens/{id}', 'PATCH /users/me']));
    for (const op of sessionOnly) {
      const res = await call(op, await tokenWith(apiScopeNames));
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(403);
    }
  });

  it('lets a token join /ws only with activities:read', async () => {
    const url = await listen(t.app);
    await expect(TestSocket.open(url, { token: await tokenWith(['children:read']), origin: null })).rejects.toEqual(new HandshakeRefused(403));
    const socket = await TestSocket.open(url, { token: await tokenWith(['activities:read']), origin: null });
    socket.send({ type: 'join', channel: 'classroom-3b' });
    expect(await socket.next()).toEqual({ type: 'joined', channel: 'classroom-3b', lastEventId: expect.any(Number) });
    await socket.close();
  });

  it('documents every scope in the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const scope of Object.keys(API_SCOPES)) expect(doc.components.securitySchemes.bearerToken.description).toContain(`\`${scope}\``);
  });
});

describe('creating a token', () => {
  const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload });

  it('gives a token every read scope and no write scope when none are named', async () => {
    const res = await create({ name: 'Reader' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ scopes: DEFAULT_API_SCOPES, expiresAt: null });
    expect(DEFAULT_API_SCOPES.some((scope) => scope.endsWith(':write'))).toBe(false);
  });

  it('keeps the scopes and expiry asked for, and refuses unknown scopes, repeats and expiries in the past or over a year away', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await create({ name: 'Nursery sync', scopes: ['bookings:read', 'children:read'], expiresAt });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ scopes: ['children:read', 'bookings:read'], expiresAt });

    for (const [payload, field] of [
      [{ name: 'x', scopes: ['everything'] }, 'scopes'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['children:read', 'children:read'] }, 'scopes'],
      [{ name: 'x', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      [{ name: 'x', expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 'expiresAt'],
    ] as const) {
      const refused = await create(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().errors[0].path, JSON.stringify(payload)).toMatch(new RegExp(`^${field}\\b`));
    }
  });

  it('stops signing in with a token once its expiry has passed', async () => {
    const created = (await create({ name: 'Short-lived', scopes: ['children:read'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() })).json();
    await t.database.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', created.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/children', headers: { authorization: `Bearer ${created.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('shows when and from which address a token was last used', async () => {
    const created = (await create({ name: 'Kitchen display', scopes: ['children:read'] })).json();
    await t.app.inject({ method: 'GET', url: '/api/children', headers: { authorization: `Bearer ${created.token}` }, remoteAddress: '203.0.113.7' });
    const read = await t.app.inject({ method: 'GET', url: `/api/tokens/${created.id}`, headers: { cookie } });
    expect(read.json()).toMatchObject({ lastUsedIp: '203.0.113.7', lastUsedAt: expect.any(String) });
  });
});
