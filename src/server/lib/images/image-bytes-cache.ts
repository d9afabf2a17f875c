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
  /**
   * Reads in flight, one per key, settled once the first reader has its answer: the twenty
   * downloads a burst starts at once would otherwise each read the file and build its own copy.
   */
  const reading = new Map<string, Promise<void>>();

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
      // A read in flight must not put back bytes deleted meanwhile (see `read`).
      reading.delete(key);
      const bytes = entries.get(key);
      if (!bytes) continue;
      entries.delete(key);
      totalBytes -= bytes.length;
    }
  }

  function fromMemory(key: string): ServedObject | undefined {
    const cached = entries.get(key);
    if (!cached) return undefined;
    entries.delete(key);
    entries.set(key, cached);
    return { body: cached, byteSize: cached.length };
  }

  async function read(key: string, settled: Promise<void>): Promise<ServedObject | undefined> {
    const object = await store.get(key);
    if (!object || object.byteSize > limits.perObjectBytes) return object;
    const bytes = await collect(object.body);
    if (reading.get(key) === settled) remember(key, bytes);
    return { body: bytes, byteSize: bytes.length };
  }

  return {
    async get(key: string): Promise<ServedObject | undefined> {
      // Behind a read in flight, wait for it and look again: the bytes are then in memory, or
      // (an object too large to keep, or none) this request reads its own.
      for (;;) {
        const cached = fromMemory(key);
        if (cached) return cached;
        const inFlight = reading.get(key);
        if (!inFlight) break;
        await inFlight;
      }
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => (settle = resolve));
      reading.set(key, settled);
      try {
        return await read(key, settled);
      } finally {
        if (reading.get(key) === settled) reading.delete(key);
        settle();
      }
    },
    forget,
  };
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
