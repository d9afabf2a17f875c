import type { Readable } from 'node:stream';
import type { ImageStoreConfig } from '../../config';
import { createFilesystemImageStore } from './filesystem-image-store';
import { createS3ImageStore } from './s3-image-store';

/**
 * Where image bytes live, by key. A key names one set of bytes for good (it ends in their
 * content hash), so objects are written once, never changed, and may be cached forever.
 * Bodies go in and out as streams: no image is held whole in memory here.
 */
export interface ImageStore {
  /** Stores `byteSize` bytes read from `body` under `key`; readers never see a partial object. */
  put(key: string, body: Readable, byteSize: number): Promise<void>;
  /** The object as a stream and its size, or undefined when there is none. */
  get(key: string): Promise<{ body: Readable; byteSize: number } | undefined>;
  /** Deletes the objects; a key with no object is no error. */
  delete(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

// Images, and the zips of family exports (features/family/family-export.ts), which share the store.
const KEY = /^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.webp|exports\/[A-Za-z0-9_-]+\.zip)$/;

/** Keys are built by the image service; anything else (a '..', say) is a bug, refused before it reaches a path or URL. */
export function assertImageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not an image key: ${JSON.stringify(key)}`);
}

export function createImageStore(config: ImageStoreConfig): ImageStore {
  return config.kind === 's3' ? createS3ImageStore(config) : createFilesystemImageStore(config.directory);
}
