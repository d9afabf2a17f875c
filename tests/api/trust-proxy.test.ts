import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

/**
 * Behind a load balancer every request comes from the balancer's address. With TRUST_PROXY set
 * to it, the client's address is read from X-Forwarded-For (so per-IP limits and the address a
 * token was last used from are the client's); from anyone else, X-Forwarded-For is ignored.
 */

const BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.9';
let behind: TestApp;
let direct: TestApp;

beforeAll(async () => {
  [behind, direct] = await Promise.all([createTestApp({ env: { TRUST_PROXY: `${BALANCER}, 10.0.1.0/24` } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([behind?.close(), direct?.close()]);
});

async function lastUsedIpVia(t: TestApp, remoteAddress: string) {
  const cookie = await t.cookieFor(demoAccounts.parent);
  const created = (await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'Through the balancer', scopes: ['children:read'] } })).json();
  await t.app.inject({ method: 'GET', url: '/api/children', headers: { authorization: `Bearer ${created.token}`, 'x-forwarded-for': CLIENT }, remoteAddress });
  return (await t.app.inject({ method: 'GET', url: `/api/tokens/${created.id}`, headers: { cookie } })).json().lastUsedIp;
}

describe('TRUST_PROXY', () => {
  it("takes the client's address from X-Forwarded-For when the request comes through a listed balancer", async () => {
    expect(await lastUsedIpVia(behind, BALANCER)).toBe(CLIENT);
    expect(await lastUsedIpVia(behind, '10.0.1.77')).toBe(CLIENT);
  });

  it('ignores X-Forwarded-For from any other address, and everywhere when unset', async () => {
    expect(await lastUsedIpVia(behind, '198.51.100.20')).toBe('198.51.100.20');
    expect(await lastUsedIpVia(direct, BALANCER)).toBe(BALANCER);
  });
});
