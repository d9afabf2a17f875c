import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('password hashing under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One hash at a time, so four may wait and the rest of a burst is turned away.
    t = await createTestApp({ seed: false, env: { PASSWORD_HASH_CONCURRENCY: '1' } });
  });
  afterAll(() => t?.close());

  it('answers a sign-in that finds the hashing queue full with 503 and Retry-After at once, and never 500', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: `burst${i}@example.com`, password: 'guess-xxxx' }, remoteAddress: `10.8.0.${i}` }),
      ),
    );
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    // One runs and four wait; a burst of twelve cannot all fit, whatever the timing.
    expect(statuses).toContain(503);
    for (const res of responses.filter((r) => r.statusCode === 503)) {
      expect(res.json()).toMatchObject({ code: 'server_busy', detail: 'Sign-in is busy right now. Please try again in a few seconds.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('turns away a burst that arrives at once before its database work: only the sign-ins it can check are counted', async () => {
    const countRows = async () => (await t.app.database.db.selectFrom('rate_limits').select('key').execute()).length;
    const before = await countRows();
    // Twelve sign-ins begin in the same tick, as a burst over many connections does: none has
    // reached the hashing queue when the next one asks whether there is room.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => t.app.services.auth.signIn({ email: `crowd${i}@example.com`, password: 'guess-xxxx' }, { ip: `10.8.2.${i}` })),
    );
    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'signed-in'));
    // One runs and four wait: the other seven are refused before they touch the database.
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(5);
    expect(codes.filter((code) => code === 'server_busy')).toHaveLength(7);
    // Each checked sign-in counts its address, its email and the pair; a refused one counts nothing.
    expect((await countRows()) - before).toBe(3 * 5);
  });

  it('lets the sign-ins a burst admits do their database work one hashing slot at a time, not all at once', async () => {
    const load = () => t.app.services.auth.passwordHashLoad();
    await expect.poll(() => load().running + load().waiting).toBe(0);
    const countRows = async () => (await t.app.database.db.selectFrom('rate_limits').select('key').execute()).length;
    const before = await countRows();
    const burst = Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => t.app.services.auth.signIn({ email: `turns${i}@example.com`, password: 'guess-xxxx' }, { ip: `10.8.4.${i}` })),
    );
    // The first has counted its three limits and now holds the slot for its (decoy) check; the
    // other four wait for the slot before touching the database.
    await expect.poll(countRows).toBe(before + 3);
    expect(await countRows()).toBe(before + 3);
    expect(load()).toMatchObject({ running: 1, waiting: 4 });
    await burst;
    expect(await countRows()).toBe(before + 3 * 5);
  });

  it("holds a sign-in's place from its arrival over HTTP, so a burst is refused before its bodies are read", async () => {
    const load = () => t.app.services.auth.passwordHashLoad();
    await expect.poll(() => load().running + load().waiting).toBe(0);
    // Five sign-ins (one running and four waiting fill the queue) whose bodies have not arrived yet.
    const bodies = Array.from({ length: 5 }, () => new PassThrough());
    const held = bodies.map((body, i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: body, remoteAddress: `10.8.3.${i}` }),
    );
    await expect.poll(() => load().reserved).toBe(5);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'late@example.com', password: 'guess-xxxx' }, remoteAddress: '10.8.3.9' });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({ code: 'server_busy' });
    bodies.forEach((body, i) => body.end(JSON.stringify({ email: `held${i}@example.com`, password: 'guess-xxxx' })));
    expect((await Promise.all(held)).map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
    // A sign-in that never reaches its check (here, a body that is not valid) gives its place back.
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'not-an-email' }, remoteAddress: '10.8.3.10' });
    expect(invalid.statusCode).toBe(400);
    expect(load().reserved).toBe(0);
  });

  it('reads and validates an admitted sign-in only when its turn for a hashing slot comes, after its body has arrived', async () => {
    const load = () => t.app.services.auth.passwordHashLoad();
    await expect.poll(() => load().running + load().waiting).toBe(0);
    // Another sign-in holds the only slot.
    const holder = t.app.services.auth.hasher.reserve();
    await holder.turn();
    let answered = false;
    const invalid = t.app
      .inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'not-an-email' }, remoteAddress: '10.8.5.1' })
      .finally(() => (answered = true));
    // Its body has arrived and it waits for the slot, before the API adapter has looked at its fields.
    await expect.poll(() => load().waiting).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    holder.release();
    expect((await invalid).statusCode).toBe(400);
    expect(load()).toMatchObject({ running: 0, waiting: 0, reserved: 0 });
  });
});

describe('throttling before hashing', () => {
  it('hashes nothing, not even the decoy, for a sign-in the limits refuse', async () => {
    const t = await createTestApp({ seed: false, authLimits: { perIp: 1 } });
    try {
      const signIn = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'guess-xxxx' }, remoteAddress: '10.8.1.1' });
      expect((await signIn('first@example.com')).statusCode).toBe(401);
      const before = t.app.services.auth.passwordHashLoad();
      expect((await signIn('second@example.com')).statusCode).toBe(429);
      expect(t.app.services.auth.passwordHashLoad()).toEqual(before);
    } finally {
      await t.close();
    }
  });
});

describe('an unknown email', () => {
  it('answers the same 401 as a wrong password after a decoy wait, and costs no hash', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Kim Lee', email: 'kim@example.com', password: 'a calm morning walk 42' } });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const signIn = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'guess-xxxx' } });
      const before = t.app.services.auth.passwordHashLoad();
      const wrongPassword = await signIn('kim@example.com');
      const afterWrongPassword = t.app.services.auth.passwordHashLoad();
      expect(afterWrongPassword).toMatchObject({ completed: before.completed + 1, decoys: before.decoys });
      const unknownEmail = await signIn('nobody@example.com');
      expect(t.app.services.auth.passwordHashLoad()).toMatchObject({ completed: afterWrongPassword.completed, decoys: before.decoys + 1 });
      expect(unknownEmail.statusCode).toBe(401);
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    } finally {
      await t.close();
    }
  });
});
