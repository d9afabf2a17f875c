import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays, sessionPrice, weekdayOf } from '../../src/shared/booking-rules';
import { hashPassword } from '../../src/server/lib/passwords';
import { demoAccounts, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';

// Shared set-up for the booking tests: a fixed clock, the seeded teachers and families, and
// requests over both transports.

/** A Saturday morning; the bookable window is 2026-11-22 to 2026-12-21. */
export const NOW = new Date('2026-11-21T10:00:00Z');
export const fixedNow = () => NOW;

/** The weekdays (Monday to Friday) of the bookable window, in order: 21 dates. */
export const windowWeekdays = Array.from({ length: 30 }, (_, i) => addDays('2026-11-21', i + 1)).filter(
  (date) => !['Saturday', 'Sunday'].includes(weekdayOf(date)),
);

/**
 * For tests about something other than fairness that book one teacher many times: room for as
 * many waiting requests as they make (the limits themselves are tested in bookings-fairness).
 */
export const roomyLimits = { BOOKING_MAX_PENDING_PER_TEACHER: '1000', BOOKING_MAX_PENDING: '1000' };

export interface Family {
  userId: number;
  cookie: string;
  children: { id: number; name: string }[];
}

export async function teacherNamed(t: TestApp, name: string) {
  return t.database.db.selectFrom('shadow_teachers').select(['id', 'name', 'hourly_rate']).where('name', '=', name).executeTakeFirstOrThrow();
}

export async function firstNurseryId(t: TestApp): Promise<number> {
  const { id } = await t.database.db.selectFrom('nurseries').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  return id;
}

export async function signInFamily(t: TestApp, account: { email: string; password: string }): Promise<Family> {
  const cookie = await t.signIn(account);
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
  const children = await t.database.db.selectFrom('children').select(['id', 'name']).where('family_id', '=', await familyIdOf(t.database.db, user.id)).orderBy('id').execute();
  return { userId: user.id, cookie, children };
}

/** A teacher account linked to a seeded shadow teacher, created in the database, then signed in. */
export async function signInTeacher(t: TestApp, teacherName: string, email: string): Promise<{ userId: number; cookie: string }> {
  const teacher = await teacherNamed(t, teacherName);
  const password = 'nestling-teacher';
  const { id } = await t.database.db
    .insertInto('users')
    .values({ name: teacherName, email, password_hash: await hashPassword(password), role: 'teacher', shadow_teacher_id: teacher.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: id, cookie: await t.signIn({ email, password }) };
}

export const signInParents = async (t: TestApp) => ({
  demo: await signInFamily(t, demoAccounts.parent),
  other: await signInFamily(t, demoAccounts.secondParent),
});

/** A valid nursery booking of a teacher with the given rate, priced as the server prices it. */
export function bookingPayload(base: { teacherId: number; hourlyRate: number; childId: number; nurseryId: number }, overrides: Record<string, unknown> = {}) {
  const startTime = (overrides.startTime as string | undefined) ?? '09:00';
  const endTime = (overrides.endTime as string | undefined) ?? '10:00';
  const date = (overrides.startDate as string | undefined) ?? windowWeekdays[0]!;
  return {
    teacherId: base.teacherId,
    childId: base.childId,
    sessionType: 'nursery',
    nurseryId: base.nurseryId,
    location: null,
    startDate: date,
    endDate: date,
    startTime,
    endTime,
    status: 'pending',
    notes: '',
    totalPrice: sessionPrice(base.hourlyRate, startTime, endTime),
    paymentStatus: 'unpaid',
    ...overrides,
  };
}

export type Transport = 'rest' | 'trpc';

export function createBooking(t: TestApp, cookie: string, payload: unknown, transport: Transport = 'rest') {
  return t.app.inject({
    method: 'POST',
    url: transport === 'rest' ? '/api/shadow-bookings' : '/trpc/shadowBookings.create',
    headers: { cookie },
    payload: payload as Record<string, unknown>,
  });
}

export function updateStatus(t: TestApp, cookie: string | undefined, id: number, status: string, transport: Transport = 'rest') {
  return t.app.inject(
    transport === 'rest'
      ? { method: 'PATCH', url: `/api/shadow-bookings/${id}/status`, headers: cookie ? { cookie } : {}, payload: { status } }
      : { method: 'POST', url: '/trpc/shadowBookings.updateStatus', headers: cookie ? { cookie } : {}, payload: { id, status } },
  );
}

/** The success body of either transport. */
export function bodyOf(res: LightMyRequestResponse, transport: Transport) {
  return transport === 'rest' ? res.json() : res.json().result.data;
}

/**
 * Asserts a refusal: the same problem on both transports (the REST body, tRPC's
 * `error.data.problem`). Input-schema problems list the issue under `errors` and read
 * 'Please check your input. field: message'; rule problems carry the message itself. Both name the field.
 */
export function expectRefusal(
  res: LightMyRequestResponse,
  transport: Transport,
  expected: { status: number; message: string; field?: string; kind?: 'schema' | 'rule' },
) {
  expect(res.statusCode, res.body).toBe(expected.status);
  const problem = transport === 'rest' ? res.json() : res.json().error.data.problem;
  expect(problem.status).toBe(expected.status);
  if (expected.kind === 'schema') {
    expect(problem.errors[0].message).toBe(expected.message);
    expect(problem.detail).toBe(`Please check your input. ${expected.field}: ${expected.message}`);
  } else {
    expect(problem.detail).toBe(expected.message);
  }
  expect(problem.errors?.[0]?.path).toBe(expected.field);
}
