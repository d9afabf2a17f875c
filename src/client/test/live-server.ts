import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';

/** The seeded demo accounts (src/server/demo/seed.ts); server code stays out of the DOM environment. */
export const demoAccounts = {
  parent: { email: 'demo@nestling.test', password: 'nestling-demo', name: 'Sarah Thompson' },
  secondParent: { email: 'family2@nestling.test', password: 'nestling-demo', name: 'Daniel Osei' },
  staff: { email: 'staff@nestling.test', password: 'nestling-staff', name: 'Priya Raman' },
} as const;

type Account = { email: string; password: string };

export interface LiveServer {
  origin: string;
  /** Signs in through the real endpoint from the page, so the page's cookie jar holds the session. */
  signIn(account: Account): Promise<void>;
  /** Another person's HTTP client (such as nursery staff), with its own cookies. */
  as(account: Account): Promise<{ post(path: string, body: unknown): Promise<{ status: number; body: unknown }> }>;
  /** Moves the server's clock forward, as if this much time had passed (it never goes back). */
  advanceClock(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real API, in its own process, on a real port, with the happy-dom page placed on the
 * same origin: the client's relative '/trpc' and '/ws' URLs, its cookies and the server's
 * Origin checks all work as they do in a browser.
 */
export async function startLiveServer(options: { seed?: boolean } = {}): Promise<LiveServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/client/test/live-server-process.ts')], {
    env: { ...process.env, LIVE_SERVER_SEED: options.seed === false ? 'false' : 'true' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const origin = await readOrigin(child, lines);
  window.happyDOM.setURL(`${origin}/`);

  return {
    origin,
    async signIn(account) {
      const response = await fetch('/api/auth/sign-in', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    },
    async as(account) {
      const signedIn = await send(origin, 'POST', '/api/auth/sign-in', { email: account.email, password: account.password });
      const cookie = signedIn.cookies.find((c) => c.startsWith('nestling_session='))?.split(';')[0];
      if (!cookie) throw new Error(`sign-in as ${account.email} failed: ${signedIn.status}`);
      return { post: (path, body) => send(origin, 'POST', path, body, cookie) };
    },
    async advanceClock(ms) {
      const answered = new Promise((resolve) => lines.once('line', resolve));
      child.stdin!.write(`${JSON.stringify({ advanceMs: ms })}\n`);
      await answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin?.end();
      }),
  };
}

function readOrigin(child: ChildProcess, lines: Interface): Promise<string> {
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { origin: string }).origin));
    child.once('exit', (code) => reject(new Error(`the live server exited early (${code})`)));
  });
}

/** Plain Node HTTP, outside the page's cookie jar. */
function send(origin: string, method: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; body: unknown; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(`${origin}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(cookie ? { cookie } : {}) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, cookies: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
