import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import type { paths } from './nestling-api';

// An integrator's first script, written only from the OpenAPI document: a client generated with
// openapi-typescript (nestling-api.d.ts) and openapi-fetch, over real HTTP. `npm run typecheck`
// checks it against the committed types, so a change to the document that breaks integrators
// breaks CI; api-types.test.ts keeps those types equal to the served document.

/** A Monday morning: the bookable window is fixed, so the free slot the journey reads stays free. */
const NOW = new Date('2026-11-23T09:00:00Z');

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${address}/api`;
});
afterAll(() => t?.close());

type Result = { data?: unknown; error?: unknown; response: Response };

/** The body of an answer that must have this status; on any other, the failure shows the problem. */
async function expectAnswer<R extends Result>(call: Promise<R>, status: number): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call;
  expect(response.status, `${response.url}: ${JSON.stringify(error)}`).toBe(status);
  return data as NonNullable<R['data']>;
}

/** Signs in as a browser would and returns the session cookie, ready for a Cookie header. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const { response } = await createClient<paths>({ baseUrl }).POST('/auth/sign-in', { body: account });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nestling_session='));
  expect(cookie, 'the sign-in sets the session cookie').toBeDefined();
  return cookie!.split(';')[0]!;
}

describe('an integrator with a generated client', () => {
  let parent: ReturnType<typeof createClient<paths>>;
  let child: { id: number; name: string };
  let bookingId: number;

  it('signs in with a cookie once, creates an API token, then uses only Authorization: Bearer', async () => {
    const withCookie = createClient<paths>({ baseUrl, headers: { Cookie: await signIn(demoAccounts.parent) } });
    const created = await expectAnswer(withCookie.POST('/tokens', { body: { name: 'Integrator journey', scopes: ['profile:read', 'children:read', 'activities:read', 'bookings:read', 'bookings:write'] } }), 201);
    expect(created.token).toMatch(/^nst_/);
    parent = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${created.token}` } });

    const children = await expectAnswer(parent.GET('/children'), 200);
    expect(children.length).toBeGreaterThan(0);
    expect(children[0]!.ageMonths).toBeGreaterThanOrEqual(0);
    child = children[0]!;
  });

  it('finds a nursery and a shadow teacher, reads a free slot and books it', async () => {
    const nurseries = await expectAnswer(parent.GET('/nurseries', { params: { query: { specialNeeds: true, limit: 5 } } }), 200);
    expect(nurseries.length).toBeGreaterThan(0);
    expect(nurseries.every((n) => n.specialNeedsSupport)).toBe(true);
    const nursery = nurseries[0]!;

    const teachers = await expectAnswer(parent.GET('/shadow-teachers'), 200);
    const teacher = teachers[0]!;
    expect(teacher.currency).toBe('USD');

    const availability = await expectAnswer(parent.GET('/shadow-teachers/{id}/availability', { params: { path: { id: teacher.id } } }), 200);
    const day = availability.dates[0]!;
    const slot = day.slots[0]!;
    const endTime = slot.endTimes[0]!;

    // The document's rule: the price is the teacher's hourly rate (cents) times the hours booked, rounded to a cent.
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const totalPrice = Math.round((teacher.hourlyRate * (minutes(endTime) - minutes(slot.startTime))) / 60);
    const booking = await expectAnswer(
      parent.POST('/shadow-bookings', {
        body: {
          teacherId: teacher.id,
          childId: child.id,
          sessionType: 'nursery',
          nurseryId: nursery.id,
          startDate: day.date,
          endDate: day.date,
          startTime: slot.startTime,
          endTime,
          totalPrice,
        },
      }),
      201,
    );
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', totalPrice, currency: 'USD', nurseryId: nursery.id });
    bookingId = booking.id;

    const again = await parent.POST('/shadow-bookings', {
      body: { teacherId: teacher.id, childId: child.id, sessionType: 'nursery', nurseryId: nursery.id, startDate: day.date, endDate: day.date, startTime: slot.startTime, endTime, totalPrice },
    });
    expect(again.response.status).toBe(409);
    expect(again.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(again.error?.code).toBe('slot_unavailable');
  });

  it('lists the booking and finds it in the calendar feed', async () => {
    const bookings = await expectAnswer(parent.GET('/shadow-bookings'), 200);
    expect(bookings.map((b) => b.id)).toContain(bookingId);

    const calendar = await expectAnswer(parent.GET('/shadow-bookings/calendar.ics', { parseAs: 'text' }), 200);
    expect(calendar).toMatch(/^BEGIN:VCALENDAR/);
    expect(calendar).toContain(`UID:shadow-booking-${bookingId}@`);
  });

  it('cancels the booking once: it leaves the calendar, and a second cancel is refused with a problem', async () => {
    const cancelled = await expectAnswer(
      parent.PATCH('/shadow-bookings/{id}/status', { params: { path: { id: bookingId } }, body: { status: 'cancelled' } }),
      200,
    );
    expect(cancelled).toMatchObject({ id: bookingId, status: 'cancelled', cancelReason: 'parent' });

    const again = await parent.PATCH('/shadow-bookings/{id}/status', { params: { path: { id: bookingId } }, body: { status: 'cancelled' } });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ status: 409, code: 'booking_not_cancellable', type: expect.any(String), title: expect.any(String), detail: expect.any(String) });

    const calendar = await expectAnswer(parent.GET('/shadow-bookings/calendar.ics', { parseAs: 'text' }), 200);
    expect(calendar).not.toContain(`UID:shadow-booking-${bookingId}@`);
  });

  it("reads the activity staff logs about the child in the child's classroom", async () => {
    const staff = createClient<paths>({ baseUrl, headers: { Cookie: await signIn(demoAccounts.staff) } });
    const classrooms = await expectAnswer(staff.GET('/classrooms'), 200);
    const classroom = classrooms.find((c) => c.children.some((c2) => c2.id === child.id));
    expect(classroom, `a classroom of the staff member holds ${child.name}`).toBeDefined();

    const logged = await expectAnswer(
      staff.POST('/activities', { body: { channel: classroom!.channel, childIds: [child.id], type: 'art', description: 'Painted a rainbow with both hands' } }),
      201,
    );

    const activities = await expectAnswer(parent.GET('/activities', { params: { query: { channel: classroom!.channel } } }), 200);
    expect(activities.find((a) => a.id === logged.id)).toMatchObject({ type: 'art', description: 'Painted a rainbow with both hands', childIds: [child.id] });
  });
});
