import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/passwords';
import type { ViewingSessionDto } from '../../src/shared/schemas/cameras';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { listen, otherNurseryStaff, TestSocket } from '../realtime/realtime-helpers';

// Wednesday 25 November 2026, 10:00 in the service's time zone (UTC in tests): the demo nursery
// is open (Monday to Friday, 07:30 to 18:30), and the seed has Maya and Leo checked in to 3B.
const WEDNESDAY_10AM = Date.parse('2026-11-25T10:00:00Z');
const FIXTURE = path.resolve(__dirname, '../fixtures/hls');

let t: TestApp;
let url: string;
let clock = WEDNESDAY_10AM;
// Each test starts a few minutes after the last, so its activities come after theirs.
let base = WEDNESDAY_10AM;
let parent: string;
let family2: string;
let staff: string;
let maya: number;
let leo: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { CAMERA_HLS_DIR: FIXTURE } });
  url = await listen(t.app);
  [parent, family2, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.secondParent), t.signIn(demoAccounts.staff)]);
  const { db } = t.database;
  maya = (await db.selectFrom('children').select('id').where('name', '=', 'Maya Thompson').executeTakeFirstOrThrow()).id;
  leo = (await db.selectFrom('children').select('id').where('name', '=', 'Leo Thompson').executeTakeFirstOrThrow()).id;
});

afterAll(() => t.close());

beforeEach(async () => {
  base += 5 * 60_000;
  clock = base;
  // Each test starts with Maya and Leo checked in and every camera on.
  await logActivity({ type: 'arrival', childIds: [maya, leo], description: 'Maya and Leo arrived.' });
  await t.database.db.updateTable('cameras').set({ enabled: true, paused_at: null }).execute();
});

