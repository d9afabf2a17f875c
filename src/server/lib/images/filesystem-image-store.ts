import { randomUUID } from 'node:crypto';
import { close, createReadStream, createWriteStream, fstat, open } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { assertImageKey, type ImageStore } from './image-store';

const openFile = promisify(open);
const sizeOf = async (fd: number) => (await promisify(fstat)(fd)).size;
/**
 * The most read at once. Each read through the stream costs the event loop far more than the
 * bytes do, so a stored image (a few hundred kilobytes) goes out in one read, and a larger one
 * is still streamed.
 */
const MAX_READ_BYTES = 1024 * 1024;

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
      const file = pathOf(key);
      let fd;
      try {
        fd = await openFile(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      // A plain descriptor and the callback API: a FileHandle's stream costs the event loop about
      // twice as much per read. The stream closes the descriptor once read or destroyed.
      const byteSize = await sizeOf(fd).catch((error: unknown) => {
        close(fd);
        throw error;
      });
      const highWaterMark = Math.max(1, Math.min(byteSize, MAX_READ_BYTES));
      return { body: createReadStream(file, { fd, start: 0, end: Math.max(0, byteSize - 1), highWaterMark }), byteSize };
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
