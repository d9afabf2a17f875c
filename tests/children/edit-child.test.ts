import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_CHANGE } from '../../src/shared/schemas/children';
import { restOf } from '../family/family-helpers';
import { familyIdOf } from '../helpers/test-database';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// A guardian edits a child of the family over REST (PATCH /api/children/{id}) and tRPC
// (children.update); each change that commits records exactly one child.updated in the outbox,
// and each refused one records nothing. Service time zone UTC: today is 2026-11-21.
const NOW = new Date('2026-11-21T15:00:00Z');

let t: TestApp;
let sarah: string;
let daniel: string;
let carer: string;
let sarahId: number;
let sarahFamily: number;
let sarahsChild: number;
let danielsChild: number;

const rest = (...args: Parameters<ReturnType<typeof restOf>>) => restOf(t.app)(...args);

type Auth = { cookie: string } | { token: string };
const headersOf = (auth: Auth) => ('cookie' in auth ? { cookie: auth.cookie, origin: TEST_ORIGIN } : { authorization: `Bearer ${auth.token}` });

/** PATCH /api/children/{id} with a JSON body, as a browser session or an API token. */
const patch = (auth: Auth, id: number, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/children/${id}`, headers: { ...headersOf(auth), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

/** children.update over /trpc: the answer's data, or its problem, with the HTTP status. */
async function update(auth: Auth, input: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/trpc/children.update', headers: { ...headersOf(auth), 'content-type': 'application/json' }, payload: JSON.stringify(input) });
  const body = res.json();
  return { status: res.statusCode, data: body.result?.data, problem: body.error?.data?.problem };
}

const lastEventId = async () => (await t.database.db.selectFrom('outbox_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;
const eventsAfter = (id: number) => t.database.db.selectFrom('outbox_events').selectAll().where('id', '>', id).orderBy('id').execute();

async function tokenWith(scopes: ('children:read' | 'children:write')[]) {
  return (await t.app.services.auth.createApiToken(sarahId, { name: `edit-child ${scopes.join(' ')}`, scopes })).token;
}

async function addChild(cookie: string, name: string) {
  const res = await rest('POST', '/children', cookie, { name, dateOfBirth: '2024-03-10' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  [sarah, daniel] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.secondParent)]);
  sarahId = (await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  sarahFamily = await familyIdOf(t.database.db, sarahId);
  sarahsChild = await addChild(sarah, 'Rowan Thompson');
  danielsChild = await addChild(daniel, 'Kofi Osei');

  const signedUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Carmen Carer', email: 'carmen@edit-child.test', password: 'a quiet harbour at dawn 7' } });
  expect(signedUp.statusCode, signedUp.body).toBe(200);
  carer = sessionCookieOf(signedUp);
  const invited = await rest('POST', '/family/invitations', sarah, { familyRole: 'carer' });
  expect(invited.statusCode, invited.body).toBe(201);
  expect((await rest('POST', `/family-invitations/${invited.json().link.split('/join/')[1]}/acceptance`, carer, {})).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe("editing a child's details", () => {
  it('over REST: changes the fields given, answers the child as GET does, and records one child.updated with it', async () => {
    const before = await lastEventId();
    const res = await patch({ cookie: sarah }, sarahsChild, { name: '  Rowan Ada Thompson ', dateOfBirth: '2024-02-10' });
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json();
    expect(child).toMatchObject({ id: sarahsChild, name: 'Rowan Ada Thompson', dateOfBirth: '2024-02-10', ageMonths: 33, age: '2 years', specialNeeds: false, specialNeedsDetails: null });
    expect((await rest('GET', `/children/${sarahsChild}`, sarah)).json()).toEqual(child);

    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.family_id, e.nursery_id])).toEqual([['child.updated', sarahFamily, null]]);
    expect(events[0]!.payload).toEqual({ child });
    expect(events[0]!.occurred_at.toISOString()).toBe(NOW.toISOString());
  });

  it('over tRPC: the same, and specialNeeds: false clears the details', async () => {
    let before = await lastEventId();
    const described = await update({ cookie: sarah }, { id: sarahsChild, specialNeeds: true, specialNeedsDetails: ' Speech and language support ' });
    expect(described.status).toBe(200);
    expect(described.data).toMatchObject({ name: 'Rowan Ada Thompson', specialNeeds: true, specialNeedsDetails: 'Speech and language support' });
    expect((await eventsAfter(before)).map((e) => [e.type, e.payload])).toEqual([['child.updated', { child: described.data }]]);

    before = await lastEventId();
    const cleared = await update({ cookie: sarah }, { id: sarahsChild, specialNeeds: false });
    expect(cleared.status).toBe(200);
    expect(cleared.data).toMatchObject({ specialNeeds: false, specialNeedsDetails: null });
    expect((await eventsAfter(before)).map((e) => [e.type, e.payload])).toEqual([['child.updated', { child: cleared.data }]]);
  });

  it('with an API token holding children:write', async () => {
    const before = await lastEventId();
    const res = await patch({ token: await tokenWith(['children:write']) }, sarahsChild, { name: 'Rowan Thompson' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await eventsAfter(before)).map((e) => e.type)).toEqual(['child.updated']);
  });

  it('sets and clears pronouns over REST and tRPC, recording child.updated each time', async () => {
    const before = await lastEventId();
    const set = await patch({ cookie: sarah }, sarahsChild, { pronouns: 'he' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().pronouns).toBe('he');
    expect((await rest('GET', `/children/${sarahsChild}`, sarah)).json().pronouns).toBe('he');
    const cleared = await update({ cookie: sarah }, { id: sarahsChild, pronouns: null });
    expect(cleared.status).toBe(200);
    expect(cleared.data.pronouns).toBeNull();
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, (e.payload as { child: { pronouns: unknown } }).child.pronouns])).toEqual([
      ['child.updated', 'he'],
      ['child.updated', null],
    ]);
  });

  it('records nothing when nothing changes', async () => {
    const before = await lastEventId();
    const res = await patch({ cookie: sarah }, sarahsChild, { name: 'Rowan Thompson' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Rowan Thompson');
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('a refused edit changes nothing and records nothing', () => {
  let before: number;
  let childBefore: unknown;

  async function expectUntouched() {
    expect(await eventsAfter(before)).toEqual([]);
    expect((await rest('GET', `/children/${sarahsChild}`, sarah)).json()).toEqual(childBefore);
  }

  async function refused(body: Record<string, unknown>, auth: Auth = { cookie: sarah }, id = sarahsChild) {
    before = await lastEventId();
    childBefore = (await rest('GET', `/children/${sarahsChild}`, sarah)).json();
    const overRest = await patch(auth, id, body);
    const overTrpc = await update(auth, { id, ...body });
    expect(overTrpc.status).toBe(overRest.statusCode);
    expect(overTrpc.problem).toEqual(overRest.json());
    await expectUntouched();
    return { status: overRest.statusCode, problem: overRest.json() };
  }

  it('an unknown field: 400 naming it', async () => {
    const { status, problem } = await refused({ name: 'Rowan', nickname: 'Ro' });
    expect(status).toBe(400);
    expect(problem).toMatchObject({ code: 'validation_failed', errors: [{ path: 'nickname', code: 'unrecognized_keys' }] });
    expect(problem.detail).toContain("'nickname' is not a field of this request");
  });

  it('no field at all: 400 saying what may be given', async () => {
    const { status, problem } = await refused({});
    expect(status).toBe(400);
    expect(problem).toMatchObject({ code: 'validation_failed', errors: [{ path: '(body)', message: NOTHING_TO_CHANGE }] });
  });

  it('by the rules of adding a child: 400 naming the field', async () => {
    for (const [body, field, message] of [
      [{ name: '   ' }, 'name', "Please enter your child's name."],
      [{ dateOfBirth: '2026-11-22' }, 'dateOfBirth', 'The date of birth cannot be in the future.'],
      [{ dateOfBirth: '2008-11-21' }, 'dateOfBirth', 'Nestling is for children under 18; please check the date of birth.'],
      [{ specialNeeds: false, specialNeedsDetails: 'Needs quiet' }, 'specialNeedsDetails', 'Set specialNeeds to true to describe special needs.'],
      // Details for a child whose specialNeeds is already false.
      [{ specialNeedsDetails: 'Needs quiet' }, 'specialNeedsDetails', 'Set specialNeeds to true to describe special needs.'],
      [{ pronouns: 'xe' }, 'pronouns', "Give pronouns as 'she', 'he' or 'they', or null."],
      [{ pronouns: 'She' }, 'pronouns', "Give pronouns as 'she', 'he' or 'they', or null."],
      [{ pronouns: '' }, 'pronouns', "Give pronouns as 'she', 'he' or 'they', or null."],
    ] as const) {
      const { status, problem } = await refused(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(problem.errors, JSON.stringify(body)).toEqual([expect.objectContaining({ path: field, message })]);
    }
  });

  it("another family's child: 404, as if it did not exist", async () => {
    const danielsBefore = (await rest('GET', `/children/${danielsChild}`, daniel)).json();
    const { status, problem } = await refused({ name: 'Taken over' }, { cookie: sarah }, danielsChild);
    expect(status).toBe(404);
    expect(problem.code).toBe('not_found');
    expect((await rest('GET', `/children/${danielsChild}`, daniel)).json()).toEqual(danielsBefore);
    expect((await refused({ name: 'Taken over' }, { cookie: sarah }, 2_000_000)).problem).toEqual(problem);
    // While the child's own family may edit it.
    expect((await patch({ cookie: daniel }, danielsChild, { name: 'Kofi Mensah Osei' })).statusCode).toBe(200);
  });

  it('a carer of the family: 403 guardian_only', async () => {
    const { status, problem } = await refused({ name: 'Renamed by the carer' }, { cookie: carer });
    expect(status).toBe(403);
    expect(problem.code).toBe('guardian_only');
    // Carers still see the child.
    expect((await rest('GET', `/children/${sarahsChild}`, carer)).statusCode).toBe(200);
  });

  it('an API token without children:write: 403 insufficient_scope naming it', async () => {
    const { status, problem } = await refused({ name: 'Renamed by a reader' }, { token: await tokenWith(['children:read']) });
    expect(status).toBe(403);
    expect(problem.code).toBe('insufficient_scope');
    expect(problem.detail).toContain("'children:write'");
  });
});

describe("a child's pronouns when adding a child", () => {
  it('are null unless given, and strict over REST and tRPC', async () => {
    const unset = await rest('POST', '/children', sarah, { name: 'Ivy Thompson', dateOfBirth: '2024-05-01' });
    expect(unset.statusCode, unset.body).toBe(201);
    expect(unset.json().pronouns).toBeNull();
    const given = await rest('POST', '/children', sarah, { name: 'Ada Thompson', dateOfBirth: '2024-05-01', pronouns: 'she' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().pronouns).toBe('she');
    expect((await rest('GET', `/children/${given.json().id}`, sarah)).json().pronouns).toBe('she');

    const refusedRest = await rest('POST', '/children', sarah, { name: 'Xan Thompson', dateOfBirth: '2024-05-01', pronouns: 'ze' });
    expect(refusedRest.statusCode).toBe(400);
    expect(refusedRest.json().errors).toEqual([expect.objectContaining({ path: 'pronouns', message: "Give pronouns as 'she', 'he' or 'they', or null." })]);
    const refusedTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/children.create',
      headers: { cookie: sarah, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Xan Thompson', dateOfBirth: '2024-05-01', pronouns: 'ze' }),
    });
    expect(refusedTrpc.statusCode).toBe(400);
    expect(refusedTrpc.json().error.data.problem).toEqual(refusedRest.json());
  });
});
