import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPrice } from '../../src/shared/booking-rules';
import { createTestApp, sessionCookieOf, type TestApp } from '../helpers/test-app';
import { NOW, createBooking, signInTeacher, teacherNamed, updateStatus, windowWeekdays, type Family } from './bookings.fixtures';

// Issue 13, "Fair bookings": one family cannot squat a teacher's diary. At most 3 requests wait
// for one teacher and 10 in all, and a request the teacher has not confirmed within 48 hours
// expires. The app's clock is this file's `clock`, so time moves without sleeping; it only
// ever moves forward, so the expiry tests come last.

let clock = NOW;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const perTeacherMessage = (name: string) =>
  `You already have 3 booking requests waiting for ${name} to confirm, the most you can hold with one teacher. ` +
  `Cancel one in My Bookings, or wait until ${name} confirms or declines one (requests not confirmed within 48 hours expire), then book again.`;
const totalMessage =
  'You already have 10 booking requests waiting for teachers to confirm, the most you can hold at once. ' +
  'Cancel one in My Bookings, or wait until a teacher confirms or declines one (requests not confirmed within 48 hours expire), then book again.';
const expiredMessage = 'This booking expired: the teacher did not confirm it within 48 hours, so its status can no longer be changed.';

/** A brand-new parent account with its own children, as anyone could make one. */
async function newFamily(label: string, childNames: string[]): Promise<Family> {
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { name: `${label} Parent`, email: `${label}@example.com`, password: 'quiet-harbour-lantern-82' },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const cookie = sessionCookieOf(signUp);
  const children = [];
  for (const name of childNames) {
    const res = await t.app.inject({ method: 'POST', url: '/api/children', headers: { cookie }, payload: { name, dateOfBirth: '2023-03-01' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    children.push({ id: res.json().id as number, name });
  }
  return { userId: signUp.json().id, cookie, children };
}

type Teacher = { id: number; name: string; hourly_rate: number };

/** A home session, priced as the server prices it. */
function homeSession(teacher: Teacher, childId: number, date: string, startTime: string, endTime: string) {
  return {
    teacherId: teacher.id,
    childId,
    sessionType: 'home',
    nurseryId: null,
    location: '12 Elm Road',
    startDate: date,
    endDate: date,
    startTime,
    endTime,
    status: 'pending',
    notes: '',
    totalPrice: sessionPrice(teacher.hourly_rate, startTime, endTime),
    paymentStatus: 'unpaid',
  };
}

async function availability(teacherId: number, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/shadow-teachers/${teacherId}/availability`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().dates as { date: string; slots: { startTime: string; endTimes: string[] }[] }[];
}

async function bookingsOf(family: Family) {
  const res = await t.app.inject({ method: 'GET', url: '/api/shadow-bookings', headers: { cookie: family.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; status: string; cancelReason: string | null }[];
}

const messageOf = (res: { json(): { detail: string } }) => res.json().detail;

describe('pending requests per family', () => {
  it("a brand-new account cannot take a teacher's open dates: of 9 whole-day requests, 3 are made and 6 dates stay open", async () => {
    const kwame = await teacherNamed(t, 'Kwame Asante'); // Mondays and Tuesdays, 13:00 to 17:00
    const family = await newFamily('squatter', ['Sam Squatter']);
    const open = (await availability(kwame.id, family.cookie)).map((d) => d.date);
    expect(open).toHaveLength(9);

    const answers = [];
    for (const date of open) answers.push(await createBooking(t, family.cookie, homeSession(kwame, family.children[0]!.id, date, '13:00', '17:00')));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.slice(3)) expect(messageOf(refused)).toBe(perTeacherMessage('Kwame Asante'));
    expect((await availability(kwame.id, family.cookie)).map((d) => d.date)).toEqual(open.slice(3));
  });

  it('holds at most 10 requests in all, and a cancelled one makes room again', async () => {
    const family = await newFamily('busy', ['Ada Busy', 'Ben Busy', 'Cy Busy']);
    const [ada, ben, cy] = family.children.map((child) => child.id) as [number, number, number];
    const [amara, sofia, jonah, fatima, meiLin] = await Promise.all(
      ['Amara Okafor', 'Sofia Novak', 'Jonah Whitfield', 'Fatima Al-Sayed', 'Mei Lin Chen'].map((name) => teacherNamed(t, name)),
    );
    const made: number[] = [];
    for (const day of [0, 1, 2]) {
      const date = windowWeekdays[day]!;
      for (const payload of [
        homeSession(amara!, ada, date, '09:00', '10:00'),
        homeSession(sofia!, ben, date, '08:00', '09:00'),
        homeSession(jonah!, cy, date, '12:00', '13:00'),
      ]) {
        const res = await createBooking(t, family.cookie, payload);
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json().id);
      }
    }
    const thursday = windowWeekdays[3]!;
    expect((await createBooking(t, family.cookie, homeSession(fatima!, ada, thursday, '08:00', '09:00'))).statusCode).toBe(201);

    const eleventh = homeSession(meiLin!, ben, thursday, '10:00', '11:00');
    const refused = await createBooking(t, family.cookie, eleventh);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(totalMessage);
    const overTrpc = await createBooking(t, family.cookie, eleventh, 'trpc');
    expect(overTrpc.statusCode).toBe(409);
    expect(overTrpc.json().error.message).toBe(totalMessage);

    expect((await updateStatus(t, family.cookie, made[0]!, 'cancelled')).statusCode).toBe(200);
    expect((await createBooking(t, family.cookie, eleventh)).statusCode).toBe(201);
  });

  it('holds under simultaneous requests: a family with 4 waiting gets exactly 6 of 12 more, at most 3 per teacher', async () => {
    const family = await newFamily('rush', ['Dee Rush', 'Eli Rush']);
    const [meiLin, hana, amara, sofia, jonah] = await Promise.all(
      ['Mei Lin Chen', 'Hana Yoshida', 'Amara Okafor', 'Sofia Novak', 'Jonah Whitfield'].map((name) => teacherNamed(t, name)),
    );
    // Four held already: three with Mei Lin (Tuesdays and Thursdays) and one with Hana.
    for (const [teacher, day] of [[meiLin, 8], [meiLin, 11], [meiLin, 13], [hana, 16]] as const) {
      const res = await createBooking(t, family.cookie, homeSession(teacher!, family.children[0]!.id, windowWeekdays[day]!, '11:00', '12:00'));
      expect(res.statusCode, res.body).toBe(201);
    }
    // Twelve more at once, each on a day of its own, so no child or teacher overlaps decide anything.
    const days = [4, 5, 7, 9, 10, 12, 14, 15, 17, 18, 19, 20];
    const hours: [Teacher, string, string][] = [
      [amara!, '14:00', '15:00'],
      [sofia!, '11:00', '12:00'],
      [jonah!, '16:00', '17:00'],
    ];
    const answers = await Promise.all(
      days.map((day, i) => {
        const [teacher, start, end] = hours[i % hours.length]!;
        return createBooking(t, family.cookie, homeSession(teacher, family.children[i % 2]!.id, windowWeekdays[day]!, start, end), i % 2 ? 'trpc' : 'rest');
      }),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);

    const pending = await t.database.db
      .selectFrom('shadow_bookings')
      .select(['teacher_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('parent_id', '=', family.userId)
      .where('status', '=', 'pending')
      .groupBy('teacher_id')
      .execute();
    expect(pending.reduce((sum, row) => sum + Number(row.count), 0)).toBe(10);
    expect(pending.every((row) => Number(row.count) <= 3)).toBe(true);
  });
});

describe('requests the teacher has not confirmed expire after 48 hours', () => {
  let diego: Teacher;
  let diegoAccount: { userId: number; cookie: string };
  beforeAll(async () => {
    diego = await teacherNamed(t, 'Diego Ramírez');
    diegoAccount = await signInTeacher(t, 'Diego Ramírez', 'diego.fair@nestling.test');
  });

  /** The first open hour on the last open date of Diego's diary: still bookable after the clock moves on. */
  async function diegosLastOpenHour(family: Family) {
    const last = (await availability(diego.id, family.cookie)).at(-1)!;
    return { date: last.date, startTime: last.slots[0]!.startTime, endTime: last.slots[0]!.endTimes[0]! };
  }

  it('stays pending for 48 hours, then becomes cancelled with cancelReason expired, frees the time and is audited', async () => {
    const family = await newFamily('late', ['Fay Late']);
    const neighbours = await newFamily('neighbours', ['Gil Next']);
    const hour = await diegosLastOpenHour(family);
    const created = await createBooking(t, family.cookie, homeSession(diego, family.children[0]!.id, hour.date, hour.startTime, hour.endTime));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', cancelReason: null });
    const id = created.json().id as number;
    const madeAt = clock;

    clock = new Date(madeAt.getTime() + 48 * HOUR);
    expect(await bookingsOf(family)).toMatchObject([{ id, status: 'pending', cancelReason: null }]);
    const sameTime = homeSession(diego, neighbours.children[0]!.id, hour.date, hour.startTime, hour.endTime);
    expect((await createBooking(t, neighbours.cookie, sameTime)).statusCode).toBe(409);

    clock = new Date(madeAt.getTime() + 48 * HOUR + 60_000);
    expect(await bookingsOf(family)).toMatchObject([{ id, status: 'cancelled', cancelReason: 'expired' }]);
    const events = await t.database.db
      .selectFrom('booking_events')
      .select(['actor_id', 'actor_role', 'from_status', 'to_status', 'occurred_at'])
      .where('booking_id', '=', id)
      .orderBy('id')
      .execute();
    expect(events.slice(1)).toEqual([
      { actor_id: null, actor_role: 'system', from_status: 'pending', to_status: 'cancelled', occurred_at: new Date(madeAt.getTime() + 48 * HOUR) },
    ]);
    // Reading again changes nothing more.
    expect(await bookingsOf(family)).toMatchObject([{ id, status: 'cancelled', cancelReason: 'expired' }]);
    expect(await t.database.db.selectFrom('booking_events').select('id').where('booking_id', '=', id).execute()).toHaveLength(2);

    const open = await availability(diego.id, neighbours.cookie);
    expect(open.find((d) => d.date === hour.date)?.slots.map((s) => s.startTime)).toContain(hour.startTime);
    expect((await createBooking(t, neighbours.cookie, sameTime)).statusCode).toBe(201);
  });

  it('cannot be confirmed, declined or cancelled once 48 hours have passed, even before anything else has read it', async () => {
    const family = await newFamily('slow', ['Hal Slow']);
    const hour = await diegosLastOpenHour(family);
    const created = await createBooking(t, family.cookie, homeSession(diego, family.children[0]!.id, hour.date, hour.startTime, hour.endTime));
    const id = created.json().id as number;
    clock = new Date(clock.getTime() + 49 * HOUR);

    for (const [cookie, status] of [[diegoAccount.cookie, 'confirmed'], [diegoAccount.cookie, 'cancelled'], [family.cookie, 'cancelled']] as const) {
      const res = await updateStatus(t, cookie, id, status);
      expect(res.statusCode, res.body).toBe(409);
      expect(messageOf(res)).toBe(expiredMessage);
    }
    const row = await t.database.db.selectFrom('shadow_bookings').select(['status', 'cancel_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', cancel_reason: 'expired' });
    const events = await t.database.db.selectFrom('booking_events').select(['actor_role', 'to_status']).where('booking_id', '=', id).orderBy('id').execute();
    expect(events).toEqual([
      { actor_role: 'parent', to_status: 'pending' },
      { actor_role: 'system', to_status: 'cancelled' },
    ]);
  });

  it('leaves a confirmed booking alone, and expired requests no longer count towards the limit', async () => {
    const family = await newFamily('patient', ['Ivy Patient']);
    const dates = (await availability(diego.id, family.cookie)).map((d) => d.date);
    const requests = dates.slice(-5).map((date) => homeSession(diego, family.children[0]!.id, date, '11:00', '12:00'));
    const ids = [];
    for (const payload of requests.slice(0, 3)) ids.push((await createBooking(t, family.cookie, payload)).json().id as number);
    expect((await updateStatus(t, diegoAccount.cookie, ids[0]!, 'confirmed')).statusCode).toBe(200);
    expect((await createBooking(t, family.cookie, requests[3]!)).statusCode).toBe(201);
    const full = await createBooking(t, family.cookie, requests[4]!);
    expect(full.statusCode).toBe(409);
    expect(messageOf(full)).toBe(perTeacherMessage('Diego Ramírez'));

    clock = new Date(clock.getTime() + 49 * HOUR);
    expect((await createBooking(t, family.cookie, requests[4]!)).statusCode).toBe(201);
    const statuses = new Map((await bookingsOf(family)).map((b) => [b.id, [b.status, b.cancelReason]]));
    expect(statuses.get(ids[0]!)).toEqual(['confirmed', null]);
    expect(statuses.get(ids[1]!)).toEqual(['cancelled', 'expired']);
    expect(statuses.get(ids[2]!)).toEqual(['cancelled', 'expired']);
  });
});
