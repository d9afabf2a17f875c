import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStatuses, type BookingStatus } from '../../src/shared/booking-rules';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import {
  bodyOf,
  bookingPayload,
  createBooking,
  firstNurseryId,
  fixedNow,
  roomyLimits,
  signInParents,
  signInTeacher,
  teacherNamed,
  updateStatus,
  windowWeekdays,
  type Family,
} from './bookings.fixtures';

let t: TestApp;
let demo: Family;
let other: Family;
let amaraAccount: { userId: number; cookie: string };
let diegoAccount: { userId: number; cookie: string };
let staffCookie: string;
let amara: { id: number; hourly_rate: number };
let nurseryId: number;

beforeAll(async () => {
  t = await createTestApp({ now: fixedNow, env: roomyLimits });
  ({ demo, other } = await signInParents(t));
  amaraAccount = await signInTeacher(t, 'Amara Okafor', 'amara@nestling.test');
  diegoAccount = await signInTeacher(t, 'Diego Ramírez', 'diego@nestling.test');
  staffCookie = await t.signIn(demoAccounts.staff);
  amara = await teacherNamed(t, 'Amara Okafor');
  nurseryId = await firstNurseryId(t);
});
afterAll(() => t?.close());

/** Each booking gets its own weekday and hour of Amara's, so none of them collide. */
let nextSlot = 0;
async function newBooking(family: Family = demo, overrides: Record<string, unknown> = {}): Promise<number> {
  const slot = nextSlot++;
  const hour = 9 + Math.floor(slot / windowWeekdays.length);
  const startTime = `${String(hour).padStart(2, '0')}:00`;
  const endTime = `${String(hour + 1).padStart(2, '0')}:00`;
  const payload = bookingPayload(
    { teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: family.children[0]!.id, nurseryId },
    { startDate: windowWeekdays[slot % windowWeekdays.length], startTime, endTime, ...overrides },
  );
  const res = await createBooking(t, family.cookie, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Puts a fresh booking into a status directly, as set-up for a transition test. */
async function bookingIn(status: BookingStatus): Promise<number> {
  const id = await newBooking();
  await t.database.db.updateTable('shadow_bookings').set({ status, cancel_reason: status === 'cancelled' ? 'parent' : null }).where('id', '=', id).execute();
  return id;
}

const eventsOf = (bookingId: number) =>
  t.database.db.selectFrom('booking_events').select(['actor_id', 'actor_role', 'from_status', 'to_status', 'occurred_at']).where('booking_id', '=', bookingId).orderBy('id').execute();
const statusOf = async (bookingId: number) =>
  (await t.database.db.selectFrom('shadow_bookings').select('status').where('id', '=', bookingId).executeTakeFirstOrThrow()).status;

const frozenMessage = (from: BookingStatus) => `This booking is ${from}, so its status can no longer be changed.`;
const sameMessage = (status: BookingStatus) => `This booking is already ${status}.`;

/** [actor, from, to, expected status, expected message when refused] */
const transitions: [('parent' | 'teacher'), BookingStatus, BookingStatus, number, string?][] = [
  ['parent', 'pending', 'pending', 409, sameMessage('pending')],
  ['parent', 'pending', 'confirmed', 409, 'You can only change a pending booking to cancelled.'],
  ['parent', 'pending', 'cancelled', 200],
  ['parent', 'confirmed', 'pending', 409, frozenMessage('confirmed')],
  ['parent', 'confirmed', 'confirmed', 409, sameMessage('confirmed')],
  ['parent', 'confirmed', 'cancelled', 409, frozenMessage('confirmed')],
  ['parent', 'cancelled', 'pending', 409, frozenMessage('cancelled')],
  ['parent', 'cancelled', 'confirmed', 409, frozenMessage('cancelled')],
  ['parent', 'cancelled', 'cancelled', 409, sameMessage('cancelled')],
  ['teacher', 'pending', 'pending', 409, sameMessage('pending')],
  ['teacher', 'pending', 'confirmed', 200],
  ['teacher', 'pending', 'cancelled', 200],
  ['teacher', 'confirmed', 'pending', 409, frozenMessage('confirmed')],
  ['teacher', 'confirmed', 'confirmed', 409, sameMessage('confirmed')],
  ['teacher', 'confirmed', 'cancelled', 409, frozenMessage('confirmed')],
  ['teacher', 'cancelled', 'pending', 409, frozenMessage('cancelled')],
  ['teacher', 'cancelled', 'confirmed', 409, frozenMessage('cancelled')],
  ['teacher', 'cancelled', 'cancelled', 409, sameMessage('cancelled')],
];

describe('PATCH /api/shadow-bookings/{id}/status', () => {
  it('covers every from/to pair for both actors', () => {
    expect(transitions.length).toBe(2 * bookingStatuses.length ** 2);
  });

  it.each(transitions)('%s: %s -> %s answers %i', async (actor, from, to, status, message) => {
    const id = await bookingIn(from);
    const caller = actor === 'parent' ? demo : amaraAccount;
    const before = await eventsOf(id);
    const res = await updateStatus(t, caller.cookie, id, to);
    expect(res.statusCode, res.body).toBe(status);
    const after = await eventsOf(id);
    if (status === 200) {
      // A parent's cancel is 'parent'; a teacher cancelling a pending request declines it.
      const cancelReason = to === 'cancelled' ? (actor === 'parent' ? 'parent' : 'declined') : null;
      expect(res.json()).toMatchObject({ id, status: to, cancelReason, teacherName: 'Amara Okafor', childName: 'Maya Thompson' });
      expect(await statusOf(id)).toBe(to);
      // One audit row, written with the change: who, when, from and to.
      expect(after.slice(before.length)).toEqual([
        { actor_id: caller.userId, actor_role: actor, from_status: from, to_status: to, occurred_at: fixedNow() },
      ]);
    } else {
      expect(res.json().detail).toBe(message);
      expect(await statusOf(id)).toBe(from);
      expect(after).toEqual(before);
    }
  });

  it('works the same over tRPC', async () => {
    const id = await newBooking();
    const confirmed = await updateStatus(t, amaraAccount.cookie, id, 'confirmed', 'trpc');
    expect(confirmed.statusCode).toBe(200);
    expect(bodyOf(confirmed, 'trpc')).toMatchObject({ id, status: 'confirmed' });
    const refused = await updateStatus(t, demo.cookie, id, 'cancelled', 'trpc');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(frozenMessage('confirmed'));
  });

  it("answers 404 for a booking the caller takes no part in: another family, another teacher, staff, or none at all", async () => {
    const id = await newBooking();
    for (const cookie of [other.cookie, diegoAccount.cookie, staffCookie]) {
      for (const transport of ['rest', 'trpc'] as const) {
        const res = await updateStatus(t, cookie, id, 'cancelled', transport);
        expect(res.statusCode).toBe(404);
        expect(transport === 'rest' ? res.json().detail : res.json().error.message).toBe('That booking was not found.');
      }
    }
    expect((await updateStatus(t, demo.cookie, 999_999, 'cancelled')).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('pending');
  });

  it('needs a signed-in caller and a known status', async () => {
    const id = await newBooking();
    expect((await updateStatus(t, undefined, id, 'cancelled')).statusCode).toBe(401);
    const unknown = await updateStatus(t, demo.cookie, id, 'done');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('status');
    expect(unknown.json().errors[0].message).toBe('Choose a status: pending, confirmed, cancelled.');
  });

  it('frees the time when a booking is cancelled or declined', async () => {
    const date = windowWeekdays[20]!;
    const first = await createBooking(t, demo.cookie, bookingPayload({ teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: demo.children[1]!.id, nurseryId }, { startDate: date, startTime: '14:00', endTime: '15:00' }));
    expect(first.statusCode).toBe(201);
    const againPayload = bookingPayload({ teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: other.children[0]!.id, nurseryId }, { startDate: date, startTime: '14:00', endTime: '15:00' });
    expect((await createBooking(t, other.cookie, againPayload)).statusCode).toBe(409);
    expect((await updateStatus(t, amaraAccount.cookie, first.json().id, 'cancelled')).statusCode).toBe(200);
    expect((await createBooking(t, other.cookie, againPayload)).statusCode).toBe(201);
  });
});

// ---- Calendar feed ----------------------------------------------------------------------

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  properties: Property[];
  components: Component[];
}

/**
 * A small RFC 5545 reader for the test: checks the physical lines (CRLF, at most 75 octets,
 * folds start with a space or tab), unfolds them, and builds the BEGIN/END component tree.
 */
function parseICalendar(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  const logical: string[] = [];
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      expect(logical.length).toBeGreaterThan(0);
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const root: Component = { name: '', properties: [], components: [] };
  const stack = [root];
  for (const line of logical) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
    expect(match, `not a content line: ${line}`).not.toBeNull();
    const [, rawName, rawParams, value] = match!;
    const name = rawName!.toUpperCase();
    const top = stack.at(-1)!;
    if (name === 'BEGIN') {
      const component: Component = { name: value!, properties: [], components: [] };
      top.components.push(component);
      stack.push(component);
    } else if (name === 'END') {
      expect(top.name).toBe(value);
      stack.pop();
    } else {
      const params = Object.fromEntries(
        [...rawParams!.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/g)].map(([, key, val]) => [key!.toUpperCase(), val!.replace(/^"|"$/g, '')]),
      );
      top.properties.push({ name, params, value: value! });
    }
  }
  expect(stack.length).toBe(1);
  expect(root.components.map((c) => c.name)).toEqual(['VCALENDAR']);
  return root.components[0]!;
}

