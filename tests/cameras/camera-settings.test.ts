import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NurseryCameraSettingsDto } from '../../src/shared/schemas/cameras';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Saturday 28 November 2026, 10:00 UTC: the demo nursery is closed (it opens Monday to Friday).
const SATURDAY_10AM = Date.parse('2026-11-28T10:00:00Z');

let t: TestApp;
let parent: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(SATURDAY_10AM), env: { CAMERA_HLS_DIR: path.resolve(__dirname, '../fixtures/hls') } });
  [parent, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.staff)]);
});

afterAll(() => t.close());

function call(method: string, urlPath: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method: method as 'GET', url: urlPath, headers: { cookie, origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe("the nursery's camera settings", () => {
  it('are read and changed by staff only', async () => {
    const settings = await call('GET', '/api/nursery/camera-settings', staff);
    expect(settings.statusCode, settings.body).toBe(200);
    const body = settings.json() as NurseryCameraSettingsDto;
    expect(body.openingHours).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '07:30', closesAt: '18:30' })));
    expect(body.cameras.find((camera) => camera.id === 'classroom-3b')).toMatchObject({ enabled: true, privacyMode: false, hasSource: true });
    for (const [method, url, payload] of [
      ['GET', '/api/nursery/camera-settings', undefined],
      ['PUT', '/api/nursery/opening-hours', { openingHours: [] }],
      ['PATCH', '/api/cameras/classroom-3b/settings', { privacyMode: true }],
    ] as const) {
      const refused = await call(method, url, parent, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().detail).toBe('Only nursery staff can change camera settings.');
    }
  });

  it('opening hours decide when parents may watch: opening on Saturday lets the parent in', async () => {
    const closed = await call('POST', '/api/cameras/classroom-3b/viewing-sessions', parent);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().detail).toMatch(/closed/);
    const hours = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: weekday === 6 ? '09:00' : '07:30', closesAt: weekday === 6 ? '13:00' : '18:30' }));
    const saved = await call('PUT', '/api/nursery/opening-hours', staff, { openingHours: hours });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as NurseryCameraSettingsDto).openingHours.at(-1)).toEqual({ weekday: 6, opensAt: '09:00', closesAt: '13:00' });
    expect((await call('POST', '/api/cameras/classroom-3b/viewing-sessions', parent)).statusCode).toBe(201);
  });

  it('refuses hours that make no sense, naming the field', async () => {
    for (const [openingHours, field] of [
      [[{ weekday: 1, opensAt: '18:00', closesAt: '08:00' }], 'openingHours.0.closesAt'],
      [[{ weekday: 1, opensAt: '08:00', closesAt: '18:00' }, { weekday: 1, opensAt: '09:00', closesAt: '17:00' }], 'openingHours.1.weekday'],
      [[{ weekday: 8, opensAt: '08:00', closesAt: '18:00' }], 'openingHours.0.weekday'],
      [[{ weekday: 1, opensAt: '8am', closesAt: '18:00' }], 'openingHours.0.opensAt'],
    ] as const) {
      const response = await call('PUT', '/api/nursery/opening-hours', staff, { openingHours });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(field);
    }
  });

  it('a camera switched off cannot be watched, by parents or staff, until it is on again', async () => {
    expect((await call('PATCH', '/api/cameras/classroom-3b/settings', staff, { enabled: false })).statusCode).toBe(200);
    for (const cookie of [parent, staff]) {
      const refused = await call('POST', '/api/cameras/classroom-3b/viewing-sessions', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('This camera is switched off by the nursery.');
    }
    expect((await call('PATCH', '/api/cameras/classroom-3b/settings', staff, { enabled: true })).statusCode).toBe(200);
    expect((await call('POST', '/api/cameras/classroom-3b/viewing-sessions', staff)).statusCode).toBe(201);
  });

  it('a camera of another nursery is not found for staff', async () => {
    const response = await call('PATCH', '/api/cameras/sunshine-room/settings', staff, { privacyMode: true });
    expect(response.statusCode).toBe(404);
  });
});
