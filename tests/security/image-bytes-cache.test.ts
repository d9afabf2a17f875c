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
