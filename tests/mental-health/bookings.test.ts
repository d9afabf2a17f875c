import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// Service time zone UTC (tests/helpers/test-app): today is 2026-11-21, so days 1-30 are 11-22 to 12-21.
const NOW = new Date('2026-11-21T15:00:00Z');
let t: TestApp;
let parent: string;
let family2: string;
let parentChild: { id: number; name: string };
let family2ChildId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  parent = await t.cookieFor(demoAccounts.parent);
  family2 = await t.cookieFor(demoAccounts.secondParent);
  parentChild = (await t.app.inject({ method: 'GET', url: '/api/children', headers: { cookie: parent } })).json()[0];
  family2ChildId = (await t.app.inject({ method: 'GET', url: '/api/children', headers: { cookie: family2 } })).json()[0].id;
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const counseling = { kind: 'service', serviceId: 'counseling', optionId: 'virtual-60', date: '2026-11-25', timeWindow: 'morning' };
const initialSession = { kind: 'specialist', specialistId: 'grace-mwangi', sessionTypeId: 'initial', date: '2026-11-26', timeWindow: 'evening' };

const book = (body: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/mental-health/bookings', headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: body as object });
const cancel = (id: number, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/mental-health/bookings/${id}/status`, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: { status: 'cancelled' } });
const trpc = (procedure: string, input: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: input as object });

function expectRefused(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors[0].path).toBe(field);
  // Schema failures list their issues; rules checked by the service answer one message.
  expect(res.json().errors?.[0]?.message ?? res.json().detail).toBe(message);
}

describe('POST /api/mental-health/bookings', () => {
  it('signed out, gives 401 over REST and tRPC and stores nothing', async () => {
    const rest = await book(counseling);
    expect(rest.statusCode).toBe(401);
    expect(rest.json().detail).toBe('Please sign in to continue.');
    expect((await trpc('mentalHealth.bookings.create', counseling)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('mental_health_bookings').select('id').execute()).toEqual([]);
  });

  it('books a service option as pending, with 201 and the catalogue price', async () => {
    const res = await book({ ...counseling, childId: parentChild.id, notes: '  Worried about sleep  ' }, parent);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'service',
      serviceId: 'counseling',
      optionId: 'virtual-60',
      specialistId: null,
      title: 'Counseling',
      detail: 'Virtual session (60 minutes)',
      date: '2026-11-25',
      timeWindow: 'morning',
      timeWindowLabel: 'Morning (9AM-12PM)',
      childId: parentChild.id,
      childName: parentChild.name,
      notes: 'Worried about sleep',
      price: 6000,
      status: 'pending',
    });
  });

  it('books a specialist session at the session type price', async () => {
    const res = await book(initialSession, parent);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'specialist', title: 'Grace Mwangi', detail: 'Initial consultation (45 minutes)', price: 7500, currency: 'USD', childId: null, childName: null, notes: '' });
  });

  it('takes the price from the catalogue, never from the client', async () => {
    const priced = await book({ ...counseling, optionId: 'clinic-90', price: 1, totalPrice: 1 }, parent);
    expect(priced.statusCode).toBe(400);
    expect(priced.json().errors.map((error: { path: string }) => error.path)).toEqual(['price', 'totalPrice']);
    const res = await book({ ...counseling, optionId: 'clinic-90' }, parent);
    expect(res.json().price).toBe(9500);
    const row = await t.database.db.selectFrom('mental_health_bookings').select('price').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.price).toBe(9500);
  });

  it('books a free option at $0', async () => {
    const res = await book({ ...counseling, serviceId: 'guidance', optionId: 'resource-library' }, parent);
    expect(res.json().price).toBe(0);
  });

  it('returns HTML in notes verbatim', async () => {
    const notes = '<script>alert(1)</script><b>hi</b>';
    const res = await book({ ...counseling, notes }, parent);
    expect(res.json().notes).toBe(notes);
  });

  it('takes the first and last days of the window: tomorrow and 30 days ahead', async () => {
    expect((await book({ ...counseling, date: '2026-11-22' }, parent)).statusCode).toBe(201);
    expect((await book({ ...counseling, date: '2026-12-21' }, parent)).statusCode).toBe(201);
  });

  it.each([
    ['today', { ...counseling, date: '2026-11-21' }, 'date', 'Choose a date from tomorrow up to 30 days ahead.'],
    ['31 days ahead', { ...counseling, date: '2026-12-22' }, 'date', 'Choose a date from tomorrow up to 30 days ahead.'],
    ['a past date', { ...counseling, date: '2025-01-01' }, 'date', 'Choose a date from tomorrow up to 30 days ahead.'],
    ['a malformed date', { ...counseling, date: '25/11/2026' }, 'date', 'Use a date in the form yyyy-MM-dd, such as 2026-11-23.'],
    ['an impossible date', { ...counseling, date: '2026-11-31' }, 'date', 'Use a date in the form yyyy-MM-dd, such as 2026-11-23.'],
    ['an unknown window', { ...counseling, timeWindow: 'midnight' }, 'timeWindow', 'Choose a preferred time: morning, afternoon, evening.'],
    ['no window', { ...counseling, timeWindow: undefined }, 'timeWindow', 'Give the preferred time id as text.'],
    ['an unknown kind', { ...counseling, kind: 'massage' }, 'kind', "Choose what to book: 'service' or 'specialist'."],
    ['a service without an option', { ...counseling, optionId: undefined }, 'optionId', 'Please choose a service and one of its options.'],
    ['a service with a session type', { ...counseling, sessionTypeId: 'initial' }, 'sessionTypeId', 'sessionTypeId does not belong in a service booking.'],
    ['an unknown service', { ...counseling, serviceId: 'astrology' }, 'serviceId', 'That service was not found. Please choose another.'],
    ['an option of another service', { ...counseling, optionId: 'screening' }, 'optionId', 'That option is not offered for this service. Please choose another.'],
    ['a specialist without a session type', { ...initialSession, sessionTypeId: undefined }, 'sessionTypeId', 'Please choose a specialist and a session type.'],
    ['an unknown specialist', { ...initialSession, specialistId: 'dr-nobody' }, 'specialistId', 'That specialist was not found. Please choose another.'],
    ['an unknown session type', { ...initialSession, sessionTypeId: 'marathon' }, 'sessionTypeId', 'Choose a session type: initial, follow-up, extended.'],
    ['2,001 characters of notes', { ...counseling, notes: 'x'.repeat(2001) }, 'notes', 'Notes have at most 2,000 characters.'],
    ['a child id as text', { ...counseling, childId: 'maya' }, 'childId', 'Give the child id as a number.'],
  ])('refuses %s with 400 naming the field', async (_label, body, field, message) => {
    expectRefused(await book(body, parent), field, message);
  });

  it("refuses another family's child with 404", async () => {
    const res = await book({ ...counseling, childId: family2ChildId }, parent);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('That child was not found.');
  });
});

describe('GET /api/mental-health/bookings', () => {
  it("lists only the parent's own bookings, newest first, and needs sign-in", async () => {
    const mine = await book({ ...counseling, notes: 'listing' }, parent);
    const theirs = await book({ ...initialSession, notes: 'family two' }, family2);
    const list = (await t.app.inject({ method: 'GET', url: '/api/mental-health/bookings', headers: { cookie: parent } })).json().items as { id: number }[];
    expect(list.map((b) => b.id)).toContain(mine.json().id);
    expect(list.map((b) => b.id)).not.toContain(theirs.json().id);
    expect(list[0]!.id).toBe(mine.json().id);
    const theirList = (await t.app.inject({ method: 'GET', url: '/api/mental-health/bookings', headers: { cookie: family2 } })).json().items as { id: number }[];
    expect(theirList.map((b) => b.id)).toEqual([theirs.json().id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/mental-health/bookings' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/mental-health/bookings/{id}/status', () => {
  it('cancels a pending booking; a second cancel is a 409', async () => {
    const booking = (await book(counseling, parent)).json();
    const res = await cancel(booking.id, parent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: booking.id, status: 'cancelled' });
    const again = await cancel(booking.id, parent);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This booking is already cancelled.');
  });

  it("answers 404 for another family's booking over REST and tRPC, and leaves it pending", async () => {
    const booking = (await book(counseling, parent)).json();
    const rest = await cancel(booking.id, family2);
    expect(rest.statusCode).toBe(404);
    expect(rest.json().detail).toBe('That booking was not found.');
    const viaTrpc = await trpc('mentalHealth.bookings.updateStatus', { id: booking.id, status: 'cancelled' }, family2);
    expect(viaTrpc.statusCode).toBe(404);
    const row = await t.database.db.selectFrom('mental_health_bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('cannot be cancelled once confirmed', async () => {
    const booking = (await book(counseling, parent)).json();
    await t.database.db.updateTable('mental_health_bookings').set({ status: 'confirmed' }).where('id', '=', booking.id).execute();
    const res = await cancel(booking.id, parent);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This booking is confirmed, so it can no longer be cancelled.');
  });

  it('refuses any status but cancelled with 400, and needs sign-in', async () => {
    const booking = (await book(counseling, parent)).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/mental-health/bookings/${booking.id}/status`,
      headers: { ...json, cookie: parent },
      payload: { status: 'confirmed' },
    });
    expectRefused(res, 'status', 'A booking can only be cancelled: send {"status": "cancelled"}.');
    expect((await cancel(booking.id)).statusCode).toBe(401);
    expect((await cancel(999999, parent)).statusCode).toBe(404);
  });
});
