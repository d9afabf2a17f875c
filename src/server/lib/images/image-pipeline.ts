import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { ImageContentType } from '../../../shared/community-rules';

/** The longest side of a stored image, and of its thumbnail for lists. */
export const MAX_IMAGE_SIDE = 2048;
export const THUMBNAIL_SIDE = 480;
/** A decompression bomb (a tiny file of a vast image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

// Each encode uses one libvips thread, so a burst of uploads cannot take every core, and
// nothing is cached between encodes of files that are each read once.
sharp.concurrency(1);
sharp.cache(false);

export interface EncodedFile {
  path: string;
  byteSize: number;
  width: number;
  height: number;
  /** The SHA-256 of the bytes, base64url: the last part of the store key and the ETag. */
  hash: string;
}

/**
 * Decodes the upload in `inputPath` and writes it again as WebP: `image.webp` (at most 2048 px
 * a side) and `thumbnail.webp` into `outputDirectory`. Nothing of the original file survives
 * but its pixels: EXIF, GPS, ICC profiles, comments and anything appended after the image
 * are dropped, and the orientation EXIF asked for is applied to the pixels first. The work
 * runs on libuv's threads, reading and writing files, so the event loop never holds the image.
 *
 * Answers undefined when the file is not a PNG, JPEG, WebP or GIF by its leading bytes, or
 * does not decode (a polyglot such as a GIF header followed by script, a truncated file).
 */
export async function encodeImage(inputPath: string, outputDirectory: string): Promise<{ image: EncodedFile; thumbnail: EncodedFile } | undefined> {
  if (!sniffImageType(await leadingBytes(inputPath, 12))) return undefined;
  const source = sharp(inputPath, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
  const imagePath = path.join(outputDirectory, 'image.webp');
  const thumbnailPath = path.join(outputDirectory, 'thumbnail.webp');
  try {
    const [image, thumbnail] = await Promise.all([
      source.clone().resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toFile(imagePath),
      source.clone().resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toFile(thumbnailPath),
    ]);
    return {
      image: { path: imagePath, byteSize: image.size, width: image.width, height: image.height, hash: await hashFile(imagePath) },
      thumbnail: { path: thumbnailPath, byteSize: thumbnail.size, width: thumbnail.width, height: thumbnail.height, hash: await hashFile(thumbnailPath) },
    };
  } catch (error) {
    if (isDecodeFailure(error)) return undefined;
    throw error;
  }
}

/** libvips reports an input it cannot read as a plain Error; a failure to write is our fault. */
function isDecodeFailure(error: unknown): boolean {
  return error instanceof Error && !/ENOSPC|EACCES|EMFILE|EROFS|\bwrite\b/i.test(error.message);
}

async function leadingBytes(file: string, count: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('base64url');
}

/**
 * The image type the bytes really are, from their leading magic bytes, whatever a file name
 * or Content-Type claims. Only PNG, JPEG, WebP and GIF are recognised, so no other decoder
 * (SVG, TIFF, HEIF...) ever sees an upload.
 */
export function sniffImageType(bytes: Uint8Array): ImageContentType | undefined {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // 'GIF87a' or 'GIF89a'.
  if (startsWith([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  // A RIFF container ('RIFF', a 4-byte size, then 'WEBP').
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}
