import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrator';
import { deliveryBody } from '../../src/server/features/webhooks/webhooks.service';
import { domainEvent, eventSchemas, eventTypes } from '../../src/shared/schemas/events';
import { familyIdOf } from '../helpers/test-database';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { NOW, bookingPayload, createBooking, firstNurseryId, roomyLimits, signInParents, signInTeacher, teacherNamed, updateStatus, windowWeekdays, type Family } from '../shadow-bookings/bookings.fixtures';

// Every domain event is written in the transaction of the change that causes it: present when
// the change committed, absent when it rolled back, and addressed to the family it is about.
let t: TestApp;
let clock = NOW;
let demo: Family;
let other: Family;
let demoFamily: number;
let otherFamily: number;
let amara: { id: number; hourly_rate: number };
let amaraCookie: string;
let nurseryId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: roomyLimits });
  ({ demo, other } = await signInParents(t));
  demoFamily = await familyIdOf(t.database.db, demo.userId);
  otherFamily = await familyIdOf(t.database.db, other.userId);
  amara = await teacherNamed(t, 'Amara Okafor');
  amaraCookie = (await signInTeacher(t, 'Amara Okafor', 'amara-outbox@nestling.test')).cookie;
  nurseryId = await firstNurseryId(t);
});
afterAll(() => t?.close());

