import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, firstNurseryId, fixedNow, teacherNamed } from '../shadow-bookings/bookings.fixtures';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

/**
 * Input is refused or accepted by the same rules on /trpc and /api, whichever was called first,
 * and input PostgreSQL cannot take is refused with a 400 that names the field, never a 500.
 */

let t: TestApp;
let parent: string;

beforeAll(async () => {
  // No REST call may happen before the first test: it checks what a fresh server does.
  t = await createTestApp({ now: fixedNow });
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const trpc = (procedure: string, input: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...json, cookie }, payload: JSON.stringify(input) });
const rest = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : json) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const describeResponse = (response: LightMyRequestResponse) => `${response.statusCode} ${response.body.slice(0, 300)}`;

async function aBooking() {
  const teacher = await teacherNamed(t, 'Amara Okafor');
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  const { id: childId } = await t.database.db.selectFrom('children').select('id').where('parent_id', '=', user.id).orderBy('id').executeTakeFirstOrThrow();
  return bookingPayload({ teacherId: teacher.id, hourlyRate: teacher.hourly_rate, childId, nurseryId: await firstNurseryId(t) });
}

const child = { name: 'Strict Sam', dateOfBirth: '2023-04-17' };

describe('validation does not depend on the order of calls', () => {
  it('refuses specialNeeds "false" over tRPC on a fresh server, and still after a REST call', async () => {
    // The session comes from the tRPC sign-in, so that nothing has gone through /api yet.
    const signIn = await t.app.inject({ method: 'POST', url: '/trpc/auth.signIn', headers: json, payload: JSON.stringify(demoAccounts.parent) });
    expect(signIn.statusCode, describeResponse(signIn)).toBe(200);
    parent = signIn.cookies.filter((c) => c.name === 'nestling_session').map((c) => `${c.name}=${c.value}`)[0]!;

    const fresh = await trpc('children.create', { ...child, specialNeeds: 'false' }, parent);
    expect(fresh.statusCode, describeResponse(fresh)).toBe(400);

    // The adapter switched coercion on in the schemas of each procedure it served, even for a call it refused.
    const restCall = await rest('POST', '/api/children', parent, {});
    expect(restCall.statusCode).toBe(400);

    const afterRest = await trpc('children.create', { ...child, specialNeeds: 'false' }, parent);
    expect(afterRest.statusCode, describeResponse(afterRest)).toBe(400);
    expect(afterRest.json().error.data.field).toBe('specialNeeds');
  });

  it('refuses a boolean id and a price given as text on both paths', async () => {
    const overRest = await rest('POST', '/api/children', parent, { ...child, specialNeeds: 'false' });
    expect(overRest.statusCode, describeResponse(overRest)).toBe(400);
    const activity = { channel: 'classroom:1', type: 'art', description: 'Painting.', childId: true };
    for (const response of [await rest('POST', '/api/activities', parent, activity), await trpc('activities.create', activity, parent)]) {
      expect(response.statusCode, describeResponse(response)).toBe(400);
    }
    const booking = { ...(await aBooking()), totalPrice: '4800' };
    for (const response of [await rest('POST', '/api/shadow-bookings', parent, booking), await trpc('shadowBookings.create', booking, parent)]) {
      expect(response.statusCode, describeResponse(response)).toBe(400);
    }
  });
});

describe('request bodies and addresses that cannot be read', () => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);

  it.each(['/api/children', '/trpc/children.create'])('refuses JSON nested 100,000 levels deep at %s with 400, before parsing it', async (url) => {
    const response = await t.app.inject({ method: 'POST', url, headers: { ...json, cookie: parent }, payload: deep });
    expect(response.statusCode, describeResponse(response)).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/nested too deeply/) });
  });

  it('still takes JSON nested as deep as a contract goes', async () => {
    const history = [{ role: 'user', content: 'Hello [with {brackets}] in "text"' }];
    const response = await rest('POST', '/api/assistant/chat', parent, { message: 'How do I help my toddler sleep?', history });
    expect(response.statusCode, describeResponse(response)).toBe(200);
  });

  it('answers an address that is not valid percent-encoded UTF-8 with the usual error shape', async () => {
    const response = await rest('GET', '/api/community/posts/%ED%A0%80', parent);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
    expect(response.json().message).toMatch(/address/);
  });
});
