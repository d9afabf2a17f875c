import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertImageKey, type ImageStore } from './image-store';

/**
 * Images as files under one directory, for a single server instance (the default). Each file
 * is written beside its place under a temporary name and renamed into it, so a reader finds
 * the whole file or none.
 */
export function createFilesystemImageStore(directory: string): ImageStore {
  const root = path.resolve(directory);
  const incoming = path.join(root, '.incoming');
  const pathOf = (key: string) => {
    assertImageKey(key);
    return path.join(root, key);
  };

  return {
    async put(key, body, byteSize) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(incoming, { recursive: true });
      const temporary = path.join(incoming, randomUUID());
      try {
        await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
        const { size } = await stat(temporary);
        if (size !== byteSize) throw new Error(`Image ${key}: expected ${byteSize} bytes, got ${size}`);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    },

    async get(key) {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const { size } = await handle.stat();
      return { body: handle.createReadStream() as Readable, byteSize: size };
    },

    async delete(keys) {
      for (const key of keys) {
        const file = pathOf(key);
        await rm(file, { force: true });
        // The image's folder goes once empty; another file in it keeps it.
        await rmdir(path.dirname(file)).catch(() => undefined);
      }
    },

    async close() {},
  };
}
