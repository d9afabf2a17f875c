import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemImageStore } from '../../src/server/lib/images/filesystem-image-store';
import { createImageBytesCache, type ServedObject } from '../../src/server/lib/images/image-bytes-cache';
import type { ImageStore } from '../../src/server/lib/images/image-store';

let directory: string;
let store: ImageStore;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'nestling-bytes-cache-'));
  store = createFilesystemImageStore(directory);
});
afterEach(() => rm(directory, { recursive: true, force: true }));

async function put(key: string, size: number) {
  const bytes = Buffer.alloc(size, key.length);
  await store.put(key, Readable.from([bytes]), size);
  return bytes;
}
const bytesOf = async (object: ServedObject | undefined) =>
  object && (Buffer.isBuffer(object.body) ? object.body : await buffer(object.body));

// Each object is deleted from the store behind the cache's back: what still comes back came from memory.
describe('the image bytes cache', () => {
  it('serves a small image from memory once it has been read, and forgets it when told', async () => {
    const cache = createImageBytesCache(store, { totalBytes: 1_000, perObjectBytes: 500 });
    const bytes = await put('a/small.webp', 400);
    expect(await bytesOf(await cache.get('a/small.webp'))).toEqual(bytes);
    await store.delete(['a/small.webp']);
    expect(await bytesOf(await cache.get('a/small.webp'))).toEqual(bytes);
    cache.forget(['a/small.webp']);
    expect(await cache.get('a/small.webp')).toBeUndefined();
  });

  it('streams a larger image from the store every time', async () => {
    const cache = createImageBytesCache(store, { totalBytes: 1_000, perObjectBytes: 500 });
    const bytes = await put('a/large.webp', 501);
    expect(await bytesOf(await cache.get('a/large.webp'))).toEqual(bytes);
    await store.delete(['a/large.webp']);
    expect(await cache.get('a/large.webp')).toBeUndefined();
  });

  it('reads an image once for a burst of downloads that all miss at the same time', async () => {
    let reads = 0;
    const counting: ImageStore = { ...store, get: (key) => ((reads += 1), store.get(key)) };
    const cache = createImageBytesCache(counting, { totalBytes: 1_000, perObjectBytes: 500 });
    const bytes = await put('a/burst.webp', 400);
    const served = await Promise.all(Array.from({ length: 20 }, () => cache.get('a/burst.webp')));
    expect(reads).toBe(1);
    for (const object of served) expect(await bytesOf(object)).toEqual(bytes);
  });

  it('gives each of a burst its own stream of an image too large to keep', async () => {
    const cache = createImageBytesCache(store, { totalBytes: 1_000, perObjectBytes: 500 });
    const bytes = await put('a/large-burst.webp', 501);
    const served = await Promise.all(Array.from({ length: 5 }, () => cache.get('a/large-burst.webp')));
    for (const object of served) expect(await bytesOf(object)).toEqual(bytes);
  });

  it('does not keep bytes whose image was deleted while they were being read', async () => {
    // Deleted once the store has opened the file, so the read in flight still gets its bytes
    // (deleting straight away raced the open on libuv's threads, and the read sometimes found nothing).
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const signalling: ImageStore = { ...store, get: async (key) => store.get(key).finally(opened) };
    const cache = createImageBytesCache(signalling, { totalBytes: 1_000, perObjectBytes: 500 });
    await put('a/deleted.webp', 400);
    const reading = cache.get('a/deleted.webp');
    await isOpen;
    cache.forget(['a/deleted.webp']);
    await store.delete(['a/deleted.webp']);
    expect(await reading).toBeDefined();
    expect(await cache.get('a/deleted.webp')).toBeUndefined();
  });

  it('holds at most totalBytes, dropping the least recently served first', async () => {
    const cache = createImageBytesCache(store, { totalBytes: 1_000, perObjectBytes: 500 });
    for (const key of ['a/one.webp', 'a/two.webp']) {
      await put(key, 400);
      await cache.get(key);
    }
    await cache.get('a/one.webp');
    await put('a/three.webp', 400);
    await cache.get('a/three.webp');
    await store.delete(['a/one.webp', 'a/two.webp', 'a/three.webp']);
    expect(await cache.get('a/two.webp')).toBeUndefined();
    expect(await cache.get('a/one.webp')).toBeDefined();
    expect(await cache.get('a/three.webp')).toBeDefined();
  });
});
