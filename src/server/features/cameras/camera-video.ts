import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Where a camera's HLS comes from on this instance. */
export interface CameraVideo {
  /** Whether this instance can show video of a camera with this source. */
  available(source: string | null): boolean;
  /** The folder holding the camera's playlist and segments, starting its packager if need be; undefined when there is none yet. */
  folderFor(cameraId: string, source: string): Promise<string | undefined>;
  close(): Promise<void>;
}

interface Packager {
  ready: Promise<string | undefined>;
  folder: Promise<string>;
  process?: ChildProcess;
  lastUsed: number;
  source: string;
  /** Its first playlist is written; only then may it be stopped for being idle. */
  isReady: boolean;
}

/** Segments of 2 s; the live playlist keeps the last few. */
export const SEGMENT_SECONDS = 2;
/** A packager stops this long after its camera's last request. */
export const IDLE_STOP_MS = 60_000;
/** The first playlist appears after the first segment is written; a packager without one by then is given up. */
export const FIRST_PLAYLIST_WAIT_MS = 8_000;

/** A ready folder served for every camera with a source: tests and demos without ffmpeg. */
export function staticCameraVideo(folder: string): CameraVideo {
  return {
    available: (source) => source !== null,
    folderFor: async () => folder,
    close: async () => {},
  };
}

/**
 * One ffmpeg per watched camera on this instance, repackaging its source to low-latency HLS in a
 * temporary folder: started by the first request, stopped IDLE_STOP_MS after the last. This is
 * the one piece of state that lives in a process: a load balancer routes each camera's
 * /api/cameras/{id}/hls/ requests to one instance (see the README).
 */
export function ffmpegCameraVideo(deps: { ffmpegPath: string; log: FastifyBaseLogger; idleStopMs?: number; firstPlaylistWaitMs?: number }): CameraVideo {
  const idleStopMs = deps.idleStopMs ?? IDLE_STOP_MS;
  const firstPlaylistWaitMs = deps.firstPlaylistWaitMs ?? FIRST_PLAYLIST_WAIT_MS;
  const found = ffmpegFound(deps.ffmpegPath);
  const running = new Map<string, Packager>();
  // Idle time counts only once a packager is ready: while it starts, its own deadline governs,
  // which may be longer than the idle time (a slow RTSP camera), and its viewers are waiting.
  const reaper = setInterval(() => {
    const cutoff = Date.now() - idleStopMs;
    for (const [cameraId, packager] of running) if (packager.isReady && packager.lastUsed < cutoff) void stop(cameraId);
  }, Math.min(idleStopMs, 10_000));
  reaper.unref();

  async function stop(cameraId: string) {
    const packager = running.get(cameraId);
    if (!packager) return;
    running.delete(cameraId);
    packager.process?.kill('SIGTERM');
    await rm(await packager.folder, { recursive: true, force: true });
  }

  function start(cameraId: string, source: string) {
    const folder = mkdtemp(path.join(os.tmpdir(), `nestling-camera-${cameraId}-`));
    const packager: Packager = {
      folder,
      lastUsed: Date.now(),
      source,
      isReady: false,
      ready: folder.then(async (dir) => {
        const child = spawn(deps.ffmpegPath, ffmpegArguments(source, dir), { stdio: ['ignore', 'ignore', 'pipe'] });
        packager.process = child;
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr = (stderr + chunk.toString()).slice(-2000);
        });
        child.on('exit', (code, signal) => {
          if (running.get(cameraId) === packager) {
            running.delete(cameraId);
            void rm(dir, { recursive: true, force: true });
            deps.log.warn({ cameraId, code, signal, stderr }, 'camera packager stopped');
          }
        });
        child.on('error', (error) => deps.log.error({ err: error, cameraId }, 'camera packager failed to start'));
        const playlist = path.join(dir, 'index.m3u8');
        const deadline = Date.now() + firstPlaylistWaitMs;
        while (!existsSync(playlist) && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 200));
        if (existsSync(playlist)) {
          packager.isReady = true;
          // Its idle time starts now, not when its first viewer asked.
          packager.lastUsed = Date.now();
          return dir;
        }
        // Never became ready: stop it, so that the next request starts afresh.
        if (running.get(cameraId) === packager) void stop(cameraId);
        return undefined;
      }),
    };
    running.set(cameraId, packager);
    return packager;
  }

  return {
    available: (source) => source !== null && found,
    async folderFor(cameraId, source) {
      if (!found) return undefined;
      let packager = running.get(cameraId);
      if (packager && packager.source !== source) {
        await stop(cameraId);
        packager = undefined;
      }
      packager ??= start(cameraId, source);
      packager.lastUsed = Date.now();
      return packager.ready;
    },
    async close() {
      clearInterval(reaper);
      await Promise.all([...running.keys()].map(stop));
    },
  };
}

/**
 * ffmpeg's arguments: an RTSP camera (over TCP) or a local file (looped) or `demo:testsrc`, a
 * generated test pattern with a clock; H.264 with a keyframe every segment, 2 s fragmented-MP4
 * segments, the last 6 in the playlist, older ones deleted.
 */
export function ffmpegArguments(source: string, folder: string): string[] {
  const input = source.startsWith('rtsp://') || source.startsWith('rtsps://')
    ? ['-rtsp_transport', 'tcp', '-i', source]
    : source === 'demo:testsrc'
      ? ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25']
      : ['-re', '-stream_loop', '-1', '-i', source];
  return [
    '-hide_banner',
    '-loglevel', 'error',
    ...input,
    '-an',
    '-c:v', 'libx264',
    '-preset', 'veryfast',
    '-tune', 'zerolatency',
    '-pix_fmt', 'yuv420p',
    '-g', String(25 * SEGMENT_SECONDS),
    '-keyint_min', String(25 * SEGMENT_SECONDS),
    '-sc_threshold', '0',
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_list_size', '6',
    '-hls_flags', 'delete_segments+independent_segments+omit_endlist',
    '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', path.join(folder, 'segment-%05d.m4s'),
    path.join(folder, 'index.m3u8'),
  ];
}

function ffmpegFound(ffmpegPath: string): boolean {
  if (ffmpegPath.includes('/')) return existsSync(ffmpegPath);
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, ffmpegPath)));
}
