import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { reportRateLimit } from './rate-limit-headers';

/** How many attempts one key may make. */
export interface RateLimitRule {
  /** Names the limit in the RateLimit and RateLimit-Policy headers; a rule with a name and a limit is reported there. */
  policy?: string;
  /** Attempts allowed in one window; further attempts are refused until the window ends. None when absent. */
  limit?: number;
  windowSeconds: number;
  /**
   * Slows rather than blocks: after `afterHits` attempts in a window, each further attempt must
   * wait 1 s, 2 s, 4 s... (at most `maxDelaySeconds`) after the one before it.
   */
  slowDown?: { afterHits: number; maxDelaySeconds: number };
}

/** One key counted under its rule. */
export interface KeyedRule {
  key: string;
  rule: RateLimitRule;
}

// Expired rows are deleted at most this often by each store.
const SWEEP_EVERY_MS = 60_000;
// Large enough never to be reached, small enough for an int4 parameter.
const NO_LIMIT = 2 ** 31 - 1;
const NO_WAIT = new Date(0);

/**
 * Keys as stored: a hash, so the table never holds the emails and addresses it counts.
 * Every instance hashes the same way, so they still share one row per key.
 */
const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export function waitPhrase(seconds: number): string {
  // A minute and a half still reads best in seconds; the assistant's one-minute window stays in seconds.
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Rate-limit counters in PostgreSQL, so every server instance sharing the database shares the
 * limits. Each hit is one atomic upsert per key that counts and decides together: concurrent
 * hits on one key queue on its row lock, and each sees the count the one before it left.
 */
export function createRateLimitStore(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let lastSweep = 0;

  async function sweep(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await sql`DELETE FROM rate_limits WHERE window_ends_at <= ${at} AND not_before <= ${at}`.execute(db);
  }

  /**
   * Counts one attempt against each key in turn, in one statement, stopping at the first that
   * refuses it: the keys after a refusal are not counted (an attempt refused by its address is
   * not held against the email it tried). Returns 0 when the attempt may go ahead, or the seconds
   * to wait before trying again, as the refusing key says.
   */
  async function hitInOrder(hits: readonly KeyedRule[]): Promise<number> {
    const at = now();
    await sweep(at);
    // In SET, r.* is the row as it was before this hit.
    const expired = sql`r.window_ends_at <= ${at}::timestamptz`;
    // One upsert per key, each fed by the one before it only when that one let the attempt through.
    // Each key is its own row, so no row is written twice; concurrent attempts lock the rows in
    // the same order, and each upsert sees its row as the attempt before it left it.
    const steps = hits.map(({ key, rule }, i) => {
      const windowEnd = new Date(at.getTime() + rule.windowSeconds * 1000);
      const limit = rule.limit ?? NO_LIMIT;
      const freeHits = rule.slowDown?.afterHits ?? NO_LIMIT;
      const maxDelay = rule.slowDown?.maxDelaySeconds ?? 0;
      // The wait after the attempt that brings the count to `hits`: nothing up to freeHits, then
      // doubling from 1 s. The exponent is capped so that power() cannot overflow.
      // With no delay due, not_before lies far in the past rather than at this attempt's own time:
      // a concurrent attempt whose clock read came a moment earlier must not read it as a wait.
      const notBeforeAfter = (count: RawBuilder<unknown>) =>
        sql`CASE WHEN ${count} > ${freeHits}::int
          THEN ${at}::timestamptz + least(${maxDelay}::float8, power(2::float8, least(${count} - ${freeHits}::int - 1, 30))) * interval '1 second'
          ELSE ${NO_WAIT}::timestamptz END`;
      const refused = sql`(r.not_before > ${at}::timestamptz OR (NOT ${expired} AND r.hits >= ${limit}::int))`;
      const fresh = sql`${storedKey(key)}::text, 1, ${windowEnd}::timestamptz, ${notBeforeAfter(sql`1`)}, false`;
      const source = i === 0 ? sql`VALUES (${fresh})` : sql`SELECT ${fresh} FROM ${sql.ref(`s${i - 1}`)} WHERE NOT ${sql.ref(`s${i - 1}.last_refused`)}`;
      return sql`${sql.ref(`s${i}`)} AS (
        INSERT INTO rate_limits AS r (key, hits, window_ends_at, not_before, last_refused)
        ${source}
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN ${refused} THEN r.hits WHEN ${expired} THEN 1 ELSE r.hits + 1 END,
          window_ends_at = CASE WHEN ${refused} OR NOT ${expired} THEN r.window_ends_at ELSE ${windowEnd}::timestamptz END,
          not_before = CASE
            WHEN ${refused} THEN r.not_before
            WHEN ${expired} THEN ${notBeforeAfter(sql`1`)}
            ELSE ${notBeforeAfter(sql`(r.hits + 1)`)} END,
          last_refused = ${refused}
        RETURNING hits, window_ends_at, not_before, last_refused)`;
    });
    const results = hits.map((_, i) => sql`SELECT ${i}::int AS step, hits, window_ends_at, not_before, last_refused FROM ${sql.ref(`s${i}`)}`);
    const { rows } = await sql<{ step: number; hits: number; window_ends_at: Date; not_before: Date; last_refused: boolean }>`
      WITH ${sql.join(steps)} ${sql.join(results, sql` UNION ALL `)} ORDER BY step`.execute(db);
    const secondsUntil = (time: number) => Math.max(1, Math.ceil((time - at.getTime()) / 1000));
    for (const row of rows) {
      const { rule } = hits[row.step]!;
      const limit = rule.limit ?? NO_LIMIT;
      if (rule.policy && rule.limit !== undefined) {
        reportRateLimit({
          policy: rule.policy,
          quota: rule.limit,
          windowSeconds: rule.windowSeconds,
          remaining: row.last_refused ? 0 : limit - row.hits,
          resetSeconds: secondsUntil(row.window_ends_at.getTime()),
        });
      }
      if (row.last_refused) {
        return secondsUntil(row.hits >= limit ? Math.max(row.window_ends_at.getTime(), row.not_before.getTime()) : row.not_before.getTime());
      }
    }
    return 0;
  }

  /** Counts one attempt; returns 0 when it may go ahead, or the seconds to wait before trying again. */
  const hit = (key: string, rule: RateLimitRule) => hitInOrder([{ key, rule }]);

  /** Refuses with 429 when the wait is not 0: `reason` says what the limit is, and the message adds how long to wait; the same wait goes out as Retry-After. */
  function refuseIfWaiting(retryAfterSeconds: number, reason: string): void {
    if (retryAfterSeconds > 0) {
      throw new AppError('rate_limited', `${reason} Please wait ${waitPhrase(retryAfterSeconds)} and try again.`, { retryAfterSeconds });
    }
  }

  return {
    hit,

    /** Counts one attempt, or refuses it with 429 and Retry-After; `reason` says what the limit is. */
    async throttle(key: string, rule: RateLimitRule, reason: string): Promise<void> {
      refuseIfWaiting(await hit(key, rule), reason);
    },

    /**
     * Counts one attempt against each key in turn, in one statement, or refuses it with 429 at the
     * first key that says to wait; the keys after that one are not counted.
     */
    async throttleInOrder(hits: readonly KeyedRule[], reason: string): Promise<void> {
      refuseIfWaiting(await hitInOrder(hits), reason);
    },

    /** Takes back one counted attempt (one that turned out to be legitimate); any wait it set stays. */
    async refund(key: string): Promise<void> {
      await sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${storedKey(key)}`.execute(db);
    },

    /** Forgets a key's count, as after a successful sign-in. */
    async reset(key: string): Promise<void> {
      await sql`DELETE FROM rate_limits WHERE key = ${storedKey(key)}`.execute(db);
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
