import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { FAMILY_DATA } from '../../src/server/features/family/family-data';
import { restOf } from './family-helpers';
import { browserKeys } from '../helpers/push-receiver';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';

// The demo family (Sarah and a second guardian, James) asks to be erased, changes its mind by
// signing in, asks again, and is erased once the 7 days are over. The second family is untouched.
let t: TestApp;
let clock = new Date();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'a quiet harbour at dawn 7';

const rest = (...args: Parameters<ReturnType<typeof restOf>>) => restOf(t.app)(...args);

/** The body of a successful answer. */
async function ok(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

describe("a family's erasure", () => {
  it('has a rule for every table in the database', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_migration%'`.execute(t.database.db);
    const missing = rows.map((row) => row.table_name).filter((table) => !(table in FAMILY_DATA));
    expect(missing, 'add these tables to FAMILY_DATA in src/server/features/family/family-data.ts').toEqual([]);
  });

  it('waits 7 days, is cancelled by a guardian signing in, and then leaves only what the table-by-table list allows', async () => {
    const db = t.database.db;
    const sarah = await t.signIn(demoAccounts.parent);
    const sarahId = (await ok(await rest('GET', '/users/me', sarah))).id as number;
    const familyId = await familyIdOf(db, sarahId);
    const family2 = await familyIdOf(db, (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow()).id);
    const family2Children = await db.selectFrom('children').select('id').where('family_id', '=', family2).execute();

    // A second guardian joins.
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'James Thompson', email: 'james@erasure.test', password: PASSWORD } });
    const james = sessionCookieOf(signUp);
    const jamesId = signUp.json().id as number;
    const invitation = await ok(await rest('POST', '/family/invitations', sarah, { familyRole: 'guardian' }));
    await ok(await rest('POST', `/family-invitations/${String(invitation.link).split('/join/')[1]}/acceptance`, james, {}));
    const adults = [sarahId, jamesId];
    const childIds = (await db.selectFrom('children').select('id').where('family_id', '=', familyId).execute()).map((c) => c.id);

    // Things of theirs in every corner: a booking, a mental-health booking, a post with a photo, a comment, a like, a group, a token, a calendar link.
    const teacher = await db.selectFrom('shadow_teachers').select(['id', 'hourly_rate']).orderBy('id').executeTakeFirstOrThrow();
    const day = (await ok(await rest('GET', `/shadow-teachers/${teacher.id}/availability`, sarah))).dates[0] as unknown as { date: string; slots: { startTime: string; endTimes: string[] }[] };
    const slot = day.slots[0]!;
    const hours = (Number(slot.endTimes[0]!.slice(0, 2)) * 60 + Number(slot.endTimes[0]!.slice(3)) - Number(slot.startTime.slice(0, 2)) * 60 - Number(slot.startTime.slice(3))) / 60;
    const booking = await ok(await rest('POST', '/shadow-bookings', james, { teacherId: teacher.id, childId: childIds[0], sessionType: 'home', nurseryId: null, location: '12 Oak Lane', startDate: day.date, endDate: day.date, startTime: slot.startTime, endTime: slot.endTimes[0], notes: 'Leo naps at one.', totalPrice: teacher.hourly_rate * hours }));
    const services = await ok(await rest('GET', '/mental-health/services', sarah));
    const service = (services as unknown as { id: string; options: { id: string }[] }[])[0]!;
    const windows = (await ok(await rest('GET', '/mental-health/time-windows', sarah))) as unknown as { id: string }[];
    const tomorrow = new Date(clock.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const mhBooking = await ok(await rest('POST', '/mental-health/bookings', sarah, { kind: 'service', serviceId: service.id, optionId: service.options[0]!.id, childId: childIds[0], date: tomorrow, timeWindow: windows[0]!.id, notes: 'Bedtime is hard.' }));
    const image = await t.app.inject({ method: 'POST', url: '/api/community/images', headers: { cookie: sarah, origin: TEST_ORIGIN, 'content-type': 'image/png' }, payload: PNG });
    expect(image.statusCode, image.body).toBe(201);
    const post = await ok(await rest('POST', '/community/posts', sarah, { title: 'Our bedtime routine', content: 'What worked for us.', imageId: image.json().id }));
    const comment = await ok(await rest('POST', `/community/posts/${post.id}/comments`, james, { content: 'James here: it works.' }));
    await ok(await rest('PUT', `/community/posts/${post.id}/like`, james));
    const group = await db.selectFrom('support_groups').select('id').orderBy('id').executeTakeFirstOrThrow();
    await ok(await rest('PUT', `/community/groups/${group.id}/membership`, sarah));
    await ok(await rest('POST', '/tokens', sarah, { name: 'Kitchen display' }));
    await ok(await rest('POST', '/calendar-subscription', sarah, {}));
    await ok(await rest('POST', '/push-subscriptions', sarah, { endpoint: 'https://push.example.com/send/erasure', keys: browserKeys() }));
    const conversations = (await ok(await rest('GET', '/conversations', sarah))) as unknown as { id: number }[];
    const conversationIds = conversations.map((c) => c.id);
    await ok(await rest('POST', `/conversations/${conversationIds[0]}/messages`, james, { clientId: 'erasure-1', body: 'Leo has a cough today.' }));
    await ok(await rest('POST', `/conversations/${conversationIds[0]}/read`, sarah, {}));

    // Asking needs the family's name, and signs every adult out.
    const wrong = await rest('POST', '/family/erasure', sarah, { confirmName: 'Someone else', posts: 'anonymise' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('confirmName');
    const asked = await rest('POST', '/family/erasure', sarah, { confirmName: "sarah thompson's family", posts: 'delete' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().erasure.posts).toBe('delete');
    expect((await rest('GET', '/users/me', sarah)).statusCode).toBe(401);
    expect((await rest('GET', '/users/me', james)).statusCode).toBe(401);

    // Sarah signs in again within the week: the erasure is off.
    clock = new Date(clock.getTime() + 3 * 86_400_000);
    const sarahAgain = await t.signIn(demoAccounts.parent);
    expect((await ok(await rest('GET', '/family', sarahAgain))).erasure).toBeNull();
    clock = new Date(clock.getTime() + 8 * 86_400_000);
    expect(await t.app.services.family.eraseDue()).toBe(0);

    // Asked again, keeping posts anonymised; nothing happens before the 7 days are over.
    await ok(await rest('POST', '/family/erasure', sarahAgain, { confirmName: "Sarah Thompson's family", posts: 'anonymise' }));
    clock = new Date(clock.getTime() + 7 * 86_400_000 - 60_000);
    expect(await t.app.services.family.eraseDue()).toBe(0);
    clock = new Date(clock.getTime() + 120_000);
    expect(await t.app.services.family.eraseDue()).toBe(1);

    // What remains, table by table: the type makes every table name one.
    const ofAdults = <T extends keyof Database>(table: T, column: string) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} IN (${sql.join(adults)})`.execute(db).then((r) => r.rows[0]!.n);
    const ofChildren = (table: keyof Database) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE child_id IN (${sql.join(childIds)})`.execute(db).then((r) => r.rows[0]!.n);
    const none = async () => 0;
    const remains: Record<keyof Database, () => Promise<unknown>> = {
      families: () => db.selectFrom('families').select('id').where('id', '=', familyId).execute(),
      family_invitations: () => db.selectFrom('family_invitations').select('id').where('family_id', '=', familyId).execute(),
      family_exports: () => db.selectFrom('family_exports').select('id').where('family_id', '=', familyId).execute(),
      users: () => ofAdults('users', 'id'),
      sessions: () => ofAdults('sessions', 'user_id'),
      password_resets: () => ofAdults('password_resets', 'user_id'),
      api_tokens: () => ofAdults('api_tokens', 'user_id'),
      passkeys: () => ofAdults('passkeys', 'user_id'),
      webauthn_challenges: () => ofAdults('webauthn_challenges', 'user_id'),
      two_step: () => ofAdults('two_step', 'user_id'),
      two_step_recovery_codes: () => ofAdults('two_step_recovery_codes', 'user_id'),
      pending_sign_ins: () => ofAdults('pending_sign_ins', 'user_id'),
      calendar_subscriptions: () => ofAdults('calendar_subscriptions', 'user_id'),
      idempotency_keys: () => ofAdults('idempotency_keys', 'user_id'),
      rate_limits: none,
      children: () => db.selectFrom('children').select('id').where('id', 'in', childIds).execute(),
      activity_children: () => ofChildren('activity_children'),
      activity_photo_tags: () => ofChildren('activity_photo_tags'),
      activity_photos: none,
      shadow_bookings: () => db.selectFrom('shadow_bookings').select(['family_id', 'parent_id', 'child_id', 'notes', 'location', 'status', 'teacher_id', 'start_date']).where('id', '=', booking.id).execute(),
      booking_events: () => ofAdults('booking_events', 'actor_id'),
      mental_health_bookings: () => db.selectFrom('mental_health_bookings').select(['family_id', 'parent_id', 'child_id', 'notes', 'status']).where('id', '=', mhBooking.id).execute(),
      images: () => ofAdults('images', 'owner_id'),
      image_uploads: () => ofAdults('image_uploads', 'user_id'),
      posts: () => db.selectFrom('posts').select(['author_id', 'image_id', 'title']).where('id', '=', post.id).execute(),
      comments: () => db.selectFrom('comments').select(['author_id', 'content']).where('id', '=', comment.id).execute(),
      post_likes: () => ofAdults('post_likes', 'user_id'),
      post_reports: () => ofAdults('post_reports', 'reporter_id'),
      group_memberships: () => ofAdults('group_memberships', 'user_id'),
      outbox_events: () => db.selectFrom('outbox_events').select('id').where('family_id', '=', familyId).execute(),
      webhook_endpoints: () => db.selectFrom('webhook_endpoints').select('id').where('family_id', '=', familyId).execute(),
      webhook_deliveries: () => db.selectFrom('webhook_deliveries').innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id').select('webhook_deliveries.id').where('webhook_endpoints.family_id', '=', familyId).execute(),
      notifications: () => db.selectFrom('notifications').select('id').where('family_id', '=', familyId).execute(),
      notification_preferences: () => ofAdults('notification_preferences', 'user_id'),
      outbox_consumers: none,
      conversations: () => db.selectFrom('conversations').select('id').where('id', 'in', conversationIds).execute(),
      messages: () => db.selectFrom('messages').select('id').where('conversation_id', 'in', conversationIds).execute(),
      conversation_reads: () => db.selectFrom('conversation_reads').select('user_id').where('conversation_id', 'in', conversationIds).execute(),
      push_subscriptions: () => ofAdults('push_subscriptions', 'user_id'),
      server_secrets: none,
      camera_viewing_sessions: () => ofAdults('camera_viewing_sessions', 'user_id'),
      nursery_opening_hours: none,
      nurseries: none,
      classrooms: none,
      cameras: none,
      activities: none,
      products: none,
      shadow_teachers: none,
      articles: none,
      article_synonyms: none,
      article_vocabulary: none,
      support_groups: none,
      mental_health_services: none,
      mental_health_service_options: none,
      specialists: none,
      specialist_session_types: none,
      mental_health_time_windows: none,
      mental_health_articles: none,
    };
    const expected: Partial<Record<keyof Database, unknown>> = {
      shadow_bookings: [{ family_id: null, parent_id: null, child_id: null, notes: '', location: null, status: 'cancelled', teacher_id: teacher.id, start_date: day.date }],
      mental_health_bookings: [{ family_id: null, parent_id: null, child_id: null, notes: '', status: 'cancelled' }],
      posts: [{ author_id: null, image_id: null, title: 'Our bedtime routine' }],
      comments: [{ author_id: null, content: 'James here: it works.' }],
    };
    for (const [table, read] of Object.entries(remains) as [keyof Database, () => Promise<unknown>][]) {
      const found = await read();
      expect(found, table).toEqual(expected[table] ?? (typeof found === 'number' ? 0 : []));
    }

    // The kept post reads as 'A parent'; the other family keeps everything.
    const other = await t.signIn(demoAccounts.secondParent);
    expect((await ok(await rest('GET', `/community/posts/${post.id}`, other))).userName).toBe('A parent');
    expect(await db.selectFrom('children').select('id').where('family_id', '=', family2).execute()).toEqual(family2Children);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccounts.parent })).statusCode).toBe(401);
  });
});
