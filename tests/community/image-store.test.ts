import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createImageStore, type ImageStore } from '../../src/server/lib/images/image-store';
import { createTestApp, demoAccounts } from '../helpers/test-app';

// One contract, run against both drivers: a directory, and an S3-compatible server (s3rver,
// a real HTTP server on port 0, driven through the AWS SDK exactly as in production).

let scratch: string;
let s3rver: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'nestling-store-test-'));
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(scratch, 's3rver'), configureBuckets: [{ name: 'nestling-images' }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  await rm(scratch, { recursive: true, force: true });
});

const drivers: [string, () => ImageStore][] = [
  ['filesystem', () => createImageStore({ kind: 'filesystem', directory: path.join(scratch, 'files') })],
  // Configured exactly as the server is, from the environment (whose parsed config is frozen).
  ['S3', () => createImageStore(loadConfig({ S3_BUCKET: 'nestling-images', S3_ENDPOINT: s3Endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }).imageStore)],
];

describe.each(drivers)('the %s image store', (_name, open) => {
  let store: ImageStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(() => store.close());

  const put = (key: string, content: string) => store.put(key, Readable.from([Buffer.from(content)]), Buffer.byteLength(content));

  it('streams an object in and out, byte for byte, with its size', async () => {
    // Larger than one stream chunk, so it really arrives in pieces.
    const content = 'nestling '.repeat(50_000);
    await store.put('a1/hash-one.webp', Readable.from([Buffer.from(content.slice(0, 1000)), Buffer.from(content.slice(1000))]), content.length);
    const object = await store.get('a1/hash-one.webp');
    expect(object?.byteSize).toBe(content.length);
    expect(object?.body).toBeInstanceOf(Readable);
    expect(await text(object!.body)).toBe(content);
  });

  it('answers undefined for a key with no object', async () => {
    expect(await store.get('a1/no-such-object.webp')).toBeUndefined();
  });

  it('deletes objects, and a key with no object is no error', async () => {
    await put('a2/one.webp', 'one');
    await put('a2/two.webp', 'two');
    await store.delete(['a2/one.webp', 'a2/never-stored.webp']);
    expect(await store.get('a2/one.webp')).toBeUndefined();
    expect(await text((await store.get('a2/two.webp'))!.body)).toBe('two');
    await store.delete([]);
  });

  it('refuses a key that could leave its place, before touching anything', async () => {
    for (const key of ['../escape.webp', 'a/../../escape.webp', '/abs.webp', 'a/b.png', 'a//b.webp', '']) {
      await expect(put(key, 'x'), key).rejects.toThrow(/Not an image key/);
      await expect(store.get(key), key).rejects.toThrow(/Not an image key/);
    }
  });
});

describe('the filesystem image store', () => {
  it('leaves no temporary file behind, and an emptied image folder goes', async () => {
    const directory = path.join(scratch, 'tidy');
    const store = createImageStore({ kind: 'filesystem', directory });
    await store.put('img/x.webp', Readable.from([Buffer.from('x')]), 1);
    expect(await readdir(path.join(directory, '.incoming'))).toEqual([]);
    await store.delete(['img/x.webp']);
    expect((await readdir(directory)).sort()).toEqual(['.incoming']);
  });

  it('refuses a body that is not the size announced, and stores nothing', async () => {
    const directory = path.join(scratch, 'short');
    const store = createImageStore({ kind: 'filesystem', directory });
    await expect(store.put('img/short.webp', Readable.from([Buffer.from('abc')]), 10)).rejects.toThrow(/expected 10 bytes, got 3/);
    expect(await store.get('img/short.webp')).toBeUndefined();
  });
});

describe('the app with S3_BUCKET set', () => {
  it('stores uploads in the bucket and serves them from it', async () => {
    const env = { S3_BUCKET: 'nestling-images', S3_ENDPOINT: s3Endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
    const t = await createTestApp({ env });
    try {
      const cookie = await t.cookieFor(demoAccounts.parent);
      const photo = await sharp({ create: { width: 2500, height: 1000, channels: 3, background: '#369' } }).jpeg().toBuffer();
      const upload = await t.app.inject({ method: 'POST', url: '/api/community/images', headers: { cookie, 'content-type': 'image/jpeg' }, payload: photo });
      expect(upload.statusCode, upload.body).toBe(201);
      const image = upload.json() as { id: string; url: string; byteSize: number };

      const row = await t.database.db.selectFrom('images').select(['key', 'bytes']).where('id', '=', image.id).executeTakeFirstOrThrow();
      expect(row.bytes).toBeNull();
      const bucket = createImageStore(loadConfig(env).imageStore);
      expect((await bucket.get(row.key!))?.byteSize).toBe(image.byteSize);
      await bucket.close();

      const served = await t.app.inject({ method: 'GET', url: image.url, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(image.byteSize);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(2048);
    } finally {
      await t.close();
    }
  });
});
