import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../errors';

// OWASP's scrypt baseline: N=2^17, r=8, p=1. maxmem must exceed 128 * N * r bytes.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const format = (salt: Buffer, key: Buffer) =>
  ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');

/**
 * Returns `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes.
 * Not queued: for seeding and fixtures only; requests hash through a PasswordHasher.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await scrypt(password, salt, PARAMS));
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Hashes at once by default: one core fewer than the machine has, so one always stays free to
 * serve, and one fewer than libuv's thread pool (scrypt runs there), so that file reads and DNS
 * lookups, which share that pool, always find a thread.
 */
export function defaultHashConcurrency(cores = availableParallelism(), threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4): number {
  return Math.max(1, Math.min(cores - 1, threadPool - 1));
}

const BUSY_MESSAGE = 'Sign-in is busy right now. Please try again in a few seconds.';

/** A place in the hashing queue, held for one check (see `PasswordHasher.reserve`). */
export interface ReservedCheck {
  /**
   * Waits for a hashing slot and holds it for the check. Work that only leads to the check (a
   * sign-in's limits and account lookup) goes after this, so the sign-ins a burst admits do their
   * database work one slot at a time instead of all at once.
   */
  turn(): Promise<void>;
  verify(password: string, stored: string): Promise<boolean>;
  decoy(): Promise<false>;
  /**
   * Gives the place (or the slot it holds) back unused; does nothing once a check has started.
   * While `turn()` alone still waits, the wait is abandoned: the slot, when it comes, passes
   * straight on and `turn()` rejects (the request it was for has ended: hung up, or answered).
   */
  release(): void;
}

/**
 * Runs scrypt at most `concurrency` at a time (each takes 128 MiB and a thread-pool thread for
 * a few hundred milliseconds). Up to `maxWaiting` more wait their turn; past that a request is
 * refused at once with 503 rather than queued without bound: a sign-in that waits longer than
 * a few hash times is better retried than held, and waiting requests still hold memory and
 * sockets. Four waiting per running hash keeps the worst wait near one second here.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Places held by `reserve()` for checks that have not started yet. */
  private reserved = 0;
  /** A moving average of one hash's time: Retry-After is the time the backlog takes to clear. */
  private averageMs = 300;
  private completed = 0;
  private decoys = 0;

  constructor(
    readonly concurrency = defaultHashConcurrency(),
    readonly maxWaiting = 4 * concurrency,
  ) {}

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.run(() => verifyPassword(password, stored));
  }

  /**
   * Stands in for checking the password of an account that does not exist (or has no password).
   * It waits its turn like a real check and then holds the slot for as long as recent checks
   * took, so neither the answer's timing nor the queue tells the two apart. But it computes
   * nothing: a flood of made-up emails can fill the queue (and get 503 past it), never the cores.
   */
  decoy(): Promise<false> {
    return this.run(() => this.decoyWait(), { timed: false });
  }

  private decoyWait(): Promise<false> {
    return sleep(this.averageMs).then(() => false as const);
  }

  /**
   * Refuses at once when a hash asked for now would be turned away. Callers check this before
   * any other work, so a flood of sign-ins costs neither a hash nor a database round trip.
   */
  refuseIfFull(): void {
    if (this.isFull()) throw this.busy();
  }

  /**
   * Holds a place in the queue from now until the check that uses it, or `release()`. A sign-in
   * does its database work (limits, the account) before it knows which check it needs; a burst
   * whose requests all asked `refuseIfFull` before any had queued would each do that work and
   * only then be refused. Holding the place first admits only as many as can be checked, and
   * `turn()` then spaces out their database work one hashing slot at a time.
   */
  reserve(): ReservedCheck {
    this.refuseIfFull();
    this.reserved += 1;
    // reserved → waiting for a slot → holding one → done, or waiting → abandoned → done when a
    // request that ended while it waited gets its slot and hands it on.
    type State = 'reserved' | 'waiting' | 'abandoned' | 'holding' | 'done';
    let state: State = 'reserved';
    let checking = false;
    const turn = async () => {
      if (state !== 'reserved') return;
      state = 'waiting';
      this.reserved -= 1;
      await this.acquireSlot();
      // `release` may have run while this waited.
      if ((state as State) === 'abandoned') {
        state = 'done';
        this.releaseSlot();
        throw this.busy();
      }
      state = 'holding';
    };
    const release = () => {
      if (state === 'waiting') {
        // A check waiting behind this turn gives the slot back itself once it has run.
        if (!checking) state = 'abandoned';
        return;
      }
      if (state === 'reserved') this.reserved -= 1;
      else if (state === 'holding') this.releaseSlot();
      else return;
      state = 'done';
    };
    const check = async <T>(job: () => Promise<T>, timed: boolean) => {
      // A place given back is gone: a check asked for after that queues like any other.
      if (state === 'done') return this.run(job, { timed });
      checking = true;
      await turn();
      try {
        return await this.measured(job, timed);
      } finally {
        release();
      }
    };
    return {
      turn,
      verify: (password, stored) => check(() => verifyPassword(password, stored), true),
      decoy: () => check(() => this.decoyWait(), false),
      release,
    };
  }

  /** Checks running, waiting (decoys included) and held by `reserve()`, real hashes run so far, and decoys run so far. */
  get load() {
    return { running: this.running, waiting: this.waiting.length, reserved: this.reserved, completed: this.completed, decoys: this.decoys };
  }

  private isFull() {
    return this.running + this.waiting.length + this.reserved >= this.concurrency + this.maxWaiting;
  }

  private busy() {
    const backlog = this.running + this.waiting.length + this.reserved;
    const retryAfterSeconds = Math.max(1, Math.ceil((backlog / this.concurrency) * (this.averageMs / 1000)));
    return new AppError('server_busy', BUSY_MESSAGE, { retryAfterSeconds });
  }

  private async run<T>(job: () => Promise<T>, { timed = true } = {}): Promise<T> {
    // Reserved places count as taken, so a check that holds one always finds room.
    if (this.isFull()) throw this.busy();
    await this.acquireSlot();
    try {
      return await this.measured(job, timed);
    } finally {
      this.releaseSlot();
    }
  }

  private async acquireSlot(): Promise<void> {
    if (this.running < this.concurrency) this.running += 1;
    // The slot is handed over by the job that finishes, so `running` already counts this one.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** `timed: false` leaves the average to real hashes, so a decoy's wait follows them. */
  private async measured<T>(job: () => Promise<T>, timed: boolean): Promise<T> {
    const started = performance.now();
    try {
      return await job();
    } finally {
      if (timed) {
        this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
        this.completed += 1;
      } else {
        this.decoys += 1;
      }
    }
  }
}
