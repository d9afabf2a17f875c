import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMERA_VIDEO_RATE } from '../../src/server/features/cameras/cameras.service';
import type { ViewingSessionDto } from '../../src/shared/schemas/cameras';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Wednesday 25 November 2026, 10:00 UTC: the demo nursery is open and Maya is checked in.
let clock = Date.parse('2026-11-25T10:00:00Z');
let t: TestApp;
let parent: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { CAMERA_HLS_DIR: path.resolve(__dirname, '../fixtures/hls') } });
  [parent, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.staff)]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN } });

async function start(cookie: string, cameraId = 'classroom-3b') {
  const response = await call('POST', `/api/cameras/${cameraId}/viewing-sessions`, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ViewingSessionDto;
}

const media = (cookie: string, session: { cameraId: string; token: string }, file: string) =>
  call('GET', `/api/cameras/${session.cameraId}/hls/${file}?token=${encodeURIComponent(session.token)}`, cookie);

describe('the video rate limit, per user', () => {
  it('is never reached by a parent watching in four tabs, each polling its playlist every second', async () => {
    const tabs = await Promise.all([start(parent), start(parent), start(parent), start(parent)]);
    // Two minutes: each tab fetches its playlist every second (hls.js's fastest reload) and a segment every 2 s, and renews every 20 s.
    for (let second = 0; second < 120; second++) {
      clock += 1000;
      if (second % 20 === 19) {
        await Promise.all(tabs.map(async (tab) => {
          const renewed = await call('POST', `/api/cameras/${tab.cameraId}/viewing-sessions/${tab.sessionId}/token`, parent);
          expect(renewed.statusCode, renewed.body).toBe(200);
          tab.token = renewed.json().token;
        }));
      }
      const answers = await Promise.all(tabs.flatMap((tab) => [media(parent, tab, 'index.m3u8'), ...(second % 2 === 0 ? [media(parent, tab, 'segment-00000.m4s')] : [])]));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    }
  }, 120_000);

  it('answers 429 with Retry-After, the problem JSON and the RateLimit fields once exceeded', async () => {
    const session = await start(staff);
    const first = await media(staff, session, 'index.m3u8');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(`"camera-video";q=${CAMERA_VIDEO_RATE.limit};w=60`);
    expect(first.headers.ratelimit).toBe(`"camera-video";r=${CAMERA_VIDEO_RATE.limit! - 1};t=60`);
    for (let sent = 1; sent < CAMERA_VIDEO_RATE.limit!; sent += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, CAMERA_VIDEO_RATE.limit! - sent) }, () => media(staff, session, 'segment-00000.m4s')));
      for (const answer of batch) expect(answer.statusCode, answer.body).toBe(200);
    }
    clock += 10_000;
    const refused = await media(staff, session, 'segment-00000.m4s');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.headers.ratelimit).toBe('"camera-video";r=0;t=50');
    expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited', detail: 'Too many video requests from your account. Please wait 50 seconds and try again.' });
    // Another user is not held back by it; and after the window the staff member may watch again.
    expect((await media(parent, await start(parent), 'index.m3u8')).statusCode).toBe(200);
    clock += 50_000;
    expect((await media(staff, await start(staff), 'segment-00000.m4s')).statusCode).toBe(200);
  }, 120_000);
});
