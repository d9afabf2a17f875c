import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

describe('coalesced', () => {
  it('runs once at a time, and any number of calls during a run make exactly one more run after it', async () => {
    let runs = 0;
    let release!: () => void;
    const run = coalesced(async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
    }, () => {});
    const first = run();
    expect(runs).toBe(1);
    expect(run()).toBe(first);
    void run();
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    release();
    await run.settled();
    expect(runs).toBe(2);
  });

  it('hands a failure to onError, never rejecting, and runs again on the next call', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const run = coalesced(async () => {
      calls += 1;
      if (calls === 1) throw new Error('the database was away');
    }, (error) => errors.push(error));
    await run();
    await run();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('the database was away')]);
  });
});
