/**
 * Runs the real API for one client test file in its own Node process (the DOM environment the
 * components run in is no place for server code). Prints {"origin": ...} once listening, moves
 * its clock forward by each {"advanceMs": n} line read from stdin (answering {"now": ...}), and
 * shuts down when its stdin closes.
 */
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { createTestApp } from '../../../tests/helpers/test-app';

/** The server must know its public origin before it listens (the /ws Origin check), so the port is chosen first. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// The real time, plus however far a test has moved it on (to see a booking request expire).
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
// Webhook receivers in the component tests listen on 127.0.0.1, over http; a webhook failing for
// "3 days" is turned off within about 5 s (the retry schedule runs on the database's clock, not `now`).
const t = await createTestApp({
  seed: process.env.LIVE_SERVER_SEED !== 'false',
  env: { PUBLIC_ORIGIN: origin, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCALE: '0.00002' },
  now,
});
await t.app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ origin })}\n`);

const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  clockOffsetMs += (JSON.parse(line) as { advanceMs: number }).advanceMs;
  process.stdout.write(`${JSON.stringify({ now: now().toISOString() })}\n`);
});
commands.on('close', () => {
  void t.close().then(() => process.exit(0));
});
