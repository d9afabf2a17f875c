/**
 * Live video benchmark (`npm run bench:video`): 50 concurrent viewers of one camera.
 *
 * A server process (the real app, on a fresh PostgreSQL database by default, or the embedded one
 * with BENCH_VIDEO_DB=pglite) packages classroom-3b with ffmpeg from its generated test pattern
 * (or, without ffmpeg, serves the committed fixture HLS). This process signs in 50 parents, each
 * with a child checked in to Classroom 3B, and plays the camera as hls.js does: a viewing
 * session, the playlist every 2 s (the segment length), each new segment once, the token renewed
 * every 20 s, and the camera's /ws channel joined. After BENCH_VIDEO_SECONDS (default 30) of
 * watching, staff log one departure naming all 50 children, and each viewer is "cut" at the first
 * of: camera_closed on /ws, or a 403 on a playlist or segment request.
 *
 * Reported: segment and playlist fetch latency (p50, p99, max), the server's CPU time per viewer
 * per second (the Node process; ffmpeg's own CPU separately), and the time from the departure's
 * POST until the last viewer was cut (by /ws, and by the next media request).
 */
import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const VIEWERS = Number(process.env.BENCH_VIDEO_VIEWERS ?? 50);
const WATCH_SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 30);
const PASSWORD = 'bench-viewer-password';
const ROLE = process.argv[2] ?? 'main';

type ServerReply = { kind: 'ready'; base: string; serverPid: number } | { kind: 'cpu'; userMs: number; systemMs: number; ffmpegMs: number };

// ---------------------------------------------------------------- the server process

async function runServer() {
  const { withBenchApp } = await import('./bench-app');
  const { hashPassword } = await import('../src/server/lib/passwords');
  const { foundFamily } = await import('../src/server/db/family-scope');
  const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/fixtures/hls');
  const ffmpeg = (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, 'ffmpeg')));
  const env: Record<string, string> = ffmpeg ? {} : { CAMERA_HLS_DIR: fixture };
  await withBenchApp({ kind: process.env.BENCH_VIDEO_DB === 'pglite' ? 'pglite' : 'postgres', env }, async (base, app) => {
    const { db } = app.database;
    const hash = await hashPassword(PASSWORD);
    const classroom = await db.selectFrom('classrooms').select('id').where('name', '=', 'Classroom 3B').executeTakeFirstOrThrow();
    const nurseries = await db.selectFrom('nurseries').select('id').execute();
    await db.deleteFrom('nursery_opening_hours').execute();
    await db.insertInto('nursery_opening_hours').values(nurseries.flatMap(({ id }) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ nursery_id: id, weekday, opens_at: 0, closes_at: 1440 })))).execute();
    const staff = await db.selectFrom('users').select('id').where('email', '=', 'staff@nestling.test').executeTakeFirstOrThrow();
    for (let i = 0; i < VIEWERS; i++) {
      const user = await db.insertInto('users').values({ name: `Viewer ${i}`, email: `viewer${i}@bench.test`, password_hash: hash, role: 'parent' }).returning('id').executeTakeFirstOrThrow();
      const familyId = await foundFamily(db, { id: user.id, name: `Viewer ${i}` });
      const child = await db.insertInto('children').values({ family_id: familyId, classroom_id: classroom.id, name: `Child ${i}`, date_of_birth: '2023-02-01', status: 'online' }).returning('id').executeTakeFirstOrThrow();
      const activity = await db.insertInto('activities').values({ classroom_id: classroom.id, camera_id: 'classroom-3b', type: 'arrival', description: `Child ${i} arrived.`, occurred_at: new Date(), created_by: staff.id }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('activity_children').values({ activity_id: activity.id, child_id: child.id }).execute();
    }
    process.send!({ kind: 'ready', base, serverPid: process.pid } satisfies ServerReply);
    await new Promise<void>((resolve) => {
      process.on('message', (message: { cmd: string }) => {
        if (message.cmd === 'cpu') {
          const usage = process.cpuUsage();
          process.send!({ kind: 'cpu', userMs: usage.user / 1000, systemMs: usage.system / 1000, ffmpegMs: ffmpegCpuMs() } satisfies ServerReply);
        }
        if (message.cmd === 'stop') resolve();
      });
    });
  });
  process.exit(0);
}

