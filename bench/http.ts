/**
 * HTTP throughput and latency of three reads through REST (/api), tRPC (/trpc) and, as the
 * baseline, a plain Fastify route registered here only, calling the same service function.
 *
 *   npm run bench:http
 *
 * The app runs on PostgreSQL: DATABASE_URL names the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); the script creates its own database there,
 * migrates and seeds it, and drops it at the end. autocannon runs in a worker thread so the
 * load generator and the server each get a core. BENCH_SECONDS (default 6) sets the length of
 * each run. Each case is measured flat out, then again at 70% of that rate for its latency.
 *
 * Then pages (issue 17): `/` rendered on the server for the signed-in demo parent (the session,
 * the dashboard's answers through the procedures, React's stream) and signed out, against the
 * static `/index.html` the same server sends from memory. The client and its server renderer are
 * built into a temporary folder first, as bench:lighthouse does.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { searchNurseriesInput } from '../src/shared/schemas/nurseries';
import { listActivitiesInput } from '../src/shared/schemas/monitoring';
import { buildClient, signInDemoParent, withBenchApp } from './bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOAL_RATIO = 0.35;
const GOAL_P99_MS = 50;

interface Case {
  name: string;
  signedIn: boolean;
  rest: string;
  trpc: string;
  baseline: string;
}

const nurseryQuery = { q: 'acorns' };
const cases: Case[] = [
  {
    name: 'nurseries?q=acorns',
    signedIn: false,
    rest: '/api/nurseries?q=acorns',
    trpc: `/trpc/nurseries.search?input=${encodeURIComponent(JSON.stringify(nurseryQuery))}`,
    baseline: '/api/bench/nurseries?q=acorns',
  },
  { name: 'children (signed in)', signedIn: true, rest: '/api/children', trpc: '/trpc/children.list', baseline: '/api/bench/children' },
  {
    name: 'activities (signed in)',
    signedIn: true,
    rest: '/api/activities',
    trpc: `/trpc/activities.list?input=${encodeURIComponent(JSON.stringify({}))}`,
    baseline: '/api/bench/activities',
  },
];

/**
 * The baseline: the same service calls and input schemas, with none of the adapters. They sit
 * under /api so the same auth hook resolves the session for them as for REST and tRPC.
 */
function registerBaselineRoutes(app: FastifyInstance) {
  const { nurseries, children, monitoring } = app.services;
  const signedIn = (user: unknown) => (user ? undefined : { message: 'Please sign in to continue.' });
  app.get('/api/bench/nurseries', async (request) => nurseries.search(searchNurseriesInput.parse(request.query), request.auth?.user ?? null));
  app.get('/api/bench/children', async (request, reply) => {
    const refusal = signedIn(request.auth);
    return refusal ? reply.code(401).send(refusal) : children.listChildren(request.auth!.user);
  });
  app.get('/api/bench/activities', async (request, reply) => {
    const refusal = signedIn(request.auth);
    const input: z.output<typeof listActivitiesInput> = listActivitiesInput.parse(request.query);
    return refusal ? reply.code(401).send(refusal) : monitoring.listActivities(request.auth!.user, input);
  });
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, overallRate?: number): Promise<Measure> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1, ...(overallRate ? { overallRate } : {}) });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Page visits: what the server renders, and the static shell it would send without rendering. */
const pages = [
  { name: '/ signed in, rendered', path: '/', signedIn: true },
  { name: '/ signed out, rendered', path: '/', signedIn: false },
  { name: '/index.html, static shell', path: '/index.html', signedIn: false },
];

/** Each page flat out, then at 70% of that rate; a page that errs fails the bench. */
async function measurePages(base: string, cookie: string): Promise<string[]> {
  const rows: string[] = [];
  for (const page of pages) {
    const headers: Record<string, string> = page.signedIn ? { cookie } : {};
    const target = `${base}${page.path}`;
    await autocannon({ url: target, headers, connections: CONNECTIONS, duration: 1 });
    const max = await load(target, headers);
    const at70 = await load(target, headers, Math.max(1, Math.round(max.rps * 0.7)));
    if (max.errors + at70.errors > 0) throw new Error(`${page.name}: ${max.errors + at70.errors} failed requests`);
    rows.push(`| ${page.name} | ${fmt(max.rps)} | ${max.p50} | ${max.p99} | ${at70.p99} |`);
    console.log(`done: ${page.name}`);
  }
  return rows;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const build = buildClient();
  // SSR=1: the page cases measure server rendering, whatever the app's default.
  await withBenchApp({ prepare: registerBaselineRoutes, clientDir: build.clientDir, env: { SSR: '1' } }, async (base) => {
    const cookie = await signInDemoParent(base);

    console.log(`${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model} · Node ${process.version}`);
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} · ${CONNECTIONS} connections · ${SECONDS} s per run\n`);

    const rows: string[] = [];
    let missed = 0;
    for (const benchCase of cases) {
      const headers: Record<string, string> = benchCase.signedIn ? { cookie } : {};
      // A short warm-up so the first measured run does not pay for JIT and pool connections.
      await autocannon({ url: `${base}${benchCase.baseline}`, headers, connections: CONNECTIONS, duration: 1 });
      const results: Record<'baseline' | 'rest' | 'trpc', { max: Measure; at70: Measure }> = {} as never;
      for (const via of ['baseline', 'rest', 'trpc'] as const) {
        const target = `${base}${benchCase[via]}`;
        const max = await load(target, headers);
        const at70 = await load(target, headers, Math.max(1, Math.round(max.rps * 0.7)));
        results[via] = { max, at70 };
        if (max.errors + at70.errors > 0) throw new Error(`${via} ${benchCase.name}: ${max.errors + at70.errors} failed requests`);
      }
      for (const via of ['baseline', 'rest', 'trpc'] as const) {
        const { max, at70 } = results[via];
        const ratio = max.rps / results.baseline.max.rps;
        const meets = via === 'baseline' || (ratio >= GOAL_RATIO && at70.p99 < GOAL_P99_MS);
        if (!meets) missed += 1;
        rows.push(
          `| ${benchCase.name} | ${via} | ${fmt(max.rps)} | ${max.p50} | ${max.p99} | ${via === 'baseline' ? '1' : fmt(ratio, 2)}× | ${at70.p99} | ${via === 'baseline' ? '' : meets ? 'yes' : 'NO'} |`,
        );
      }
      console.log(`done: ${benchCase.name}`);
    }
    console.log('\n| request | through | req/s | p50 ms | p99 ms | of baseline | p99 ms at 70% | goal met |');
    console.log('|---|---|---:|---:|---:|---:|---:|---|');
    rows.forEach((row) => console.log(row));
    console.log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(missed ? `${missed} case(s) miss the goal (≥ ${GOAL_RATIO}× baseline, p99 < ${GOAL_P99_MS} ms at 70%).` : 'Every case meets the goal.');

    const pageRows = await measurePages(base, cookie);
    console.log('\n| page | req/s | p50 ms | p99 ms | p99 ms at 70% |');
    console.log('|---|---:|---:|---:|---:|');
    pageRows.forEach((row) => console.log(row));
    console.log(`\nload average after the pages: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  });
  build.remove();
}

await main();
