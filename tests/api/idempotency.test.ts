import sharp from 'sharp';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_PATH } from '../../src/shared/community-rules';
import { idempotentOperations } from '../../src/server/trpc/idempotency';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.parse('2026-11-23T10:00:00Z');
const now = () => new Date(clock);

let t: TestApp;
const bearer: Record<'parent' | 'secondParent', Record<string, string>> = { parent: {}, secondParent: {} };
beforeAll(async () => {
  t = await createTestApp({ now, env: { UPLOAD_DAILY_LIMIT: '1' } });
  for (const account of ['parent', 'secondParent'] as const) {
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts[account].email).executeTakeFirstOrThrow();
    const { token } = await t.app.services.auth.createApiToken(user.id, { name: 'idempotency test', scopes: apiScopeNames });
    bearer[account] = { authorization: `Bearer ${token}` };
  }
});
afterAll(() => t?.close());

const child = (name: string) => ({ name, dateOfBirth: '2023-04-17' });
const countChildren = async (name: string) =>
  Number((await t.database.db.selectFrom('children').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', name).executeTakeFirstOrThrow()).n);
const addChild = (key: string, body: object, account: 'parent' | 'secondParent' = 'parent') =>
  t.app.inject({ method: 'POST', url: '/api/children', headers: { ...bearer[account], 'idempotency-key': key }, payload: body });

describe('Idempotency-Key on creates', () => {
  it('replays the first answer to a retried POST /api/children, and creates one child', async () => {
    const first = await addChild('retry-1', child('Retried Rosa'));
    const second = await addChild('retry-1', child('Retried Rosa'));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await countChildren('Retried Rosa')).toBe(1);
  });

  it('compares bodies by content: key order and spacing do not matter', async () => {
    await addChild('order-1', { name: 'Ordered Otto', dateOfBirth: '2023-04-17' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children',
      headers: { ...bearer.parent, 'idempotency-key': 'order-1', 'content-type': 'application/json' },
      payload: '{ "dateOfBirth": "2023-04-17",   "name": "Ordered Otto" }',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(await countChildren('Ordered Otto')).toBe(1);
  });

  it('refuses the same key with a different body with 422 idempotency_key_reused', async () => {
    expect((await addChild('reuse-1', child('First Fay'))).statusCode).toBe(201);
    const res = await addChild('reuse-1', child('Second Sam'));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency_key_reused');
    expect(await countChildren('Second Sam')).toBe(0);
  });

  it('lets concurrent requests with one key create one child: the others get 409 or the replay', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => addChild('race-1', child('Raced Ravi'))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) expect(res.json().code).toBe('idempotency_key_in_use');
    expect(answers.filter((res) => res.statusCode === 201 && res.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await countChildren('Raced Ravi')).toBe(1);
  });

  it("keeps keys per user: another family's same key creates their own child", async () => {
    const mine = await addChild('shared-key', child('Family One Child'));
    const theirs = await addChild('shared-key', child('Family Two Child'), 'secondParent');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await countChildren('Family Two Child')).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'clé-1'],
    ['a control character', 'key\t1'],
  ])('refuses a key that is %s with 400', async (_, key) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/children', headers: { ...bearer.parent, 'idempotency-key': key }, payload: child('Bad Key Bo') });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect(await countChildren('Bad Key Bo')).toBe(0);
  });

  it('accepts a key of 255 printable characters', async () => {
    expect((await addChild(`${'~ '.repeat(127)}!`, child('Long Key Lu'))).statusCode).toBe(201);
  });

  it('keeps and replays a 4xx answer', async () => {
    const first = await addChild('invalid-1', { name: '', dateOfBirth: '2023-04-17' });
    const second = await addChild('invalid-1', { name: '', dateOfBirth: '2023-04-17' });
    expect(first.statusCode).toBe(400);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 409 while a request holding the key is under way, and takes over one abandoned for over a minute', async () => {
    const parent = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
    const first = await addChild('in-flight', child('Waiting Wren'));
    expect(first.statusCode).toBe(201);
    // Made to look as a request leaves its key while it runs, or when its server dies mid-request.
    await t.database.db.deleteFrom('children').where('name', '=', 'Waiting Wren').execute();
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ response_status: null, response_headers: null, response_body: null })
      .where('user_id', '=', parent.id)
      .where('key', '=', 'in-flight')
      .execute();
    const busy = await addChild('in-flight', child('Waiting Wren'));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('idempotency_key_in_use');

    clock += 61_000;
    const retried = await addChild('in-flight', child('Waiting Wren'));
    expect(retried.statusCode).toBe(201);
    expect(await countChildren('Waiting Wren')).toBe(1);
  });

  it('forgets a key after 24 hours: it may then be used for a new request', async () => {
    expect((await addChild('daily-1', child('Monday Mo'))).statusCode).toBe(201);
    clock += DAY + 1000;
    const res = await addChild('daily-1', child('Tuesday Tia'));
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countChildren('Tuesday Tia')).toBe(1);
    // The lazy sweep has deleted every other key over a day old.
    const old = await t.database.db.selectFrom('idempotency_keys').select('key').where('created_at', '<', new Date(clock - DAY)).execute();
    expect(old).toEqual([]);
  });

  it('works the same on /trpc: a mutation with the header is replayed', async () => {
    const call = () =>
      t.app.inject({ method: 'POST', url: '/trpc/children.create', headers: { ...bearer.parent, 'idempotency-key': 'trpc-1' }, payload: child('Tee Tomas') });
    const first = await call();
    const second = await call();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countChildren('Tee Tomas')).toBe(1);
  });

  it('replays an image upload without storing a second image', async () => {
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const upload = () =>
      t.app.inject({ method: 'POST', url: IMAGE_UPLOAD_PATH, headers: { ...bearer.parent, 'content-type': 'image/png', 'idempotency-key': 'upload-1' }, payload: png });
    const countImages = async () => Number((await t.database.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await countImages();
    const first = await upload();
    const second = await upload();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countImages()).toBe(before + 1);
  });

  it('does not keep a 429: the same key works once the quota frees up', async () => {
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 120, b: 10 } } }).png().toBuffer();
    const upload = () =>
      t.app.inject({ method: 'POST', url: IMAGE_UPLOAD_PATH, headers: { ...bearer.parent, 'content-type': 'image/png', 'idempotency-key': 'upload-2' }, payload: png });
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    const again = await upload();
    expect(again.statusCode).toBe(429);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    clock += DAY + 1000;
    const accepted = await upload();
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lists the operations that take the header: every create, but none that answers with a secret', () => {
    const operations = idempotentOperations().map(({ method, path }) => `${method} ${path}`);
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /children',
        'POST /shadow-bookings',
        'POST /mental-health/bookings',
        'POST /community/posts',
        'POST /community/images',
        'POST /activities',
      ]),
    );
    expect(operations).not.toContain('POST /tokens');
    expect(operations).not.toContain('POST /webhooks');
    expect(operations).not.toContain('POST /auth/sign-in');
  });
});
