import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_TAKEN_MESSAGE } from '../../src/shared/booking-rules';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bookingPayload, createBooking, firstNurseryId, fixedNow, roomyLimits, signInParents, teacherNamed, windowWeekdays, type Family, type Transport } from './bookings.fixtures';

// Many parents pressing "Book" at once: the database's exclusion constraints must let exactly
// one of them have the time, on PGlite (one connection, so requests queue) and on PostgreSQL
// (a pool, so they really do run at once).

let t: TestApp;
let families: Family[];
let amara: { id: number; hourly_rate: number };
let nurseryId: number;

beforeAll(async () => {
  t = await createTestApp({ now: fixedNow, env: roomyLimits });
  const { demo, other } = await signInParents(t);
  families = [demo, other];
  amara = await teacherNamed(t, 'Amara Okafor');
  nurseryId = await firstNurseryId(t);
});
afterAll(() => t?.close());

const ATTEMPTS = 50;

/** Attempt i: a child of one of the two families (so no family's child collides with itself first), over REST or tRPC. */
function attempt(i: number, date: string, times: { startTime: string; endTime: string }) {
  const family = families[i % families.length]!;
  const child = family.children[Math.floor(i / families.length) % family.children.length]!;
  const transport: Transport = i % 4 < 2 ? 'rest' : 'trpc';
  const payload = bookingPayload({ teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: child.id, nurseryId }, { startDate: date, ...times });
  return { transport, request: () => createBooking(t, family.cookie, payload, transport) };
}

async function race(date: string, timesOf: (i: number) => { startTime: string; endTime: string }) {
  const attempts = Array.from({ length: ATTEMPTS }, (_, i) => attempt(i, date, timesOf(i)));
  const responses = await Promise.all(attempts.map((a) => a.request()));
  return responses.map((res, i) => {
    const transport = attempts[i]!.transport;
    const created = (transport === 'rest' && res.statusCode === 201) || (transport === 'trpc' && res.statusCode === 200);
    const message = res.statusCode === 409 ? (transport === 'rest' ? res.json().detail : res.json().error.message) : undefined;
    return { created, status: res.statusCode, message };
  });
}

async function liveBookingsOn(date: string) {
  return t.database.db.selectFrom('shadow_bookings').select(['id', 'start_time', 'end_time']).where('teacher_id', '=', amara.id).where('start_date', '=', date).execute();
}

describe(`${ATTEMPTS} simultaneous requests for one teacher`, () => {
  it('for the same slot: exactly one booking is made and every other request gets 409', async () => {
    const date = windowWeekdays[0]!;
    const results = await race(date, () => ({ startTime: '10:00', endTime: '11:00' }));
    expect(results.filter((r) => r.created).length).toBe(1);
    const refused = results.filter((r) => !r.created);
    expect(refused.length).toBe(ATTEMPTS - 1);
    expect(refused.every((r) => r.status === 409 && r.message === TIME_TAKEN_MESSAGE)).toBe(true);

    const rows = await liveBookingsOn(date);
    expect(rows.length).toBe(1);
    const events = await t.database.db.selectFrom('booking_events').select('booking_id').execute();
    expect(events).toEqual([{ booking_id: rows[0]!.id }]);
  });

  it('for overlapping ranges that all share 12:00-13:00: exactly one booking is made', async () => {
    const date = windowWeekdays[1]!;
    const starts = ['09:00', '10:00', '11:00', '12:00'];
    const ends = ['13:00', '14:00', '15:00'];
    const results = await race(date, (i) => ({ startTime: starts[i % starts.length]!, endTime: ends[Math.floor(i / starts.length) % ends.length]! }));
    expect(results.filter((r) => r.created).length).toBe(1);
    expect(results.filter((r) => !r.created).every((r) => r.status === 409 && r.message === TIME_TAKEN_MESSAGE)).toBe(true);
    expect((await liveBookingsOn(date)).length).toBe(1);
  });

  it('for back-to-back hours: every hour is booked once, since touching sessions do not overlap', async () => {
    const date = windowWeekdays[2]!;
    const hours = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    const results = await race(date, (i) => {
      const start = hours[i % hours.length]!;
      return { startTime: start, endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00` };
    });
    expect(results.filter((r) => r.created).length).toBe(hours.length);
    expect((await liveBookingsOn(date)).map((r) => r.start_time).sort()).toEqual(hours);
  });
});

describe('one child cannot be in two sessions at once', () => {
  it('with six teachers at once: exactly one booking is made and every other request gets 409, never a 500', async () => {
    const [demo] = families;
    const maya = demo!.children[0]!;
    const date = windowWeekdays[5]!; // a Monday, when all six teach at 10:00
    const teachers = await Promise.all(['Amara Okafor', 'Diego Ramírez', 'Sofia Novak', 'Marcus Bell', 'Ngozi Eze', 'Fatima Al-Sayed'].map((name) => teacherNamed(t, name)));
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const teacher = teachers[i % teachers.length]!;
        const payload = bookingPayload({ teacherId: teacher.id, hourlyRate: teacher.hourly_rate, childId: maya.id, nurseryId }, { startDate: date, startTime: '10:00', endTime: '11:00' });
        return createBooking(t, demo!.cookie, payload);
      }),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(23).fill(409)]);
    const rows = await t.database.db.selectFrom('shadow_bookings').select('id').where('child_id', '=', maya.id).where('start_date', '=', date).execute();
    expect(rows.length).toBe(1);
  });

  it('refuses an overlapping booking with another teacher with 409 naming the child', async () => {
    const [demo] = families;
    const maya = demo!.children[0]!;
    const sofia = await teacherNamed(t, 'Sofia Novak');
    const date = windowWeekdays[3]!;
    const first = await createBooking(t, demo!.cookie, bookingPayload({ teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: maya.id, nurseryId }, { startDate: date, startTime: '09:00', endTime: '11:00' }));
    expect(first.statusCode).toBe(201);
    const clash = await createBooking(t, demo!.cookie, bookingPayload({ teacherId: sofia.id, hourlyRate: sofia.hourly_rate, childId: maya.id, nurseryId }, { startDate: date, startTime: '10:00', endTime: '12:00' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(`${TIME_TAKEN_MESSAGE}: Maya Thompson already has a session booked then.`);
    const after = await createBooking(t, demo!.cookie, bookingPayload({ teacherId: sofia.id, hourlyRate: sofia.hourly_rate, childId: maya.id, nurseryId }, { startDate: date, startTime: '11:00', endTime: '12:00' }));
    expect(after.statusCode).toBe(201);
  });
});
