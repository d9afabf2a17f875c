import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { ImageStoreConfig } from '../../config';
import { assertImageKey, type ImageStore } from './image-store';

/** Images in an S3-compatible bucket, which every server instance shares. */
export function createS3ImageStore(config: Extract<ImageStoreConfig, { kind: 's3' }>): ImageStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // S3-compatible servers named by URL rarely have per-bucket host names.
    forcePathStyle: config.endpoint !== undefined,
    // A copy: the SDK marks where credentials came from on the object itself, and config is frozen.
    credentials: config.credentials && { ...config.credentials },
    // The SDK's default sends streamed bodies as aws-chunked with a trailing checksum, which many
    // S3-compatible servers store verbatim, framing and all. Content-Length and MD5-free PUTs work everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    async put(key, body, byteSize) {
      assertImageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: byteSize, ContentType: key.endsWith('.zip') ? 'application/zip' : 'image/webp', CacheControl: 'private, max-age=31536000, immutable' }),
      );
    },

    async get(key) {
      assertImageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body || object.ContentLength === undefined) throw new Error(`Image ${key}: the store answered no body or length`);
        return { body: object.Body as Readable, byteSize: object.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },

    async delete(keys) {
      keys.forEach(assertImageKey);
      // One request deletes up to 1,000 keys.
      for (let start = 0; start < keys.length; start += 1000) {
        const batch = keys.slice(start, start + 1000);
        const { Errors } = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        if (Errors?.length) throw new Error(`Could not delete ${Errors.length} image object(s): ${Errors[0]?.Code ?? 'unknown'} ${Errors[0]?.Message ?? ''}`);
      }
    },

    async close() {
      client.destroy();
    },
  };
}