const eventsAfter = (id: number) => t.database.db.selectFrom('outbox_events').selectAll().where('id', '>', id).orderBy('id').execute();
const lastEventId = async () => (await t.database.db.selectFrom('outbox_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;

let slot = 0;
function book(family: Family, date = windowWeekdays[slot++]!) {
  return createBooking(t, family.cookie, bookingPayload({ teacherId: amara.id, hourlyRate: amara.hourly_rate, childId: family.children[0]!.id, nurseryId }, { startDate: date }));
}

describe('the transactional outbox', () => {
  it('records booking.created for the family, with the booking as REST answers it', async () => {
    const before = await lastEventId();
    const res = await book(demo);
    expect(res.statusCode, res.body).toBe(201);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.family_id])).toEqual([['booking.created', demoFamily]]);
    expect(events[0]!.payload).toEqual({ bookingType: 'shadow-teacher', booking: res.json() });
    expect(events[0]!.occurred_at.toISOString()).toBe(NOW.toISOString());
  });

  it('records nothing for a booking refused inside its transaction (a taken slot)', async () => {
    const date = windowWeekdays[slot++]!;
    expect((await book(demo, date)).statusCode).toBe(201);
    const before = await lastEventId();
    const refused = await book(other, date);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('records booking.status_changed with cancelReason: parent, declined and expired', async () => {
    const cancelled = (await book(demo)).json().id;
    const declined = (await book(demo)).json().id;
    const before = await lastEventId();
    expect((await updateStatus(t, demo.cookie, cancelled, 'cancelled')).statusCode).toBe(200);
    expect((await updateStatus(t, amaraCookie, declined, 'cancelled')).statusCode).toBe(200);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.family_id, (e.payload as { booking: { id: number } }).booking.id, e.payload.cancelReason, e.payload.from, e.payload.to])).toEqual([
      ['booking.status_changed', demoFamily, cancelled, 'parent', 'pending', 'cancelled'],
      ['booking.status_changed', demoFamily, declined, 'declined', 'pending', 'cancelled'],
    ]);

    const stale = (await book(other)).json().id;
    clock = new Date(NOW.getTime() + (t.config.bookingLimits.pendingTtlHours + 1) * 3_600_000);
    try {
      const beforeExpiry = await lastEventId();
      expect((await t.app.inject({ method: 'GET', url: `/api/shadow-bookings/${stale}`, headers: { cookie: other.cookie } })).json().cancelReason).toBe('expired');
      const expired = await eventsAfter(beforeExpiry);
      expect(expired.map((e) => [e.type, e.family_id, e.payload.cancelReason])).toContainEqual(['booking.status_changed', otherFamily, 'expired']);
      expect(expired.every((e) => e.family_id === otherFamily)).toBe(true);
    } finally {
      clock = NOW;
    }
  });

  it('records child.created, and a mental-health booking and its cancellation', async () => {
    const before = await lastEventId();
    const child = await t.app.inject({ method: 'POST', url: '/api/children', headers: { cookie: demo.cookie }, payload: { name: 'Outbox Baby', dateOfBirth: '2025-06-01', specialNeeds: false } });
    expect(child.statusCode, child.body).toBe(201);
    const [service] = (await t.app.inject({ method: 'GET', url: '/api/mental-health/services' })).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mental-health/bookings',
      headers: { cookie: demo.cookie },
      payload: { kind: 'service', serviceId: service.id, optionId: service.options[0].id, date: windowWeekdays[0], timeWindow: 'morning', childId: null, notes: '' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/mental-health/bookings/${created.json().id}/status`, headers: { cookie: demo.cookie }, payload: { status: 'cancelled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.family_id, e.payload.bookingType ?? null])).toEqual([
      ['child.created', demoFamily, null],
      ['booking.created', demoFamily, 'mental-health'],
      ['booking.status_changed', demoFamily, 'mental-health'],
    ]);
    expect(events[0]!.payload).toEqual({ child: child.json() });
  });

  it('records activity.created for the nursery and once for each family it is about', async () => {
    const staff = await t.signIn(demoAccounts.staff);
    const demoChild = await t.database.db.selectFrom('children').select(['id', 'classroom_id']).where('family_id', '=', demoFamily).where('classroom_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const before = await lastEventId();
    const res = await t.app.inject({ method: 'POST', url: '/api/activities', headers: { cookie: staff }, payload: { channel: `classroom:${demoChild.classroom_id}`, childIds: [demoChild.id], type: 'snack', description: 'Apple slices' } });
    expect(res.statusCode, res.body).toBe(201);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.family_id, e.nursery_id === null])).toEqual([
      ['activity.created', null, false],
      ['activity.created', demoFamily, true],
    ]);
    expect(events[1]!.payload).toEqual({ activity: res.json(), classroomId: demoChild.classroom_id });
  });

  it('records post.created for the author’s family only, and nothing for a staff post', async () => {
    const before = await lastEventId();
    const res = await t.app.inject({ method: 'POST', url: '/api/community/posts', headers: { cookie: demo.cookie }, payload: { title: 'Outbox post', content: 'Hello from the outbox', tags: 'sleep' } });
    expect(res.statusCode, res.body).toBe(201);
    const staffPost = await t.app.inject({ method: 'POST', url: '/api/community/posts', headers: { cookie: await t.signIn(demoAccounts.staff) }, payload: { title: 'Staff post', content: 'From the nursery', tags: '' } });
    expect(staffPost.statusCode, staffPost.body).toBe(201);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.family_id, e.nursery_id])).toEqual([['post.created', demoFamily, null]]);
    expect(events[0]!.payload).toEqual({ post: res.json() });
  });

  it('delivers every event recorded above in the shape shared/schemas/events.ts publishes', async () => {
    const events = await eventsAfter(0);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(eventTypes.filter((type) => type !== 'child.updated')));
    for (const event of events) {
      const body = JSON.parse(deliveryBody(event));
      expect(domainEvent.safeParse(body).error?.issues ?? [], `${event.type} ${JSON.stringify(body)}`).toEqual([]);
      expect(eventSchemas[event.type].safeParse(body).success).toBe(true);
    }
  });

  it('migration 0020: a webhook endpoint belongs to exactly one family or nursery, and the migration goes down and up', async () => {
    const endpoint = (owner: { family_id?: number; nursery_id?: number }) =>
      t.database.db.insertInto('webhook_endpoints').values({ ...owner, url: 'https://example.com/h', event_types: ['activity.created'], secret: 'whsec_x', created_at: NOW, created_by: null }).returning('id').executeTakeFirstOrThrow();
    await expect(endpoint({})).rejects.toThrow(/webhook_endpoints_one_owner/);
    await expect(endpoint({ family_id: demoFamily, nursery_id: nurseryId })).rejects.toThrow(/webhook_endpoints_one_owner/);
    await endpoint({ family_id: demoFamily });
    await endpoint({ nursery_id: nurseryId });
    await migrateTo(t.database.db, '0019_create_family_exports');
    expect(await t.database.db.selectFrom('webhook_endpoints').select('family_id').execute()).toEqual([{ family_id: demoFamily }]);
    await migrateToLatest(t.database.db);
    await t.database.db.deleteFrom('webhook_endpoints').execute();
  });

  it('migration 0017 goes down and up again', async () => {
    await migrateTo(t.database.db, '0016_create_families');
    expect(await t.database.db.introspection.getTables().then((tables) => tables.some((table) => table.name === 'outbox_events'))).toBe(false);
    await migrateToLatest(t.database.db);
    expect(await lastEventId()).toBe(0);
  });
});
