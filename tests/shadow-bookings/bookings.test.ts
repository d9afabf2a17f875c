import { familyIdOf } from '../helpers/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CHANGED_MESSAGE } from '../../src/shared/booking-rules';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  bodyOf,
  bookingPayload,
  createBooking,
  expectRefusal,
  firstNurseryId,
  fixedNow,
  signInParents,
  teacherNamed,
  windowWeekdays,
  type Family,
  type Transport,
} from './bookings.fixtures';

let t: TestApp;
let demo: Family;
let other: Family;
let amara: { id: number; hourly_rate: number };
let nurseryId: number;
const valid = (overrides: Record<string, unknown> = {}) =>
  bookingPayload({ teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: demo.children[0]!.id, nurseryId }, overrides);

beforeAll(async () => {
  t = await createTestApp({ now: fixedNow });
  ({ demo, other } = await signInParents(t));
  amara = await teacherNamed(t, 'Amara Okafor');
  nurseryId = await firstNurseryId(t);
});
afterAll(() => t?.close());

const transports: Transport[] = ['rest', 'trpc'];

describe('POST /api/shadow-bookings', () => {
  it('creates a pending, unpaid booking and answers 201 over REST', async () => {
    const payload = valid({ startDate: windowWeekdays[0], startTime: '09:00', endTime: '11:00', notes: 'Leo likes the quiet corner.' });
    const res = await createBooking(t, demo.cookie, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      teacherId: amara.id,
      childId: demo.children[0]!.id,
      sessionType: 'nursery',
      nurseryId,
      location: null,
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      startTime: '09:00',
      endTime: '11:00',
      status: 'pending',
      notes: 'Leo likes the quiet corner.',
      totalPrice: 9600,
      paymentStatus: 'unpaid',
      teacherName: 'Amara Okafor',
      childName: 'Maya Thompson',
      nurseryName: 'Little Acorns Nursery',
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    const events = await t.database.db.selectFrom('booking_events').selectAll().where('booking_id', '=', res.json().id).execute();
    expect(events).toMatchObject([{ actor_id: demo.userId, actor_role: 'parent', from_status: null, to_status: 'pending' }]);
  });

  it('creates a home session with a location over tRPC', async () => {
    const payload = valid({ startDate: windowWeekdays[1], sessionType: 'home', nurseryId: null, location: '  12 Elm Road  ', startTime: '13:00', endTime: '15:00' });
    const res = await createBooking(t, demo.cookie, payload, 'trpc');
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res, 'trpc')).toMatchObject({ sessionType: 'home', nurseryId: null, nurseryName: null, location: '12 Elm Road', totalPrice: 9600 });
  });

  it('accepts notes of exactly 2,000 characters', async () => {
    const res = await createBooking(t, demo.cookie, valid({ startDate: windowWeekdays[2], notes: 'n'.repeat(2000) }));
    expect(res.statusCode).toBe(201);
  });

  it('needs a signed-in parent on both transports', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/shadow-bookings', payload: valid() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/trpc/shadowBookings.create', payload: valid() })).statusCode).toBe(401);
  });

  // Every case below breaks exactly one rule of a booking that would otherwise be made.
  const free = { startDate: windowWeekdays[10] };
  const refusals: [string, () => Record<string, unknown>, { status: number; message: string; field?: string; kind?: 'schema' | 'rule' }][] = [
    ['a teacher id that is not a number', () => valid({ ...free, teacherId: 'amara' }), { status: 400, field: 'teacherId', kind: 'schema', message: 'Give the teacher id as a number.' }],
    ['a missing child id', () => ({ ...valid(free), childId: undefined }), { status: 400, field: 'childId', kind: 'schema', message: 'Give the child id as a number.' }],
    ['an unknown session type', () => valid({ ...free, sessionType: 'school' }), { status: 400, field: 'sessionType', kind: 'schema', message: 'Choose a session type: nursery, home, rehabilitation.' }],
    ['a date in another format', () => valid({ startDate: '23/11/2026', endDate: free.startDate }), { status: 400, field: 'startDate', kind: 'schema', message: 'Use a date in the form yyyy-MM-dd, such as 2026-11-23.' }],
    ['a date that does not exist', () => valid({ startDate: '2026-11-31', endDate: free.startDate }), { status: 400, field: 'startDate', kind: 'schema', message: 'Use a date in the form yyyy-MM-dd, such as 2026-11-23.' }],
    ['a start time without a leading zero', () => valid({ ...free, startTime: '9:00' }), { status: 400, field: 'startTime', kind: 'schema', message: 'Use a 24-hour time such as 09:30.' }],
    ['an end time of 24:00', () => valid({ ...free, endTime: '24:00' }), { status: 400, field: 'endTime', kind: 'schema', message: 'Use a 24-hour time such as 09:30.' }],
    ['notes over 2,000 characters', () => valid({ ...free, notes: 'n'.repeat(2001) }), { status: 400, field: 'notes', kind: 'schema', message: 'Notes have at most 2,000 characters.' }],
    ['a status other than pending', () => valid({ ...free, status: 'confirmed' }), { status: 400, field: 'status', kind: 'schema', message: "A new booking's status is 'pending'." }],
    ['a payment status other than unpaid', () => valid({ ...free, paymentStatus: 'paid' }), { status: 400, field: 'paymentStatus', kind: 'schema', message: "A new booking's payment status is 'unpaid'." }],
    ['a price in fractions of a cent', () => valid({ ...free, totalPrice: 4800.5 }), { status: 400, field: 'totalPrice', kind: 'schema', message: 'The total price is a whole number of cents.' }],
    ["another family's child", () => valid({ ...free, childId: other.children[0]!.id }), { status: 404, message: 'That child was not found.' }],
    ['a child that does not exist', () => valid({ ...free, childId: 999_999 }), { status: 404, message: 'That child was not found.' }],
    ['a teacher that does not exist', () => valid({ ...free, teacherId: 999_999 }), { status: 400, field: 'teacherId', message: 'That shadow teacher was not found. Please choose another.' }],
    ['a nursery session without a nursery', () => valid({ ...free, nurseryId: null }), { status: 400, field: 'nurseryId', message: 'Choose the nursery where the session will take place.' }],
    ['a nursery session with a location', () => valid({ ...free, location: '12 Elm Road' }), { status: 400, field: 'location', message: 'Leave location empty for a nursery session: the nursery is where it takes place.' }],
    ['a home session with a nursery', () => valid({ ...free, sessionType: 'home' }), { status: 400, field: 'nurseryId', message: 'Only nursery sessions have a nursery; leave nurseryId empty for a home session.' }],
    ['a nursery that does not exist', () => valid({ ...free, nurseryId: 999_999 }), { status: 400, field: 'nurseryId', message: 'That nursery was not found. Please choose another.' }],
    ['an end date after the start date', () => valid({ ...free, endDate: windowWeekdays[11] }), { status: 400, field: 'endDate', message: 'A session starts and ends on the same day, so endDate must equal startDate.' }],
    [
      'today',
      () => valid({ startDate: '2026-11-21', endDate: '2026-11-21' }),
      { status: 400, field: 'startDate', message: 'Choose a date from 2026-11-22 to 2026-12-21: sessions can be booked from tomorrow up to 30 days ahead.' },
    ],
    [
      'day 31',
      () => valid({ startDate: '2026-12-22', endDate: '2026-12-22' }),
      { status: 400, field: 'startDate', message: 'Choose a date from 2026-11-22 to 2026-12-21: sessions can be booked from tomorrow up to 30 days ahead.' },
    ],
    [
      'a weekday the teacher does not work',
      () => valid({ startDate: '2026-11-28', endDate: '2026-11-28' }),
      { status: 400, field: 'startDate', message: 'Amara Okafor is not available on Saturdays. Choose a Monday, Tuesday, Wednesday, Thursday or Friday.' },
    ],
    [
      'a start time that is not one of the slots',
      () => valid({ ...free, startTime: '08:00' }),
      { status: 400, field: 'startTime', message: 'Amara Okafor has no session starting at 08:00 on Mondays. Choose 09:00, 10:00, 11:00, 12:00, 13:00 or 14:00.' },
    ],
    ['an end time equal to the start time', () => valid({ ...free, startTime: '10:00', endTime: '10:00' }), { status: 400, field: 'endTime', message: 'The end time must be later than the start time.' }],
    ['an end time before the start time', () => valid({ ...free, startTime: '10:00', endTime: '09:30', totalPrice: 0 }), { status: 400, field: 'endTime', message: 'The end time must be later than the start time.' }],
    [
      "an end time after the teacher's hours",
      () => valid({ ...free, startTime: '14:00', endTime: '15:30' }),
      { status: 400, field: 'endTime', message: "Amara Okafor's hours on Mondays end at 15:00, so the session must end by then." },
    ],
    [
      'an end time off the grid the form offers: 09:00-09:01 for 80 cents',
      () => valid({ ...free, startTime: '09:00', endTime: '09:01' }),
      { status: 400, field: 'endTime', message: 'Choose an end time Amara Okafor offers: a session starting at 09:00 on Mondays ends at 10:00, 11:00, 12:00, 13:00, 14:00 or 15:00.' },
    ],
    ['a price one cent off', () => ({ ...valid(free), totalPrice: 4799 }), { status: 400, field: 'totalPrice', message: PRICE_CHANGED_MESSAGE }],
  ];

  for (const transport of transports) {
    it.each(refusals)(`refuses %s (${transport})`, async (_name, payload, expected) => {
      const res = await createBooking(t, demo.cookie, payload(), transport);
      expectRefusal(res, transport, { ...expected, kind: expected.kind ?? 'rule' });
    });
  }

  it('stored none of the refused bookings', async () => {
    const rows = await t.database.db.selectFrom('shadow_bookings').select('id').where('start_date', '=', windowWeekdays[10]!).execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /api/shadow-bookings', () => {
  it("lists the parent's own bookings newest first, with names", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shadow-bookings?parentId=${demo.userId}`, headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(200);
    const bookings = res.json() as { id: number; teacherName: string; childName: string; nurseryName: string | null }[];
    expect(bookings.length).toBe(3);
    expect(bookings.map((b) => b.id)).toEqual([...bookings.map((b) => b.id)].sort((a, b) => b - a));
    expect(bookings.every((b) => b.teacherName === 'Amara Okafor' && b.childName === 'Maya Thompson')).toBe(true);
  });

  it('gives the same list over tRPC, and with parentId left out', async () => {
    const rest = await t.app.inject({ method: 'GET', url: `/api/shadow-bookings?parentId=${demo.userId}`, headers: { cookie: demo.cookie } });
    const withoutId = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings', headers: { cookie: demo.cookie } });
    const input = encodeURIComponent(JSON.stringify({ parentId: demo.userId }));
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/shadowBookings.list?input=${input}`, headers: { cookie: demo.cookie } });
    expect(withoutId.json()).toEqual(rest.json());
    expect(trpc.json().result.data).toEqual(rest.json());
  });

  it("refuses another family's parentId with 403 on both transports", async () => {
    const rest = await t.app.inject({ method: 'GET', url: `/api/shadow-bookings?parentId=${demo.userId}`, headers: { cookie: other.cookie } });
    expect(rest.statusCode).toBe(403);
    expect(rest.json().detail).toBe('You can only list your own bookings: use your own user id as parentId.');
    const input = encodeURIComponent(JSON.stringify({ parentId: demo.userId }));
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/shadowBookings.list?input=${input}`, headers: { cookie: other.cookie } });
    expect(trpc.statusCode).toBe(403);
  });

  it("never shows one family another family's bookings", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shadow-bookings?parentId=${other.userId}`, headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a parentId that is not a number with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings?parentId=me', headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('parentId');
  });

  it("shows 'Unknown …' only once a teacher, child or nursery has really been deleted", async () => {
    const db = t.database.db;
    const teacher = await db
      .insertInto('shadow_teachers')
      .values({ name: 'Temporary Teacher', location: 'Maplebrook', specialization: [], bio: '', experience: 1, hourly_rate: 3000, rating: 0, availability: JSON.stringify([{ days: ['Friday'], timeSlots: ['09:00'] }]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const child = await db.insertInto('children').values({ family_id: await familyIdOf(db, other.userId), name: 'Ama Osei', date_of_birth: '2023-01-01' }).returning('id').executeTakeFirstOrThrow();
    const nursery = await db
      .insertInto('nurseries')
      .values({ name: 'Closing Nursery', location: 'Maplebrook', latitude: 42.36, longitude: -71.06, age_min: 1, age_max: 4, age_groups: [], facilities: [], special_needs_support: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload = bookingPayload({ teacherId: teacher.id, hourlyRate: 3000, childId: child.id, nurseryId: nursery.id }, { startDate: '2026-11-27' });
    const created = await createBooking(t, other.cookie, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ teacherName: 'Temporary Teacher', childName: 'Ama Osei', nurseryName: 'Closing Nursery' });

    await db.deleteFrom('shadow_teachers').where('id', '=', teacher.id).execute();
    await db.deleteFrom('children').where('id', '=', child.id).execute();
    await db.deleteFrom('nurseries').where('id', '=', nursery.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings', headers: { cookie: other.cookie } });
    expect(res.json()).toMatchObject([
      { id: created.json().id, teacherId: null, childId: null, nurseryId: null, teacherName: 'Unknown Teacher', childName: 'Unknown Child', nurseryName: 'Unknown Nursery' },
    ]);
  });
});

describe('GET /api/shadow-teachers/{id}/availability', () => {
  let sofia: { id: number; hourly_rate: number };
  const tuesday = '2026-11-24';
  const wednesday = '2026-11-25';

  beforeAll(async () => {
    sofia = await teacherNamed(t, 'Sofia Novak'); // Monday to Friday, slots 08:00 to 12:00
    const base = { teacherId: sofia.id, hourlyRate: sofia.hourly_rate, nurseryId };
    for (const [childIndex, date, startTime, endTime] of [
      [0, tuesday, '10:00', '11:00'],
      [1, wednesday, '08:00', '13:00'],
    ] as const) {
      const res = await createBooking(t, demo.cookie, bookingPayload({ ...base, childId: demo.children[childIndex]!.id }, { startDate: date, startTime, endTime }));
      expect(res.statusCode).toBe(201);
    }
  });

  it('leaves booked time out and ends each opening at the next booking', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shadow-teachers/${sofia.id}/availability?from=${tuesday}&to=${wednesday}`, headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      teacherId: sofia.id,
      timeZone: 'UTC',
      // Wednesday is fully booked, so it is not offered at all.
      dates: [
        {
          date: tuesday,
          weekday: 'Tuesday',
          slots: [
            { startTime: '08:00', endTimes: ['09:00', '10:00'] },
            { startTime: '09:00', endTimes: ['10:00'] },
            { startTime: '11:00', endTimes: ['12:00', '13:00'] },
            { startTime: '12:00', endTimes: ['13:00'] },
          ],
        },
      ],
    });
  });

  it('covers the whole bookable window by default, only on working days', async () => {
    const input = encodeURIComponent(JSON.stringify({ id: sofia.id }));
    const res = await t.app.inject({ method: 'GET', url: `/trpc/shadowBookings.availability?input=${input}`, headers: { cookie: demo.cookie } });
    const dates = (res.json().result.data.dates as { date: string }[]).map((d) => d.date);
    expect(dates).toEqual(windowWeekdays.filter((date) => date !== wednesday));
  });

  it('clips the range to the bookable window', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shadow-teachers/${sofia.id}/availability?from=2026-11-01&to=2026-11-23`, headers: { cookie: demo.cookie } });
    expect(res.json().dates.map((d: { date: string }) => d.date)).toEqual(['2026-11-23']);
  });

  it('refuses from after to, an unknown teacher and a signed-out caller', async () => {
    const backwards = await t.app.inject({ method: 'GET', url: `/api/shadow-teachers/${sofia.id}/availability?from=2026-11-30&to=2026-11-23`, headers: { cookie: demo.cookie } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].message).toBe('from must not be later than to.');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/shadow-teachers/999999/availability', headers: { cookie: demo.cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('That shadow teacher was not found.');
    expect((await t.app.inject({ method: 'GET', url: `/api/shadow-teachers/${sofia.id}/availability` })).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('states the grid, the limits and expiry on create and status, and documents cancelReason', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const create = doc.paths['/shadow-bookings'].post;
    expect(create.description).toMatch(/09:00-09:01, gives 400 naming endTime/);
    expect(create.description).toMatch(/at most 3 requests waiting for one teacher to confirm and 10 in all/);
    expect(create.description).toMatch(/within 48 hours .* expires/);
    const status = doc.paths['/shadow-bookings/{id}/status'].patch;
    expect(status.description).toMatch(/cancelReason 'expired'/);
    for (const operation of [create, status]) expect(operation.responses['409'].description).toMatch(/most requests waiting .* may have expired/);
    const booking = create.responses['201'].content['application/json'].schema;
    const properties = booking.properties ?? doc.components.schemas[booking.$ref.split('/').at(-1)].properties;
    expect(properties.cancelReason).toEqual({ anyOf: [{ type: 'string', enum: ['parent', 'declined', 'expired'] }, { type: 'null' }] });
  });
});
