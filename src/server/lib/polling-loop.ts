import { coalesced } from './coalesced';

/** A background worker's loop: passes one at a time, on a wake or when `everyMs` has gone by without one. */
export interface PollingLoop {
  /**
   * Runs a pass now, or one more after the pass under way (which may have read its input before
   * the change that prompted the wake). Resolves when the pass under way ends; never rejects.
   * Does nothing once closed.
   */
  wake(): Promise<void>;
  /** Stops waking and polling; resolves once the pass under way, if any, has finished. */
  close(): Promise<void>;
}

/**
 * Starts a worker's loop. Each pass repeats `pass` while it answers true (a full batch: more
 * may wait) and the loop is open, so a backlog is worked through at once. The first pass comes
 * on the first wake or after `everyMs`; call `wake()` to begin at once. After every pass, woken or
 * not, the next comes within `everyMs`: the fallback for a wake that never came (a notification
 * from another instance lost while the connection was down, work that falls due with the clock)
 * and the retry after a pass that failed.
 */
export function startPollingLoop(options: {
  /** One batch; answers whether more may be waiting. */
  pass: () => Promise<boolean>;
  everyMs: number;
  /** Subscribes `wake` to what tells of new work; answers the unsubscribe, which `close` calls. */
  wakeOn?: (wake: () => void) => () => void;
  /** Hears a pass that threw; the loop goes on, with the next pass on a wake or after `everyMs`. */
  onError: (error: unknown) => void;
}): PollingLoop {
  const { pass, everyMs } = options;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void wake(), everyMs);
    timer.unref();
  };
  const run = coalesced(async () => {
    try {
      while (!closed && (await pass()));
    } finally {
      if (!closed) poll();
    }
  }, options.onError);
  const wake = () => (closed ? Promise.resolve() : run());
  const stopWaking = options.wakeOn?.(() => void wake());
  poll();
  return {
    wake,
    async close() {
      closed = true;
      stopWaking?.();
      clearTimeout(timer);
      await run.settled();
    },
  };
}
