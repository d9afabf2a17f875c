import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitStore, waitPhrase } from '../../src/server/lib/rate-limit-store';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

let clock = Date.parse('2026-11-24T09:00:00Z');
const now = () => new Date(clock);

describe('the shared rate-limit store', () => {
  it('counts concurrent hits on one key exactly: of 30 at once, 10 go ahead', async () => {
    const store = createRateLimitStore({ db: database.db, now });
    const waits = await Promise.all(Array.from({ length: 30 }, () => store.hit('burst', { limit: 10, windowSeconds: 60 })));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    expect(waits.filter((wait) => wait === 60)).toHaveLength(20);
  });

  it('counts a burst against a second key only as far as the first let it through: of 30 at once, 10 counted on both', async () => {
    const store = createRateLimitStore({ db: database.db, now });
    const inOrder = [
      { key: 'chain-first', rule: { limit: 10, windowSeconds: 60 } },
      { key: 'chain-second', rule: { limit: 100, windowSeconds: 60 } },
    ];
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => store.throttleInOrder(inOrder, 'Too many.')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    // The second key saw exactly the 10: with a limit of 11 it takes one more, then refuses.
    expect(await store.hit('chain-second', { limit: 11, windowSeconds: 60 })).toBe(0);
    expect(await store.hit('chain-second', { limit: 11, windowSeconds: 60 })).toBe(60);
  });

  it('does not refuse an attempt whose clock read came a moment before a concurrent one that was written first', async () => {
    // Two sign-ins from one address: the second to be written read the clock 20 ms earlier.
    const store = createRateLimitStore({ db: database.db, now });
    expect(await store.hit('skew', { limit: 100, windowSeconds: 60 })).toBe(0);
    const earlier = createRateLimitStore({ db: database.db, now: () => new Date(clock - 20) });
    expect(await earlier.hit('skew', { limit: 100, windowSeconds: 60 })).toBe(0);
  });

  it('starts a new window once the old one ends', async () => {
    const store = createRateLimitStore({ db: database.db, now });
    expect(await store.hit('window', { limit: 1, windowSeconds: 60 })).toBe(0);
    clock += 59_000;
    expect(await store.hit('window', { limit: 1, windowSeconds: 60 })).toBe(1);
    clock += 1_000;
    expect(await store.hit('window', { limit: 1, windowSeconds: 60 })).toBe(0);
  });

  it('takes back a refunded hit and forgets a reset key', async () => {
    const store = createRateLimitStore({ db: database.db, now });
    const rule = { limit: 2, windowSeconds: 60 };
    await store.hit('refund', rule);
    await store.hit('refund', rule);
    await store.refund('refund');
    expect(await store.hit('refund', rule)).toBe(0);
    expect(await store.hit('refund', rule)).toBeGreaterThan(0);
    await store.reset('refund');
    expect(await store.hit('refund', rule)).toBe(0);
  });

  it('stores keys hashed, never the email or address it counts', async () => {
    const store = createRateLimitStore({ db: database.db, now });
    await store.hit('sign-in:email:private.parent@example.com', { limit: 5, windowSeconds: 60 });
    const keys = await database.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.some((row) => row.key.includes('private.parent'))).toBe(false);
  });

  it('sweeps away rows whose window and wait have both run out', async () => {
    const store = createRateLimitStore({ db: database.db, now });
    await store.hit('old', { limit: 5, windowSeconds: 60 });
    clock += 10 * 60_000;
    const fresh = createRateLimitStore({ db: database.db, now });
    await fresh.hit('new', { limit: 5, windowSeconds: 60 });
    const rows = await database.db.selectFrom('rate_limits').select('key').execute();
    expect(rows).toHaveLength(1);
  });

  it('says short waits in seconds and long ones in minutes', () => {
    expect([1, 45, 90, 91, 900].map(waitPhrase)).toEqual(['1 second', '45 seconds', '90 seconds', '2 minutes', '15 minutes']);
  });
});
