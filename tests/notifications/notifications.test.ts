import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { writeEvents } from '../../src/server/db/outbox';
import { hashPassword } from '../../src/server/lib/passwords';
import { consumeBatch } from '../../src/server/features/notifications/notifications.consumer';
import type { NotificationDto } from '../../src/shared/schemas/notifications';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';
import { restOf } from '../family/family-helpers';
import { listen, otherNurseryStaff, TestSocket } from '../realtime/realtime-helpers';

let t: TestApp;
let url: string;
let sarah: string;
let daniel: string;
let staff: string;
let otherStaff: string;
let carer: string;
let ids: { sarah: number; daniel: number; carer: number; sarahFamily: number; danielFamily: number; maya: number; leo: number; kofi: number };

const rest = (...args: Parameters<ReturnType<typeof restOf>>) => restOf(t.app)(...args);

function trpc(procedure: string, cookie: string, input: unknown, kind: 'query' | 'mutation') {
  return kind === 'query'
    ? t.app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { cookie } })
    : t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

async function userId(email: string) {
  return (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

async function childId(name: string) {
  return (await t.database.db.selectFrom('children').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** An account with a password, inserted directly (sign-up would make it a family of its own). */
async function addAccount(values: { name: string; email: string; role?: 'parent' | 'staff'; nursery_id?: number | null; family_id?: number | null; family_role?: 'carer' | null }) {
  await t.database.db
    .insertInto('users')
    .values({ phone: null, city: null, latitude: null, longitude: null, profile_image: null, shadow_teacher_id: null, nursery_id: null, family_id: null, family_role: null, ...values, password_hash: await hashPassword('a long test password') })
    .execute();
  return t.signIn({ email: values.email, password: 'a long test password' });
}

async function logActivity(payload: { channel: string; type: string; description: string; childId?: number }, cookie = staff) {
  const response = await rest('POST', '/activities', cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

async function list(cookie: string, query = ''): Promise<{ items: NotificationDto[]; nextCursor: string | null }> {
  const response = await rest('GET', `/notifications${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Waits for the consumer (woken by the commit) to have made what `check` looks for. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const notificationTitled = (cookie: string, title: string) => eventually(async () => (await list(cookie)).items.find((n) => n.title === title));

/** Runs the consumer to the end of the outbox now, so that "nothing was made" can be asserted. */
async function consumeAll() {
  while (await consumeBatch({ db: t.database.db, notifications: t.app.services.notifications, timeZone: 'UTC', log: t.app.log }));
}

const rowsOf = (userIdValue: number) => t.database.db.selectFrom('notifications').selectAll().where('user_id', '=', userIdValue).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  [sarah, daniel, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.secondParent), t.signIn(demoAccounts.staff)]);
  const sarahId = await userId(demoAccounts.parent.email);
  const danielId = await userId(demoAccounts.secondParent.email);
  const sarahFamily = await familyIdOf(t.database.db, sarahId);
  carer = await addAccount({ name: 'Grace Carer', email: 'grace@carer.test', family_id: sarahFamily, family_role: 'carer' });
  const other = await otherNurseryStaff(t.database.db);
  await t.database.db.updateTable('users').set({ password_hash: await hashPassword('a long test password') }).where('id', '=', other.id).execute();
  otherStaff = await t.signIn({ email: 'tomasz@sunflower.test', password: 'a long test password' });
  ids = {
    sarah: sarahId,
    daniel: danielId,
    carer: await userId('grace@carer.test'),
    sarahFamily,
    danielFamily: await familyIdOf(t.database.db, danielId),
    maya: await childId('Maya Thompson'),
    leo: await childId('Leo Thompson'),
    kofi: await childId('Kofi Osei'),
  };
});

afterAll(() => t.close());

describe('an activity about a child', () => {
  it("tells every adult of the child's family, each with their own row, and no other family", async () => {
    await logActivity({ channel: 'classroom-3b', type: 'nap', description: 'Maya fell asleep after lunch.', childId: ids.maya });
    const forSarah = await notificationTitled(sarah, 'Maya: Nap');
    expect(forSarah).toMatchObject({ category: 'activity', body: 'Maya fell asleep after lunch.', link: '/monitoring', readAt: null });
    const forCarer = await notificationTitled(carer, 'Maya: Nap');
    expect(forCarer.id).not.toBe(forSarah.id);
    await consumeAll();
    expect((await list(daniel)).items.find((n) => n.title === 'Maya: Nap')).toBeUndefined();
    expect((await list(staff)).items).toEqual([]);
  });

  it('names every child of the family it is about, and none of a classroom-wide one', async () => {
    const before = (await rowsOf(ids.sarah)).length;
    await logActivity({ channel: 'classroom-3b', type: 'snack', description: 'Snack time for the class.' });
    await consumeAll();
    expect((await rowsOf(ids.sarah)).length).toBe(before);
    const response = await rest('POST', '/activities', staff, { channel: 'classroom-3b', type: 'art', description: 'Painting together.', childIds: [ids.maya, ids.leo] });
    expect(response.statusCode).toBe(201);
    await notificationTitled(sarah, 'Maya and Leo: Art');
  });

  it("makes the day's report notification at departure, linked to the day in the service's time zone", async () => {
    await logActivity({ channel: 'classroom-3b', type: 'departure', description: 'Maya went home.', childId: ids.maya });
    const report = await notificationTitled(sarah, "Maya's day is ready");
    const today = new Date().toISOString().slice(0, 10);
    expect(report).toMatchObject({ category: 'report', link: `/children/${ids.maya}/report/${today}` });
    await notificationTitled(sarah, 'Maya: Departure');
  });

  it('is stored once per adult however often the outbox is read', async () => {
    await logActivity({ channel: 'classroom-3b', type: 'play', description: 'Maya built a tower.', childId: ids.maya });
    await notificationTitled(sarah, 'Maya: Play');
    await consumeAll();
    const rows = await rowsOf(ids.sarah);
    // Read everything again from the start: UNIQUE (user_id, source) keeps every row single.
    await t.database.db.updateTable('outbox_consumers').set({ last_event_id: 0 }).where('name', '=', 'notifications').execute();
    await consumeAll();
    expect(await rowsOf(ids.sarah)).toEqual(rows);
  });
});

describe('preferences', () => {
  const allOn = { inApp: true, push: true };
  const preferences = (overrides: Record<string, unknown> = {}) => ({
    categories: { activity: allOn, booking: allOn, community: allOn, message: allOn, report: allOn },
    mutedActivityTypes: [],
    quietHours: null,
    ...overrides,
  });

  it('start all on, and save per category, muted types and quiet hours', async () => {
    const fresh = await rest('GET', '/notification-preferences', daniel);
    expect(fresh.json()).toEqual({ ...preferences(), timeZone: 'UTC' });
    const saved = await rest('PUT', '/notification-preferences', daniel, preferences({ mutedActivityTypes: ['Nap', 'nap', 'snack'], quietHours: { start: '21:00', end: '07:00' } }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mutedActivityTypes: ['nap', 'snack'], quietHours: { start: '21:00', end: '07:00' } });
    expect((await rest('GET', '/notification-preferences', daniel)).json()).toEqual(saved.json());
  });

  it('refuse bad settings with 400 naming the field', async () => {
    for (const bad of [
      preferences({ quietHours: { start: '25:00', end: '07:00' } }),
      preferences({ quietHours: { start: '07:00', end: '07:00' } }),
      preferences({ mutedActivityTypes: ['two words'] }),
      { ...preferences(), extra: true },
      { mutedActivityTypes: [], quietHours: null },
    ]) {
      const response = await rest('PUT', '/notification-preferences', daniel, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('leave out a muted activity type and a category turned off, for that adult only', async () => {
    await rest('PUT', '/notification-preferences', carer, preferences({ mutedActivityTypes: ['learning'], categories: { activity: allOn, booking: allOn, community: allOn, message: allOn, report: { inApp: false, push: false } } }));
    await logActivity({ channel: 'classroom-3b', type: 'learning', description: 'Counting to ten.', childId: ids.maya });
    await logActivity({ channel: 'classroom-3b', type: 'departure', description: 'Home again.', childId: ids.leo });
    await notificationTitled(sarah, 'Maya: Learning');
    await notificationTitled(sarah, "Leo's day is ready");
    await consumeAll();
    const carerTitles = (await rowsOf(ids.carer)).map((row) => row.title);
    expect(carerTitles).not.toContain('Maya: Learning');
    expect(carerTitles).not.toContain("Leo's day is ready");
    expect(carerTitles).toContain('Leo: Departure');
  });

  /** The push worker may already have claimed a due push: pending and sent both mean "due". */
  const due = <R extends { push_state: string }>(row: R): R => (row.push_state === 'sent' ? { ...row, push_state: 'pending' } : row);

  it('decide the push: pending when on, skipped in quiet hours, none when off; in-app off keeps the row out of the list', async () => {
    const hour = new Date().getUTCHours();
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    await rest('PUT', '/notification-preferences', carer, preferences({ quietHours: { start: hh(hour - 1), end: hh(hour + 1) } }));
    await rest('PUT', '/notification-preferences', sarah, preferences({ categories: { activity: { inApp: false, push: true }, booking: allOn, community: allOn, message: allOn, report: allOn } }));
    const activity = await logActivity({ channel: 'classroom-3b', type: 'play', description: 'Sand pit.', childId: ids.leo });
    await consumeAll();
    const source = (await t.database.db.selectFrom('outbox_events').select('id').where(sql<boolean>`payload->'activity'->>'id' = ${String(activity.id)}`).where('family_id', '=', ids.sarahFamily).executeTakeFirstOrThrow()).id;
    const rows = (await t.database.db.selectFrom('notifications').select(['user_id', 'push_state', 'in_app']).where('source', '=', `event:${source}`).orderBy('user_id').execute()).map(due);
    expect(rows).toEqual(
      [
        { user_id: ids.sarah, push_state: 'pending', in_app: false },
        { user_id: ids.carer, push_state: 'skipped', in_app: true },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect((await list(sarah)).items.find((n) => n.body === 'Sand pit.')).toBeUndefined();
    await rest('PUT', '/notification-preferences', carer, preferences({ categories: { activity: { inApp: true, push: false }, booking: allOn, community: allOn, message: allOn, report: allOn } }));
    await rest('PUT', '/notification-preferences', sarah, preferences());
    await logActivity({ channel: 'classroom-3b', type: 'play', description: 'Water tray.', childId: ids.leo });
    await consumeAll();
    const latest = (await t.database.db.selectFrom('notifications').select(['user_id', 'push_state']).where('body', '=', 'Water tray.').orderBy('user_id').execute()).map(due);
    expect(latest).toEqual([
      { user_id: ids.sarah, push_state: 'pending' },
      { user_id: ids.carer, push_state: 'none' },
    ].sort((a, b) => a.user_id - b.user_id));
    await rest('PUT', '/notification-preferences', carer, preferences());
    // The push worker claims every due push once (Sarah has no device, so nothing leaves).
    await eventually(async () => ((await t.database.db.selectFrom('notifications').select('id').where('push_state', '=', 'pending').execute()).length === 0 ? true : undefined));
  });
});

describe('bookings', () => {
  async function statusChanged(to: string, cancelReason: string | null) {
    await t.database.db.transaction().execute((trx) =>
      writeEvents(trx, [
        {
          type: 'booking.status_changed',
          familyId: ids.danielFamily,
          occurredAt: new Date(),
          payload: {
            bookingType: 'shadow-teacher',
            from: 'pending',
            to,
            cancelReason,
            booking: { id: 1, teacherName: 'Emma Wilson', childName: 'Kofi Osei', startDate: '2026-12-03', startTime: '09:00', endTime: '15:00' },
          },
        },
      ]),
    );
  }

  it('tells the family of a confirmation, a decline and an expiry, and not of their own cancellation', async () => {
    await statusChanged('confirmed', null);
    await statusChanged('cancelled', 'declined');
    await statusChanged('cancelled', 'expired');
    await statusChanged('cancelled', 'parent');
    await notificationTitled(daniel, 'Booking request expired');
    await consumeAll();
    const bookings = (await list(daniel)).items.filter((n) => n.category === 'booking');
    expect(bookings.map((n) => n.title)).toEqual(['Booking request expired', 'Booking declined', 'Booking confirmed']);
    expect(bookings[0]).toMatchObject({ link: '/shadow-teachers', body: 'Emma Wilson with Kofi, Thursday, December 3rd, 2026, 9:00 AM - 3:00 PM.' });
    expect((await list(sarah)).items.filter((n) => n.category === 'booking')).toEqual([]);
  });
});

describe('community replies', () => {
  it("tell the post's author of someone else's comment, never of their own", async () => {
    const post = await rest('POST', '/community/posts', sarah, { title: 'Sleep tips?', content: 'Maya wakes at 5.' });
    expect(post.statusCode, post.body).toBe(201);
    const postId = post.json().id as number;
    expect((await rest('POST', `/community/posts/${postId}/comments`, sarah, { content: 'Update: 5:30 today.' })).statusCode).toBe(201);
    expect((await rest('POST', `/community/posts/${postId}/comments`, daniel, { content: 'Blackout blinds helped us.' })).statusCode).toBe(201);
    const reply = (await list(sarah)).items.find((n) => n.category === 'community');
    expect(reply).toMatchObject({ title: 'Daniel replied to your post', body: 'Sleep tips?: Blackout blinds helped us.', link: '/community' });
    expect((await list(sarah)).items.filter((n) => n.category === 'community')).toHaveLength(1);
    expect((await list(daniel)).items.filter((n) => n.category === 'community')).toEqual([]);
  });
});

describe('read state and paging', () => {
  it('pages newest first with a cursor; a bad cursor is 400', async () => {
    const all = (await list(sarah, '?limit=100')).items;
    expect(all.length).toBeGreaterThan(3);
    const first = await list(sarah, '?limit=2');
    const second = await list(sarah, `?limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items]).toEqual(all.slice(0, 4));
    expect((await rest('GET', '/notifications?cursor=nonsense', sarah)).statusCode).toBe(400);
  });

  it("marks one read for its adult only; another adult's, another family's or staff's try is 404 on REST and tRPC", async () => {
    const target = (await list(sarah)).items.find((n) => n.readAt === null)!;
    for (const cookie of [daniel, carer, staff, otherStaff]) {
      expect((await rest('POST', `/notifications/${target.id}/read`, cookie)).statusCode).toBe(404);
      const viaTrpc = await trpc('notifications.markRead', cookie, { id: target.id }, 'mutation');
      expect(viaTrpc.statusCode).toBe(404);
      expect(viaTrpc.json().error.data.problem.code).toBe('not_found');
    }
    expect((await list(sarah)).items.find((n) => n.id === target.id)?.readAt).toBeNull();
    const unreadBefore = (await rest('GET', '/notifications/unread-count', sarah)).json().unread as number;
    const read = await rest('POST', `/notifications/${target.id}/read`, sarah);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await rest('GET', '/notifications/unread-count', sarah)).json()).toEqual({ unread: unreadBefore - 1 });
    expect((await trpc('notifications.unreadCount', sarah, {}, 'query')).json().result.data).toEqual({ unread: unreadBefore - 1 });
    expect((await rest('POST', '/notifications/0/read', sarah)).statusCode).toBe(400);
    expect((await rest('POST', '/notifications/2147483648/read', sarah)).statusCode).toBe(400);
    expect((await rest('POST', '/notifications/2147483647/read', sarah)).statusCode).toBe(404);
  });

  it('marks all read for that adult only', async () => {
    const carerUnread = (await rest('GET', '/notifications/unread-count', carer)).json().unread as number;
    expect(carerUnread).toBeGreaterThan(0);
    const response = await rest('POST', '/notifications/read-all', sarah);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ unread: 0 });
    expect((await list(sarah)).items.every((n) => n.readAt !== null)).toBe(true);
    expect((await rest('GET', '/notifications/unread-count', carer)).json()).toEqual({ unread: carerUnread });
  });

  it('needs a browser session: not signed in is 401, an API token is 403', async () => {
    expect((await rest('GET', '/notifications')).statusCode).toBe(401);
    const { token } = await t.app.services.auth.createApiToken(ids.sarah, { name: 'script', scopes: ['activities:read'] });
    const response = await t.app.inject({ url: '/api/notifications', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
  });
});