const prop = (component: Component, name: string) => component.properties.find((p) => p.name === name);
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
/** DTSTART/DTEND: a UTC date-time, or a local one with a TZID. */
function instantOf(property: Property | undefined): string {
  expect(property).toBeDefined();
  if (property!.params.TZID) return `${property!.value} ${property!.params.TZID}`;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(property!.value);
  expect(m, property!.value).not.toBeNull();
  return `${m![1]}-${m![2]}-${m![3]}T${m![4]}:${m![5]}:${m![6]}Z`;
}

describe('GET /api/shadow-bookings/calendar.ics', () => {
  let confirmedId: number;
  let cancelledId: number;
  const notes = 'Zoë needs her ear defenders; arrive early, please. She loves the dinosaur books — 🦕 — and the garden swing.';

  beforeAll(async () => {
    confirmedId = await newBooking(demo, { notes });
    expect((await updateStatus(t, amaraAccount.cookie, confirmedId, 'confirmed')).statusCode).toBe(200);
    cancelledId = await newBooking();
    expect((await updateStatus(t, demo.cookie, cancelledId, 'cancelled')).statusCode).toBe(200);
  });

  it("is a well-formed iCalendar feed of the parent's live bookings", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers: { cookie: demo.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const calendar = parseICalendar(res.body);
    expect(prop(calendar, 'VERSION')?.value).toBe('2.0');
    expect(prop(calendar, 'PRODID')?.value).toBeTruthy();
    const events = calendar.components.filter((c) => c.name === 'VEVENT');
    expect(calendar.components.length).toBe(events.length);

    const live = await t.database.db.selectFrom('shadow_bookings').select(['id', 'status']).where('parent_id', '=', demo.userId).where('status', '<>', 'cancelled').execute();
    const uids = events.map((e) => prop(e, 'UID')?.value);
    expect(uids.sort()).toEqual(live.map((b) => `shadow-booking-${b.id}@nestling.test`).sort());
    for (const event of events) {
      for (const required of ['UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'STATUS']) expect(prop(event, required), required).toBeDefined();
      expect(instantOf(prop(event, 'DTEND')) > instantOf(prop(event, 'DTSTART'))).toBe(true);
      expect(prop(event, 'DTSTAMP')?.value).toBe('20261121T100000Z');
      const booking = live.find((b) => prop(event, 'UID')?.value === `shadow-booking-${b.id}@nestling.test`)!;
      expect(prop(event, 'STATUS')?.value).toBe(booking.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE');
    }
    expect(uids).not.toContain(`shadow-booking-${cancelledId}@nestling.test`);

    const confirmed = events.find((e) => prop(e, 'UID')?.value === `shadow-booking-${confirmedId}@nestling.test`)!;
    const row = await t.database.db.selectFrom('shadow_bookings').select(['start_date', 'start_time', 'end_time']).where('id', '=', confirmedId).executeTakeFirstOrThrow();
    expect(instantOf(prop(confirmed, 'DTSTART'))).toBe(`${row.start_date}T${row.start_time}:00Z`);
    expect(instantOf(prop(confirmed, 'DTEND'))).toBe(`${row.start_date}T${row.end_time}:00Z`);
    expect(prop(confirmed, 'STATUS')?.value).toBe('CONFIRMED');
    expect(unescapeText(prop(confirmed, 'SUMMARY')!.value)).toBe('Shadow teacher: Amara Okafor with Maya Thompson');
    expect(unescapeText(prop(confirmed, 'LOCATION')!.value)).toBe('Little Acorns Nursery');
    const description = unescapeText(prop(confirmed, 'DESCRIPTION')!.value);
    expect(description).toBe(`Nursery session with Amara Okafor for Maya Thompson.\nConfirmed by the teacher\nTotal $48.00\n${notes}`);
    // The long description had to be folded.
    expect(res.body).toMatch(/\r\n [^\r\n]/);
  });

  it('accepts a personal API token', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie: demo.cookie }, payload: { name: 'Calendar app' } });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers: { authorization: `Bearer ${created.json().token}` } });
    expect(res.statusCode).toBe(200);
    const withCookie = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers: { cookie: demo.cookie } });
    const events = (body: string) => parseICalendar(body).components.map((e) => prop(e, 'UID')?.value);
    expect(events(res.body)).toEqual(events(withCookie.body));
  });

  it("shows a family only its own bookings", async () => {
    const ownId = await newBooking(other);
    const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers: { cookie: other.cookie } });
    const uids = parseICalendar(res.body).components.map((e) => prop(e, 'UID')?.value);
    const live = await t.database.db.selectFrom('shadow_bookings').select('id').where('parent_id', '=', other.userId).where('status', '<>', 'cancelled').execute();
    expect(uids).toContain(`shadow-booking-${ownId}@nestling.test`);
    expect(uids.sort()).toEqual(live.map((b) => `shadow-booking-${b.id}@nestling.test`).sort());
    expect(uids).not.toContain(`shadow-booking-${confirmedId}@nestling.test`);
  });

  it('answers 401 in JSON when signed out or the token is unknown', async () => {
    for (const headers of [{}, { authorization: 'Bearer nst_not-a-real-token' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings/calendar.ics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Please sign in to continue.');
    }
  });
});