/** CPU time of this process's ffmpeg children, from /proc (Linux). */
function ffmpegCpuMs(): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const pid of children) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
      } catch {
        // gone
      }
    }
  }
  return total;
}

// ---------------------------------------------------------------- the viewers

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const server = fork(fileURLToPath(import.meta.url), ['server'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const replies: ServerReply[] = [];
  const waiters: ((reply: ServerReply) => void)[] = [];
  server.on('message', (reply: ServerReply) => (waiters.shift() ?? ((r: ServerReply) => replies.push(r)))(reply));
  const nextReply = () => (replies.length > 0 ? Promise.resolve(replies.shift()!) : new Promise<ServerReply>((resolve) => waiters.push(resolve)));
  const ready = (await nextReply()) as Extract<ServerReply, { kind: 'ready' }>;
  const base = ready.base;
  const cpu = async () => {
    server.send({ cmd: 'cpu' });
    return (await nextReply()) as Extract<ServerReply, { kind: 'cpu' }>;
  };

  async function signIn(email: string, password: string) {
    const response = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
    return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }
  const call = (cookie: string, urlPath: string, method = 'GET', body?: unknown) =>
    fetch(`${base}${urlPath}`, { method, headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });

  const segmentTimes: number[] = [];
  const playlistTimes: number[] = [];
  let refusedBeforeDeparture = 0;
  let departureAt = 0;
  let stop = false;

  type Viewer = { cookie: string; cutByWs?: number; cutByMedia?: number; done: Promise<void>; socket?: WebSocket };
  const viewers: Viewer[] = [];
  for (let i = 0; i < VIEWERS; i++) viewers.push({ cookie: await signIn(`viewer${i}@bench.test`, PASSWORD), done: Promise.resolve() });
  const staff = await signIn('staff@nestling.test', 'nestling-staff');

  async function watch(viewer: Viewer) {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie: viewer.cookie, origin: base } });
    viewer.socket = socket;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'join', channel: 'camera:classroom-3b' })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'camera_closed' && departureAt && viewer.cutByWs === undefined) viewer.cutByWs = performance.now() - departureAt;
    });
    const started = await call(viewer.cookie, '/api/cameras/classroom-3b/viewing-sessions', 'POST');
    if (started.status !== 201) throw new Error(`could not start watching: ${started.status} ${await started.text()}`);
    const session = (await started.json()) as { sessionId: number; token: string; playlistUrl: string };
    let token = session.token;
    let renewedAt = performance.now();
    const seen = new Set<string>();
    const refused = () => {
      if (departureAt) viewer.cutByMedia ??= performance.now() - departureAt;
      else refusedBeforeDeparture += 1;
    };
    while (!stop && viewer.cutByMedia === undefined) {
      const loopStart = performance.now();
      if (loopStart - renewedAt > 20_000) {
        const renewed = await call(viewer.cookie, `/api/cameras/classroom-3b/viewing-sessions/${session.sessionId}/token`, 'POST');
        if (renewed.ok) token = ((await renewed.json()) as { token: string }).token;
        renewedAt = loopStart;
      }
      const t0 = performance.now();
      const playlist = await call(viewer.cookie, `${session.playlistUrl}?token=${encodeURIComponent(token)}`);
      const text = await playlist.text();
      if (playlist.status === 403) {
        refused();
        break;
      }
      if (playlist.ok) playlistTimes.push(performance.now() - t0);
      for (const line of text.split('\n')) {
        const uri = line.startsWith('#EXT-X-MAP:') ? /URI="([^"]+)"/.exec(line)?.[1] : line.startsWith('#') || !line.trim() ? undefined : line.trim();
        if (!uri || seen.has(uri.split('?')[0]!)) continue;
        seen.add(uri.split('?')[0]!);
        const s0 = performance.now();
        const segment = await call(viewer.cookie, `/api/cameras/classroom-3b/hls/${uri}`);
        await segment.arrayBuffer();
        if (segment.status === 403) {
          refused();
          break;
        }
        if (segment.ok && !uri.startsWith('init')) segmentTimes.push(performance.now() - s0);
      }
      // As hls.js does for a live playlist: reload once per target duration.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 2000 - (performance.now() - loopStart))));
    }
  }

  console.log(`bench:video — ${VIEWERS} viewers of classroom-3b for ${WATCH_SECONDS} s, then one departure naming all their children`);
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), load average before: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  for (const viewer of viewers) viewer.done = watch(viewer).catch((error: unknown) => console.error('viewer failed:', error));
  // Let the packager start and every viewer settle before measuring CPU.
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  segmentTimes.length = 0;
  playlistTimes.length = 0;
  const cpuBefore = await cpu();
  const windowStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, WATCH_SECONDS * 1000));
  const cpuAfter = await cpu();
  const windowSeconds = (performance.now() - windowStart) / 1000;
  const loadDuring = loadavg();

  const children = (await (await call(staff, '/api/classrooms')).json()) as { name: string; children: { id: number; name: string }[] }[];
  const ids = children.find((c) => c.name === 'Classroom 3B')!.children.filter((c) => c.name.startsWith('Child ')).map((c) => c.id);
  departureAt = performance.now();
  const departed = await call(staff, '/api/activities', 'POST', { channel: 'classroom-3b', type: 'departure', childIds: ids, description: 'Everyone went home.' });
  if (departed.status !== 201) throw new Error(`departure failed: ${departed.status}`);
  await Promise.race([Promise.all(viewers.map((viewer) => viewer.done)), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  stop = true;
  await new Promise((resolve) => setTimeout(resolve, 500));

  const serverMs = cpuAfter.userMs + cpuAfter.systemMs - (cpuBefore.userMs + cpuBefore.systemMs);
  const ffmpegMs = cpuAfter.ffmpegMs - cpuBefore.ffmpegMs;
  const byWs = viewers.map((viewer) => viewer.cutByWs).filter((v): v is number => v !== undefined);
  const byMedia = viewers.map((viewer) => viewer.cutByMedia).filter((v): v is number => v !== undefined);
  const cut = viewers.map((viewer) => Math.min(viewer.cutByWs ?? Infinity, viewer.cutByMedia ?? Infinity));
  console.log(`segments fetched: ${segmentTimes.length}; p50 ${ms(percentile(segmentTimes, 50))}, p99 ${ms(percentile(segmentTimes, 99))}, max ${ms(Math.max(...segmentTimes))}`);
  console.log(`playlists fetched: ${playlistTimes.length}; p50 ${ms(percentile(playlistTimes, 50))}, p99 ${ms(percentile(playlistTimes, 99))}`);
  console.log(`refused before the departure (should be 0): ${refusedBeforeDeparture}`);
  console.log(`server CPU (Node): ${(serverMs / windowSeconds / 10).toFixed(1)}% of a core, ${(serverMs / windowSeconds / VIEWERS).toFixed(2)} ms per viewer per second`);
  console.log(`ffmpeg CPU (one process for the camera, shared by all viewers): ${(ffmpegMs / windowSeconds / 10).toFixed(1)}% of a core`);
  console.log(`load average while watching: ${loadDuring.map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`departure → camera_closed on /ws: ${byWs.length}/${VIEWERS} viewers, last after ${ms(Math.max(...byWs))}`);
  console.log(`departure → first refused media request: ${byMedia.length}/${VIEWERS} viewers, last after ${ms(Math.max(...byMedia))}`);
  console.log(`departure → last viewer cut (first of the two): ${ms(Math.max(...cut))}`);
  for (const viewer of viewers) viewer.socket?.close();
  server.send({ cmd: 'stop' });
  await new Promise((resolve) => server.once('exit', resolve));
}

if (ROLE === 'server') void runServer();
else void main();
