import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { PasswordHasher, defaultHashConcurrency, hashPassword } from '../../src/server/lib/passwords';

describe('PasswordHasher', () => {
  it('runs one core fewer than the machine has, and one fewer than the thread pool, but at least one', () => {
    expect(defaultHashConcurrency(1, 4)).toBe(1);
    expect(defaultHashConcurrency(2, 4)).toBe(1);
    expect(defaultHashConcurrency(4, 4)).toBe(3);
    expect(defaultHashConcurrency(16, 4)).toBe(3);
    expect(defaultHashConcurrency(16, 16)).toBe(15);
  });

  it('runs at most `concurrency` hashes, queues `maxWaiting` more, and refuses the rest at once with 503 and a Retry-After', async () => {
    const hasher = new PasswordHasher(1, 1);
    const stored = await hashPassword('correct horse battery staple');
    const first = hasher.verify('correct horse battery staple', stored);
    const second = hasher.verify('wrong', stored);
    expect(hasher.load).toMatchObject({ running: 1, waiting: 1 });
    const third = hasher.verify('correct horse battery staple', stored);
    const refusal = await third.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'server_busy', details: { retryAfterSeconds: expect.any(Number) } });
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(hasher.load).toEqual({ running: 0, waiting: 0, reserved: 0, completed: 2, decoys: 0 });
  });

  it('can be asked, before any other work, whether a hash asked for now would be refused', async () => {
    const hasher = new PasswordHasher(1, 1);
    const stored = await hashPassword('correct horse battery staple');
    expect(() => hasher.refuseIfFull()).not.toThrow();
    const first = hasher.verify('x', stored);
    const second = hasher.verify('y', stored);
    expect(() => hasher.refuseIfFull()).toThrow(expect.objectContaining({ code: 'server_busy', details: { retryAfterSeconds: expect.any(Number) } }));
    await Promise.all([first, second]);
    expect(() => hasher.refuseIfFull()).not.toThrow();
  });

  it('holds a reserved place as taken until its check starts or it is given back', async () => {
    const hasher = new PasswordHasher(1, 1);
    const stored = await hashPassword('correct horse battery staple');
    const first = hasher.reserve();
    const second = hasher.reserve();
    expect(() => hasher.reserve()).toThrow(expect.objectContaining({ code: 'server_busy' }));
    // A hash asked for without a place cannot take a reserved one either.
    await expect(hasher.hash('another password')).rejects.toMatchObject({ code: 'server_busy' });
    second.release();
    second.release();
    const third = hasher.reserve();
    const checks = [first.verify('correct horse battery staple', stored), third.decoy()];
    expect(hasher.load).toMatchObject({ running: 1, waiting: 1 });
    // Once its check has started, giving the place back changes nothing.
    first.release();
    expect(() => hasher.reserve()).toThrow(expect.objectContaining({ code: 'server_busy' }));
    expect(await Promise.all(checks)).toEqual([true, false]);
    expect(hasher.load).toEqual({ running: 0, waiting: 0, reserved: 0, completed: 1, decoys: 1 });
  });

  it("makes reserved checks take turns for a slot, so the work before each check runs one slot at a time", async () => {
    const hasher = new PasswordHasher(1, 2);
    const places = [hasher.reserve(), hasher.reserve(), hasher.reserve()];
    const turns: number[] = [];
    const waits = places.map((place, i) => place.turn().then(() => turns.push(i)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Only the first holds the slot; the others wait in the queue, still counted as taken.
    expect(turns).toEqual([0]);
    expect(hasher.load).toMatchObject({ running: 1, waiting: 2, reserved: 0 });
    expect(() => hasher.reserve()).toThrow(expect.objectContaining({ code: 'server_busy' }));
    // Its check runs in the slot it holds, then passes the slot on.
    expect(await places[0]!.decoy()).toBe(false);
    await waits[1];
    expect(turns).toEqual([0, 1]);
    // A place given back while it holds the slot (a limit refused the attempt) passes it on too.
    places[1]!.release();
    await waits[2];
    places[2]!.release();
    expect(hasher.load).toEqual({ running: 0, waiting: 0, reserved: 0, completed: 0, decoys: 1 });
  });

  it('abandons the wait of a place given back before its turn came: the slot passes on and that turn rejects', async () => {
    const hasher = new PasswordHasher(1, 2);
    const [holder, gone, next] = [hasher.reserve(), hasher.reserve(), hasher.reserve()];
    await holder.turn();
    const goneTurn = gone.turn();
    const nextTurn = next.turn();
    expect(hasher.load).toMatchObject({ running: 1, waiting: 2, reserved: 0 });
    // The request that held `gone` ended (hung up, or answered) while it waited.
    gone.release();
    holder.release();
    await expect(goneTurn).rejects.toMatchObject({ code: 'server_busy' });
    await nextTurn;
    expect(hasher.load).toMatchObject({ running: 1, waiting: 0 });
    next.release();
    expect(hasher.load).toEqual({ running: 0, waiting: 0, reserved: 0, completed: 0, decoys: 0 });
  });

  it('queues a decoy like a real check and holds its slot, but hashes nothing and never matches', async () => {
    const hasher = new PasswordHasher(1, 1);
    const stored = await hashPassword('correct horse battery staple');
    const real = hasher.verify('correct horse battery staple', stored);
    const decoy = hasher.decoy();
    expect(hasher.load).toMatchObject({ running: 1, waiting: 1 });
    expect(() => hasher.refuseIfFull()).toThrow(expect.objectContaining({ code: 'server_busy' }));
    expect(await real).toBe(true);
    // The decoy now holds the only slot: a real check asked for meanwhile waits behind it.
    const after = hasher.verify('wrong', stored);
    expect(hasher.load).toMatchObject({ running: 1, waiting: 1 });
    expect(await decoy).toBe(false);
    expect(await after).toBe(false);
    expect(hasher.load).toEqual({ running: 0, waiting: 0, reserved: 0, completed: 2, decoys: 1 });
  });
});
