import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegArguments, ffmpegCameraVideo } from '../../src/server/features/cameras/camera-video';
import { createTestApp, demoAccounts, TEST_ORIGIN } from '../helpers/test-app';

// A stand-in for ffmpeg: writes the playlist it is asked for, then runs until it is stopped, so
// the packager's lifecycle is tested without ffmpeg (the browser journey runs the real one).
let fakeDir: string;
let fakeFfmpeg: string;
let slowFfmpeg: string;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  fakeDir = await mkdtemp(path.join(os.tmpdir(), 'nestling-fake-ffmpeg-'));
  fakeFfmpeg = path.join(fakeDir, 'ffmpeg');
  await writeFile(fakeFfmpeg, '#!/bin/sh\nfor last; do :; done\nprintf "#EXTM3U\\n" > "$last"\nexec sleep 600\n');
  await chmod(fakeFfmpeg, 0o755);
  // One that takes 1.5 s to write its first playlist, like a camera slow to answer.
  slowFfmpeg = path.join(fakeDir, 'slow-ffmpeg');
  await writeFile(slowFfmpeg, '#!/bin/sh\nfor last; do :; done\nsleep 1.5\nprintf "#EXTM3U\\n" > "$last"\nexec sleep 600\n');
  await chmod(slowFfmpeg, 0o755);
});
afterAll(() => rm(fakeDir, { recursive: true, force: true }));

// This process's own camera: another test run on the machine (another checkout's CI) has its own folders.
const CAMERA = `test-cam-${process.pid}`;
const packagerFolders = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith(`nestling-camera-${CAMERA}-`));

describe('the ffmpeg packager', () => {
  it('starts one process per camera on the first request, and stops it once the camera goes unwatched', async () => {
    // Idle for 2 s stops it: long enough that a busy machine's pauses between the requests below
    // (150 ms apart) never look like the camera going unwatched.
    const video = ffmpegCameraVideo({ ffmpegPath: fakeFfmpeg, log: log as never, idleStopMs: 2_000 });
    expect(video.available('demo:testsrc')).toBe(true);
    expect(video.available(null)).toBe(false);
    const [first, second] = await Promise.all([video.folderFor(CAMERA, 'demo:testsrc'), video.folderFor(CAMERA, 'demo:testsrc')]);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect(await packagerFolders()).toHaveLength(1);
    // Still watched: each request keeps it going.
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await video.folderFor(CAMERA, 'demo:testsrc')).toBe(first);
    }
    // Unwatched for longer than the idle time: stopped, its folder gone.
    await expect.poll(packagerFolders, { timeout: 15_000, interval: 100 }).toHaveLength(0);
    const again = await video.folderFor(CAMERA, 'demo:testsrc');
    expect(again).toBeDefined();
    expect(again).not.toBe(first);
    await video.close();
    expect(await packagerFolders()).toHaveLength(0);
  });

  it('never stops a packager for being idle while it is still starting; its start-up deadline governs', async () => {
    // Idle time (300 ms) far shorter than the first playlist takes (1.5 s): the viewer still gets it.
    const video = ffmpegCameraVideo({ ffmpegPath: slowFfmpeg, log: log as never, idleStopMs: 300, firstPlaylistWaitMs: 10_000 });
    try {
      const folder = await video.folderFor(CAMERA, 'demo:testsrc');
      expect(folder).toBeDefined();
      // Once ready and unwatched, the idle time applies again.
      await expect.poll(packagerFolders, { timeout: 15_000, interval: 100 }).toHaveLength(0);
    } finally {
      await video.close();
    }
  });

  it('gives up a packager that writes no playlist by its start-up deadline, and starts afresh on the next request', async () => {
    const video = ffmpegCameraVideo({ ffmpegPath: slowFfmpeg, log: log as never, idleStopMs: 60_000, firstPlaylistWaitMs: 300 });
    try {
      expect(await video.folderFor(CAMERA, 'demo:testsrc')).toBeUndefined();
      await expect.poll(packagerFolders, { timeout: 5_000, interval: 100 }).toHaveLength(0);
    } finally {
      await video.close();
    }
  });

  it('is unavailable without ffmpeg, and the app then answers with the placeholder (hasVideo false)', async () => {
    const missing = ffmpegCameraVideo({ ffmpegPath: path.join(fakeDir, 'no-such-ffmpeg'), log: log as never });
    expect(missing.available('demo:testsrc')).toBe(false);
    expect(await missing.folderFor('classroom-3b', 'demo:testsrc')).toBeUndefined();
    await missing.close();

    const t = await createTestApp({ now: () => new Date('2026-11-25T10:00:00Z'), env: { FFMPEG_PATH: path.join(fakeDir, 'no-such-ffmpeg') } });
    try {
      const staff = await t.signIn(demoAccounts.staff);
      const started = await t.app.inject({ method: 'POST', url: '/api/cameras/classroom-3b/viewing-sessions', headers: { cookie: staff, origin: TEST_ORIGIN } });
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json().hasVideo).toBe(false);
      const playlist = await t.app.inject({ url: `/api/cameras/classroom-3b/hls/index.m3u8?token=${encodeURIComponent(started.json().token)}`, headers: { cookie: staff } });
      expect(playlist.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('reads RTSP over TCP, loops a file, and makes 2 s fragmented-MP4 segments with a keyframe each', () => {
    expect(ffmpegArguments('rtsp://cam.local/stream1', '/tmp/x')).toEqual(expect.arrayContaining(['-rtsp_transport', 'tcp', '-i', 'rtsp://cam.local/stream1', '-hls_time', '2', '-hls_segment_type', 'fmp4']));
    expect(ffmpegArguments('/videos/loop.mp4', '/tmp/x')).toEqual(expect.arrayContaining(['-stream_loop', '-1', '-i', '/videos/loop.mp4']));
    const args = ffmpegArguments('demo:testsrc', '/tmp/x');
    expect(args[args.indexOf('-g') + 1]).toBe('50');
    expect(args.at(-1)).toBe('/tmp/x/index.m3u8');
  });
});
