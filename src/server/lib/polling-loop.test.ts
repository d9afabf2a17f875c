import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPollingLoop } from './polling-loop';

/** A pass that waits to be let go, counting how often it started. */
function heldPass() {
  const held = { started: 0, release: () => {} };
  const pass = async () => {
    held.started += 1;
    await new Promise<void>((resolve) => (held.release = resolve));
    return false;
  };
  return { held, pass };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('startPollingLoop', () => {
  afterEach(() => void vi.useRealTimers());

  it('runs one pass at a time, and any number of wakes during a pass make exactly one more after it', async () => {
    const { held, pass } = heldPass();
    const loop = startPollingLoop({ pass, everyMs: 60_000, onError: () => {} });
    void loop.wake();
    void loop.wake();
    void loop.wake();
    expect(held.started).toBe(1);
    held.release();
    await turn();
    expect(held.started).toBe(2);
    held.release();
    await turn();
    expect(held.started).toBe(2);
    await loop.close();
  });

  it('repeats a pass at once while it answers that more may wait', async () => {
    const answers = [true, true, false];
    let passes = 0;
    const loop = startPollingLoop({ pass: async () => answers[passes++]!, everyMs: 60_000, onError: () => {} });
    await loop.wake();
    expect(passes).toBe(3);
    await loop.close();
  });

  it('is woken by its wake source, and polls every everyMs after the last pass without one', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const listeners = new Set<() => void>();
    const loop = startPollingLoop({
      pass: async () => {
        passes += 1;
        return false;
      },
      everyMs: 1_000,
      wakeOn: (wake) => (listeners.add(wake), () => void listeners.delete(wake)),
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    for (const listener of listeners) listener();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(2);
    // The poll counts from the woken pass, not from the one before it.
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(3);
    await loop.close();
    expect(listeners.size).toBe(0);
  });

  it('hands a pass that throws to onError and goes on: the next wake, and the poll, run it again', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let passes = 0;
    const loop = startPollingLoop({
      pass: async () => {
        passes += 1;
        if (passes <= 2) throw new Error('the database was away');
        return false;
      },
      everyMs: 1_000,
      onError: (error) => errors.push(error),
    });
    await loop.wake();
    expect(errors).toEqual([new Error('the database was away')]);
    await loop.wake();
    expect(errors).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(3);
    expect(errors).toHaveLength(2);
    await loop.close();
  });

  it('on close, waits for the pass under way and starts no other: not the one asked for during it, nor a wake or poll after', async () => {
    vi.useFakeTimers();
    const { held, pass } = heldPass();
    const loop = startPollingLoop({ pass, everyMs: 1_000, onError: () => {} });
    void loop.wake();
    void loop.wake();
    let closed = false;
    const closing = loop.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    held.release();
    await closing;
    expect(held.started).toBe(1);
    await loop.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(held.started).toBe(1);
  });

  it('stops between the batches of a backlog once closed', async () => {
    let passes = 0;
    let closing: Promise<void> | undefined;
    const loop = startPollingLoop({
      pass: async () => {
        passes += 1;
        closing ??= loop.close();
        return true;
      },
      everyMs: 60_000,
      onError: () => {},
    });
    await loop.wake();
    await closing;
    expect(passes).toBe(1);
  });
});