function call(method: string, urlPath: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method: method as 'GET', url: urlPath, headers: { cookie, origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function logActivity(payload: Record<string, unknown>) {
  clock += 1000;
  const response = await call('POST', '/api/activities', staff, { channel: 'classroom-3b', ...payload });
  expect(response.statusCode, response.body).toBe(201);
}

async function start(cookie: string, cameraId = 'classroom-3b'): Promise<ViewingSessionDto> {
  const response = await call('POST', `/api/cameras/${cameraId}/viewing-sessions`, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function media(cookie: string, token: string | undefined, file = 'index.m3u8', cameraId = 'classroom-3b') {
  return call('GET', `/api/cameras/${cameraId}/hls/${file}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, cookie);
}

async function expectRefused(response: Awaited<ReturnType<typeof media>>, status: number, detail?: RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  if (detail) expect(response.json().detail).toMatch(detail);
}

describe('a parent whose child is checked in', () => {
  it('gets a token over REST and fetches the playlist and a segment with it', async () => {
    const session = await start(parent);
    expect(session).toMatchObject({ cameraId: 'classroom-3b', playlistUrl: '/api/cameras/classroom-3b/hls/index.m3u8', hasVideo: true });
    expect(Date.parse(session.expiresAt) - clock).toBe(60_000);
    const playlist = await media(parent, session.token);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/mpegurl/);
    expect(playlist.body).toContain(`segment-00000.m4s?token=${encodeURIComponent(session.token)}`);
    expect(playlist.body).toContain(`#EXT-X-MAP:URI="init.mp4?token=${encodeURIComponent(session.token)}"`);
    const segment = await media(parent, session.token, 'segment-00000.m4s');
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.rawPayload.length).toBe(10223);
  });

  it('gets a token over tRPC too, which works for the playlist', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/cameraAccess.start',
      headers: { cookie: parent, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { id: 'classroom-3b' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json().result.data as ViewingSessionDto;
    expect((await media(parent, session.token)).statusCode).toBe(200);
  });

  it('is refused once the token expires, and carries on with a renewed one', async () => {
    const session = await start(parent);
    clock += 45_000;
    const renewed = await call('POST', `/api/cameras/classroom-3b/viewing-sessions/${session.sessionId}/token`, parent);
    expect(renewed.statusCode, renewed.body).toBe(200);
    clock += 16_000;
    await expectRefused(await media(parent, session.token), 403, /expired/);
    expect((await media(parent, renewed.json().token)).statusCode).toBe(200);
  });

  it('is refused with a token of a session that has ended (a replayed token)', async () => {
    const session = await start(parent);
    expect((await call('DELETE', `/api/cameras/classroom-3b/viewing-sessions/${session.sessionId}`, parent)).statusCode).toBe(200);
    await expectRefused(await media(parent, session.token, 'segment-00000.m4s'), 403, /ended/);
    await expectRefused(await call('POST', `/api/cameras/classroom-3b/viewing-sessions/${session.sessionId}/token`, parent), 403);
  });

  it('is refused with a token for another camera, a forged one, or none', async () => {
    const session = await start(parent);
    await expectRefused(await media(parent, session.token, 'index.m3u8', 'classroom-3b-garden'), 403, /not valid/);
    const [id, expires, mac] = session.token.split('.');
    const later = `${id}.${Number(expires) + 3600}.${mac}`;
    await expectRefused(await media(parent, later), 403, /not valid/);
    await expectRefused(await media(parent, undefined), 403, /token/);
    await expectRefused(await media(parent, 'nonsense'), 403, /not valid/);
  });

  it('is refused after the child departs, at the next segment, with the reason', async () => {
    const session = await start(parent);
    expect((await media(parent, session.token, 'segment-00000.m4s')).statusCode).toBe(200);
    await logActivity({ type: 'departure', childIds: [leo], description: 'Leo went home.' });
    // Maya is still in the room: her family may still watch.
    expect((await media(parent, session.token, 'segment-00000.m4s')).statusCode).toBe(200);
    await logActivity({ type: 'departure', childIds: [maya], description: 'Maya went home.' });
    // Word for word as issue 19 asks: Maya's family gave her pronouns as she.
    await expectRefused(await media(parent, session.token, 'segment-00000.m4s'), 403, /^Maya has gone home for the day — the camera is available again when she's checked in\.$/);
    await expectRefused(await call('POST', '/api/cameras/classroom-3b/viewing-sessions', parent), 403, /Maya has gone home/);
  });

  it('is refused outside opening hours', async () => {
    clock = Date.parse('2026-11-25T18:29:30Z');
    const session = await start(parent);
    expect((await media(parent, session.token)).statusCode).toBe(200);
    clock = Date.parse('2026-11-25T18:30:10Z');
    await expectRefused(await media(parent, session.token), 403, /closed/);
    clock = Date.parse('2026-11-28T10:00:00Z'); // a Saturday
    await expectRefused(await call('POST', '/api/cameras/classroom-3b/viewing-sessions', parent), 403, /closed/);
  });
});

describe('a player that plays HLS itself (Safari, iOS), with the token only in its cookie', () => {
  /** The camera token cookie an answer set, with its attributes. */
  function tokenCookieOf(response: Awaited<ReturnType<typeof call>>) {
    const cookie = response.cookies.find((c) => c.name === 'nestling_camera_token');
    expect(cookie, JSON.stringify(response.headers['set-cookie'])).toBeDefined();
    return cookie!;
  }
  const withCookie = (session: string, token: string) => `${session}; nestling_camera_token=${token}`;

  it('gets the cookie on start and on each renewal, for that camera only, as long as the token lasts', async () => {
    const started = await call('POST', '/api/cameras/classroom-3b/viewing-sessions', parent);
    expect(started.statusCode, started.body).toBe(201);
    const cookie = tokenCookieOf(started);
    expect(cookie).toMatchObject({ value: started.json().token, path: '/api/cameras/classroom-3b/hls', maxAge: 60, httpOnly: true, sameSite: 'Strict' });
    // The tests' origin is http: no Secure (it follows PUBLIC_ORIGIN, as the session cookie does).
    expect(cookie.secure).toBeUndefined();
    clock += 20_000;
    const renewed = await call('POST', `/api/cameras/classroom-3b/viewing-sessions/${started.json().sessionId}/token`, parent);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(tokenCookieOf(renewed)).toMatchObject({ value: renewed.json().token, path: '/api/cameras/classroom-3b/hls', maxAge: 60 });
  });

  it('fetches the playlist and a segment with only the cookie, and the playlist then carries no token', async () => {
    const session = await start(parent);
    const playlist = await call('GET', '/api/cameras/classroom-3b/hls/index.m3u8', withCookie(parent, session.token));
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.body).toContain('segment-00000.m4s');
    expect(playlist.body).not.toContain('token=');
    const segment = await call('GET', '/api/cameras/classroom-3b/hls/segment-00000.m4s', withCookie(parent, session.token));
    expect(segment.statusCode, segment.body).toBe(200);
    expect(segment.rawPayload.length).toBe(10223);
  });

  it('is refused with an expired cookie, another user’s, or one for another camera', async () => {
    const session = await start(parent);
    const garden = await start(parent, 'classroom-3b-garden');
    await expectRefused(await call('GET', '/api/cameras/classroom-3b/hls/index.m3u8', withCookie(parent, garden.token)), 403, /not valid/);
    await expectRefused(await call('GET', '/api/cameras/classroom-3b/hls/segment-00000.m4s', withCookie(await parentOfAnotherChildIn3B(), session.token)), 403, /not valid/);
    clock += 61_000;
    await expectRefused(await call('GET', '/api/cameras/classroom-3b/hls/segment-00000.m4s', withCookie(parent, session.token)), 403, /expired/);
    await expectRefused(await call('GET', '/api/cameras/classroom-3b/hls/index.m3u8', parent), 403, /needs a viewing token/);
  });

  it('is checked live at every request, as a token in the address is', async () => {
    const session = await start(parent);
    expect((await call('GET', '/api/cameras/classroom-3b/hls/segment-00000.m4s', withCookie(parent, session.token))).statusCode).toBe(200);
    await logActivity({ type: 'departure', childIds: [maya, leo], description: 'Maya and Leo went home.' });
    await expectRefused(await call('GET', '/api/cameras/classroom-3b/hls/segment-00000.m4s', withCookie(parent, session.token)), 403, /gone home/);
  });
});

describe('someone with no child checked in', () => {
  it('family2 (no child in the room) cannot start watching over REST or tRPC, nor use a parent’s token', async () => {
    await expectRefused(await call('POST', '/api/cameras/classroom-3b/viewing-sessions', family2), 403);
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/cameraAccess.start', headers: { cookie: family2, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: { id: 'classroom-3b' } });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.data.problem.code).toBe('forbidden');
    const session = await start(parent);
    await expectRefused(await media(family2, session.token), 403);
    await expectRefused(await media(family2, session.token, 'segment-00000.m4s'), 403);
  });

  it('a parent whose token is used by another parent of the room gets 403 (bound to the user)', async () => {
    const neighbour = await parentOfAnotherChildIn3B();
    const session = await start(parent);
    await expectRefused(await media(neighbour, session.token), 403, /not valid/);
  });

  it('is asked to sign in', async () => {
    const response = await t.app.inject({ url: '/api/cameras/classroom-3b/hls/index.m3u8?token=x' });
    expect(response.statusCode).toBe(401);
  });
});

describe('staff', () => {
  it('of the nursery may always watch, even outside opening hours', async () => {
    clock = Date.parse('2026-11-28T22:00:00Z');
    const session = await start(staff);
    expect((await media(staff, session.token, 'segment-00000.m4s')).statusCode).toBe(200);
  });

  it('of another nursery find no such camera', async () => {
    const other = await otherNurseryStaff(t.database.db).catch(() => t.database.db.selectFrom('users').select(['id', 'nursery_id']).where('email', '=', 'tomasz@sunflower.test').executeTakeFirstOrThrow());
    await t.database.db.updateTable('users').set({ password_hash: await hashPassword('tomasz-password-1') }).where('id', '=', other.id).execute();
    const cookie = await t.signIn({ email: 'tomasz@sunflower.test', password: 'tomasz-password-1' });
    await expectRefused(await call('POST', '/api/cameras/classroom-3b/viewing-sessions', cookie), 404);
    await expectRefused(await media(cookie, 'x'), 404);
  });

  it('pausing a camera (privacy mode) stops delivery at the next segment and tells viewers on /ws', async () => {
    const session = await start(parent);
    const socket = await TestSocket.joined(url, 'camera:classroom-3b', { cookie: parent });
    expect((await media(parent, session.token, 'segment-00000.m4s')).statusCode).toBe(200);
    const paused = await call('PATCH', '/api/cameras/classroom-3b/settings', staff, { privacyMode: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await socket.next()).toEqual({ type: 'camera_closed', cameraId: 'classroom-3b', reason: 'paused' });
    await expectRefused(await media(parent, session.token, 'segment-00000.m4s'), 403, /^Camera paused by staff$/);
    await expectRefused(await call('POST', '/api/cameras/classroom-3b/viewing-sessions', staff), 403, /paused/);
    expect((await call('PATCH', '/api/cameras/classroom-3b/settings', staff, { privacyMode: false })).statusCode).toBe(200);
    expect(await socket.next()).toEqual({ type: 'camera_opened', cameraId: 'classroom-3b' });
    expect((await media(parent, session.token, 'segment-00000.m4s')).statusCode).toBe(200);
    await socket.close();
  });
});

describe('the camera channel on /ws', () => {
  it('tells the family when their child departs, and nobody else', async () => {
    const parentSocket = await TestSocket.joined(url, 'camera:classroom-3b', { cookie: parent });
    const staffSocket = await TestSocket.joined(url, 'camera:classroom-3b', { cookie: staff });
    await logActivity({ type: 'departure', childIds: [maya], description: 'Maya went home.' });
    expect(await parentSocket.next()).toEqual({ type: 'camera_closed', reason: 'departed', childIds: [maya] });
    await call('PATCH', '/api/cameras/classroom-3b/settings', staff, { enabled: false });
    // Staff heard nothing of the departure: the first thing they hear is the camera switched off.
    expect(await staffSocket.next()).toEqual({ type: 'camera_closed', cameraId: 'classroom-3b', reason: 'disabled' });
    await Promise.all([parentSocket.close(), staffSocket.close()]);
  });

  it('refuses family2 and staff of another nursery', async () => {
    const socket = await TestSocket.open(url, { cookie: family2 });
    socket.send({ type: 'join', channel: 'camera:classroom-3b' });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await socket.closed;
  });
});

let neighbourCookie: string | undefined;
/** Harriet, whose Sam is in Classroom 3B too. */
async function parentOfAnotherChildIn3B(): Promise<string> {
  if (neighbourCookie) return neighbourCookie;
  const { db } = t.database;
  const { foundFamily } = await import('../../src/server/db/family-scope');
  const user = await db.insertInto('users').values({ name: 'Harriet Vance', email: 'harriet@neighbour.test', password_hash: await hashPassword('harriet-password-1'), role: 'parent' }).returning('id').executeTakeFirstOrThrow();
  const classroom = await db.selectFrom('classrooms').select('id').where('name', '=', 'Classroom 3B').executeTakeFirstOrThrow();
  const familyId = await foundFamily(db, { id: user.id, name: 'Harriet Vance' });
  const sam = await db.insertInto('children').values({ family_id: familyId, classroom_id: classroom.id, name: 'Sam Vance', date_of_birth: '2023-02-01', status: 'online' }).returning('id').executeTakeFirstOrThrow();
  await logActivity({ type: 'arrival', childIds: [sam.id], description: 'Sam arrived.' });
  neighbourCookie = await t.signIn({ email: 'harriet@neighbour.test', password: 'harriet-password-1' });
  return neighbourCookie;
}
