import type { Readable } from 'node:stream';
import type { ImageStore } from './image-store';

/** An object as served: from memory when the cache holds it, otherwise streamed from the store. */
export interface ServedObject {
  body: Buffer | Readable;
  byteSize: number;
}

/**
 * The images served most, kept in memory, least recently served dropped first. A burst of
 * downloads of one image then costs neither the store's reads nor a new buffer each: in
 * bench:stall the reads and the garbage collector's work for each download's buffers were most
 * of the event loop's time. Keys name one set of bytes for good, so an entry is never stale.
 * An object larger than `perObjectBytes` is streamed from the store every time, so memory
 * stays within `totalBytes`.
 */
export function createImageBytesCache(store: ImageStore, limits: { totalBytes: number; perObjectBytes: number }) {
  const entries = new Map<string, Buffer>();
  let totalBytes = 0;

  function remember(key: string, bytes: Buffer) {
    forget([key]);
    // A Map iterates in insertion order: the first key is the least recently served.
    for (const [oldest] of entries) {
      if (totalBytes + bytes.length <= limits.totalBytes) break;
      forget([oldest]);
    }
    entries.set(key, bytes);
    totalBytes += bytes.length;
  }

  function forget(keys: readonly string[]) {
    for (const key of keys) {
      const bytes = entries.get(key);
      if (!bytes) continue;
      entries.delete(key);
      totalBytes -= bytes.length;
    }
  }

  return {
    async get(key: string): Promise<ServedObject | undefined> {
      const cached = entries.get(key);
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        return { body: cached, byteSize: cached.length };
      }
      const object = await store.get(key);
      if (!object || object.byteSize > limits.perObjectBytes) return object;
      const bytes = await collect(object.body);
      remember(key, bytes);
      return { body: bytes, byteSize: bytes.length };
    },
    forget,
  };
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