describe('live on /ws', () => {
  // Daniel muted nap and snack above.
  it("sends each adult their own new notifications and counts on notifications:me, and nobody else's", async () => {
    await rest('POST', '/notifications/read-all', sarah);
    const sarahSocket = await TestSocket.joined(url, 'notifications:me', { cookie: sarah });
    const danielSocket = await TestSocket.joined(url, 'notifications:me', { cookie: daniel });
    const staffSocket = await TestSocket.joined(url, 'notifications:me', { cookie: otherStaff });

    await logActivity({ channel: 'classroom-3b', type: 'snack', description: 'Apple slices.', childId: ids.maya });
    const live = await sarahSocket.next();
    expect(live).toMatchObject({ type: 'notification', unread: 1, notification: { title: 'Maya: Snack', body: 'Apple slices.', link: '/monitoring', readAt: null } });
    if (live.type !== 'notification') throw new Error('expected a notification');
    expect((await list(sarah)).items[0]).toEqual(live.notification);

    // Daniel's first message is about his own child: had Maya's reached him, it would have come first.
    const token = (await t.app.services.auth.createApiToken(await userId('tomasz@sunflower.test'), { name: 'tablet', scopes: ['activities:write'] })).token;
    const kofi = await t.app.inject({ method: 'POST', url: '/api/activities', headers: { authorization: `Bearer ${token}` }, payload: { channel: 'sunshine-room', type: 'art', description: 'Kofi painted a boat.', childId: ids.kofi } });
    expect(kofi.statusCode, kofi.body).toBe(201);
    expect(await danielSocket.next()).toMatchObject({ type: 'notification', notification: { title: 'Kofi: Art' } });

    // Read on another device: the count follows.
    expect((await rest('POST', `/notifications/${live.notification.id}/read`, sarah)).statusCode).toBe(200);
    expect(await sarahSocket.next()).toEqual({ type: 'unread', unread: 0 });

    // Staff hear nothing of a family's notifications; the first thing they get is a refusal we cause.
    staffSocket.send({ type: 'join', channel: `notifications:${ids.sarah}` });
    expect(await staffSocket.next()).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await Promise.all([sarahSocket.close(), danielSocket.close(), staffSocket.closed]);
  });

  it('sends an adult one message for several notifications stored together, with their count once all are stored', async () => {
    await rest('POST', '/notifications/read-all', sarah);
    await rest('POST', '/notifications/read-all', daniel);
    const sarahSocket = await TestSocket.joined(url, 'notifications:me', { cookie: sarah });
    const danielSocket = await TestSocket.joined(url, 'notifications:me', { cookie: daniel });
    const booking = (familyId: number, to: string, cancelReason: string | null) => ({
      type: 'booking.status_changed' as const,
      familyId,
      occurredAt: new Date(),
      payload: { bookingType: 'shadow-teacher', from: 'pending', to, cancelReason, booking: { id: 2, teacherName: 'Emma Wilson', childName: 'Maya Thompson', startDate: '2026-12-10', startTime: '09:00', endTime: '12:00' } },
    });
    // Committed together, so the consumer stores all five in one batch: three for Sarah (and her carer), two for Daniel.
    await t.database.db.transaction().execute((trx) =>
      writeEvents(trx, [
        booking(ids.sarahFamily, 'confirmed', null),
        booking(ids.danielFamily, 'confirmed', null),
        booking(ids.sarahFamily, 'cancelled', 'declined'),
        booking(ids.danielFamily, 'cancelled', 'declined'),
        booking(ids.sarahFamily, 'cancelled', 'expired'),
      ]),
    );
    const forSarah = await sarahSocket.next();
    expect(forSarah).toMatchObject({ type: 'notification', unread: 3, notification: { title: 'Booking request expired' } });
    const forDaniel = await danielSocket.next();
    expect(forDaniel).toMatchObject({ type: 'notification', unread: 2, notification: { title: 'Booking declined' } });
    if (forSarah.type !== 'notification' || forDaniel.type !== 'notification') throw new Error('expected notifications');
    expect((await list(sarah)).items[0]).toEqual(forSarah.notification);

    // The next message each hears is the count after a read: a second message for the batch would have come first.
    expect((await rest('POST', `/notifications/${forSarah.notification.id}/read`, sarah)).statusCode).toBe(200);
    expect(await sarahSocket.next()).toEqual({ type: 'unread', unread: 2 });
    expect((await rest('POST', `/notifications/${forDaniel.notification.id}/read`, daniel)).statusCode).toBe(200);
    expect(await danielSocket.next()).toEqual({ type: 'unread', unread: 1 });
    await Promise.all([sarahSocket.close(), danielSocket.close()]);
  });

  it("refuses another user's topic by id, and a socket not signed in", async () => {
    const socket = await TestSocket.open(url, { cookie: daniel });
    socket.send({ type: 'join', channel: `notifications:${ids.sarah}` });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect((await socket.closed).code).toBe(4403);
    const anonymous = await TestSocket.open(url, {});
    expect(await anonymous.next()).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
  });
});
