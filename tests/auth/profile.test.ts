import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { demoNames } from '../../src/server/demo/seed';

// Saturday 2026-11-21 in UTC, the test app's time zone.
const NOW = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  demo = await t.signIn(demoAccounts.parent);
  other = await t.signIn(demoAccounts.secondParent);
});
afterAll(() => t?.close());

const patchMe = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });
const addChild = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/children', headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });
const childrenOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/children', headers: { cookie } })).json() as { id: number; name: string }[];

/** A REST refusal: its status, the field at fault and the person-readable message of the first issue. */
function expectRestRefusal(res: LightMyRequestResponse, status: number, field: string | undefined, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.errors?.[0]?.path).toBe(field);
  expect(body.errors?.[0]?.message ?? body.detail).toBe(message);
}

describe('PATCH /api/users/me', () => {
  it('saves name, phone and city, trimmed, and GET /api/users/me shows them', async () => {
    const res = await patchMe(demo, { name: '  Sarah T. Thompson ', phone: '+1 (555) 010-2030', city: ' Maplebrook ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Sarah T. Thompson', phone: '+1 (555) 010-2030', city: 'Maplebrook', email: demoAccounts.parent.email });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: demo } });
    expect(me.json()).toMatchObject({ name: 'Sarah T. Thompson', phone: '+1 (555) 010-2030', city: 'Maplebrook' });
  });

  it('keeps fields that are left out, and clears a blank phone or city', async () => {
    const res = await patchMe(demo, { phone: '', city: '   ' });
    expect(res.json()).toMatchObject({ name: 'Sarah T. Thompson', phone: null, city: null });
  });

  it('changes only the caller: the other family is untouched', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: other } });
    expect(me.json().name).toBe(demoNames.secondParent);
  });

  it('works over tRPC too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/users.updateMe', headers: { cookie: demo }, payload: { city: 'Riverside' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toMatchObject({ name: 'Sarah T. Thompson', city: 'Riverside' });
  });

  it('refuses a blank name, a long city and a phone with letters, naming the field', async () => {
    expectRestRefusal(await patchMe(demo, { name: '   ' }), 400, 'name', 'Please enter your name.');
    expectRestRefusal(await patchMe(demo, { city: 'c'.repeat(101) }), 400, 'city', 'A city has at most 100 characters.');
    expectRestRefusal(
      await patchMe(demo, { phone: 'call me' }),
      400,
      'phone',
      'Use digits, spaces, brackets, dashes and an optional leading +, such as +1 555 010 2030.',
    );
  });

  it('refuses fields that cannot be changed here, and an empty change', async () => {
    const email = await patchMe(demo, { email: 'someone@else.test' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors[0].message).toBe('Send an object with any of name, phone and city: only those can be changed here.');
    expectRestRefusal(await patchMe(demo, {}), 400, undefined, 'Send at least one of name, phone and city to change.');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: demo } });
    expect(me.json().email).toBe(demoAccounts.parent.email);
  });

  it('answers 401 when signed out, on both transports', async () => {
    expect((await patchMe(undefined, { name: 'Nobody' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/trpc/users.updateMe', payload: { name: 'Nobody' } })).statusCode).toBe(401);
  });
});

describe('POST /api/children', () => {
  it('adds a child to the family with 201, and the children list includes them', async () => {
    const before = await childrenOf(demo);
    const res = await addChild(demo, {
      name: ' Noah Thompson ',
      dateOfBirth: '2024-05-02',
      specialNeeds: true,
      specialNeedsDetails: 'Speech and language support',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Noah Thompson',
      dateOfBirth: '2024-05-02',
      age: '2 years',
      status: 'offline',
      currentActivity: null,
      specialNeeds: true,
      specialNeedsDetails: 'Speech and language support',
    });
    const after = await childrenOf(demo);
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((child) => child.name)).toContain('Noah Thompson');
    expect((await childrenOf(other)).map((child) => child.name)).not.toContain('Noah Thompson');
  });

  it('defaults to no special needs, over tRPC', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/children.create', headers: { cookie: other }, payload: { name: 'Ama Osei', dateOfBirth: '2026-05-21' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toMatchObject({ name: 'Ama Osei', age: '6 months', specialNeeds: false, specialNeedsDetails: null });
  });

  it('refuses a missing name, a malformed or future date of birth, and one 18 or more years ago', async () => {
    expectRestRefusal(await addChild(demo, { name: '', dateOfBirth: '2024-01-01' }), 400, 'name', "Please enter your child's name.");
    expectRestRefusal(await addChild(demo, { name: 'Ivy', dateOfBirth: '01/02/2024' }), 400, 'dateOfBirth', 'Give the date of birth as yyyy-MM-dd, such as 2023-04-17.');
    expectRestRefusal(await addChild(demo, { name: 'Ivy', dateOfBirth: '2026-11-22' }), 400, 'dateOfBirth', 'The date of birth cannot be in the future.');
    expectRestRefusal(
      await addChild(demo, { name: 'Ivy', dateOfBirth: '2008-11-21' }),
      400,
      'dateOfBirth',
      'Nestling is for children under 18; please check the date of birth.',
    );
    expect((await addChild(demo, { name: 'Ivy', dateOfBirth: '2008-11-22' })).statusCode).toBe(201);
  });

  it('refuses special-needs details without specialNeeds, and details that are too long', async () => {
    expectRestRefusal(
      await addChild(demo, { name: 'Ivy', dateOfBirth: '2024-01-01', specialNeedsDetails: 'Hearing aids' }),
      400,
      'specialNeedsDetails',
      'Set specialNeeds to true to describe special needs.',
    );
    expectRestRefusal(
      await addChild(demo, { name: 'Ivy', dateOfBirth: '2024-01-01', specialNeeds: true, specialNeedsDetails: 'x'.repeat(1001) }),
      400,
      'specialNeedsDetails',
      'Special-needs details have at most 1,000 characters.',
    );
  });

  it('answers 401 when signed out, on both transports', async () => {
    expect((await addChild(undefined, { name: 'Ivy', dateOfBirth: '2024-01-01' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/trpc/children.create', payload: { name: 'Ivy', dateOfBirth: '2024-01-01' } })).statusCode).toBe(401);
  });
});
