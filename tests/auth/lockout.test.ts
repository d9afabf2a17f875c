import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// A clock the tests move by hand, so waiting out a delay takes no real time.
let clock = Date.parse('2026-11-24T09:00:00Z');
const now = () => new Date(clock);
const advanceSeconds = (seconds: number) => {
  clock += seconds * 1000;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t?.close());

function signIn(app: TestApp['app'], payload: { email: string; password: string }, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, remoteAddress });
}

describe('lockout that cannot be turned against a parent', () => {
  it('ten wrong passwords for a parent from other addresses do not lock the parent out of their own address', async () => {
    const { email, password } = demoAccounts.parent;
    for (let i = 1; i <= 10; i++) {
      const res = await signIn(t.app, { email, password: `wrong-guess-${i}` }, `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const own = await signIn(t.app, { email, password }, '203.0.113.7');
    expect(own.statusCode).toBe(200);
  });

  it('slows further guesses at one email from many addresses with a growing delay, and the parent gets in once it passes', async () => {
    const { email, password } = demoAccounts.secondParent;
    for (let i = 1; i <= 10; i++) expect((await signIn(t.app, { email, password: `guess-${i}` }, `198.51.101.${i}`)).statusCode).toBe(401);
    const delays: number[] = [];
    for (let i = 11; i <= 16; i++) {
      expect((await signIn(t.app, { email, password: `guess-${i}` }, `198.51.101.${i}`)).statusCode).toBe(401);
      // The very next attempt, from yet another address, must wait.
      const held = await signIn(t.app, { email, password: `guess-${i}b` }, `198.51.102.${i}`);
      expect(held.statusCode).toBe(429);
      expect(held.json().detail).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
      delays.push(Number(held.headers['retry-after']));
      advanceSeconds(delays.at(-1)!);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 30]);
    // The parent is slowed, never locked out: once the delay passes, their own password works.
    const own = await signIn(t.app, { email, password }, '203.0.113.8');
    expect(own.statusCode).toBe(200);
  });

  it('blocks one address after ten wrong passwords for one email, until the window ends, with Retry-After', async () => {
    const email = 'pair-target@example.com';
    for (let i = 1; i <= 10; i++) expect((await signIn(t.app, { email, password: `guess-${i}` }, '192.0.2.50')).statusCode).toBe(401);
    const blocked = await signIn(t.app, { email, password: 'guess-11' }, '192.0.2.50');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(blocked.headers['retry-after']).toBe('900');
    // Another address may still try that email (after the soft delay), and this address may try others.
    advanceSeconds(1);
    expect((await signIn(t.app, { email, password: 'guess-12' }, '192.0.2.51')).statusCode).toBe(401);
    expect((await signIn(t.app, { email: 'someone-else@example.com', password: 'guess-1' }, '192.0.2.50')).statusCode).toBe(401);
    advanceSeconds(15 * 60);
    expect((await signIn(t.app, { email, password: 'guess-13' }, '192.0.2.50')).statusCode).toBe(401);
  });

  it("does not count a parent's own successful sign-ins against them", async () => {
    for (let i = 0; i < 12; i++) {
      const res = await signIn(t.app, demoAccounts.staff, '203.0.113.9');
      expect(res.statusCode).toBe(200);
      advanceSeconds(1);
    }
  });
});

describe('the order the sign-in limits count in', () => {
  it('does not hold an attempt the address limit refused against the email, nor one the (email, address) limit refused', async () => {
    const limited = await createTestApp({ seed: false, now, authLimits: { perIp: 3, perEmailAndIp: 1, perEmailBeforeDelay: 2 } });
    try {
      const email = 'order-target@example.com';
      // One guess at the email from 192.0.2.80 uses its one try at that pair; two more there are refused by the pair.
      expect((await signIn(limited.app, { email, password: 'guess-1' }, '192.0.2.80')).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) expect((await signIn(limited.app, { email, password: 'guess-x' }, '192.0.2.80')).statusCode).toBe(429);
      // 192.0.2.81 uses up its address limit on other emails; its guesses at the email are refused by the address.
      for (let i = 0; i < 3; i++) expect((await signIn(limited.app, { email: `other${i}@example.com`, password: 'guess-x' }, '192.0.2.81')).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) expect((await signIn(limited.app, { email, password: 'guess-x' }, '192.0.2.81')).statusCode).toBe(429);
      // So the email has been guessed once: one more goes through freely, the next sets a wait, and only then is one held.
      expect((await signIn(limited.app, { email, password: 'guess-2' }, '192.0.2.82')).statusCode).toBe(401);
      expect((await signIn(limited.app, { email, password: 'guess-3' }, '192.0.2.83')).statusCode).toBe(401);
      const held = await signIn(limited.app, { email, password: 'guess-4' }, '192.0.2.84');
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe('1');
    } finally {
      await limited.close();
    }
  });
});

describe('Retry-After on every 429', () => {
  it('sends Retry-After with a sign-in 429 over REST and over tRPC', async () => {
    const limited = await createTestApp({ seed: false, now, authLimits: { perIp: 2 } });
    try {
      for (let i = 0; i < 2; i++) expect((await signIn(limited.app, { email: `spray${i}@example.com`, password: 'guess-xxxx' }, '192.0.2.60')).statusCode).toBe(401);
      const rest = await signIn(limited.app, { email: 'spray-rest@example.com', password: 'guess-xxxx' }, '192.0.2.60');
      expect(rest.statusCode).toBe(429);
      expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0);
      const trpc = await limited.app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        payload: { email: 'spray-trpc@example.com', password: 'guess-xxxx' },
        remoteAddress: '192.0.2.60',
      });
      expect(trpc.statusCode).toBe(429);
      expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('limits shared by every server instance', () => {
  it('counts attempts made on two app instances on one database together', async () => {
    const limited = await createTestApp({ seed: false, now, authLimits: { perIp: 4 } });
    const second = await buildApp(limited.config, { database: limited.database, logger: false, now, clientDir: '/nonexistent', authLimits: { perIp: 4 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? limited.app : second;
        statuses.push((await signIn(app, { email: `shared${i}@example.com`, password: 'guess-xxxx' }, '192.0.2.70')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await second.close();
      await limited.close();
    }
  });
});
