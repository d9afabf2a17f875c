import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES } from '../../src/shared/community-rules';
import { sniffImageType } from '../../src/server/lib/image-storage';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// A real 1×1 PNG, and the leading bytes of each other accepted type.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L')]);
const SCRIPT = Buffer.from('<script>alert(document.cookie)</script>');

let t: TestApp;
let parent: string;
let family2: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.cookieFor(demoAccounts.parent);
  family2 = await t.cookieFor(demoAccounts.secondParent);
});
afterAll(() => t?.close());

const upload = (body: Buffer, contentType: string, cookie?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: IMAGE_UPLOAD_PATH, headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...extra }, payload: body });

describe('sniffImageType', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('recognises %s by its magic bytes', (_name, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['a script', SCRIPT],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a RIFF file that is not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WAVEfmt ')])],
    ['a truncated PNG signature', PNG.subarray(0, 7)],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeUndefined();
  });
});

describe('POST /api/community/images', () => {
  it('stores a PNG and answers 201 with its id and url; it is then served with its type, nosniff and a long cache', async () => {
    const res = await upload(PNG, 'image/png', parent);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ contentType: 'image/png', byteSize: PNG.length });
    expect(image.url).toBe(`${IMAGE_UPLOAD_PATH}/${image.id}`);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('accepts %s', async (_name, bytes, type) => {
    const res = await upload(bytes, type, parent);
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe(type);
  });

  it('stores the type the bytes really are, not the declared one', async () => {
    const res = await upload(JPEG, 'image/png', parent);
    expect(res.json().contentType).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: res.json().url })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a script named .png and declared image/png with 415', async () => {
    const res = await upload(SCRIPT, 'image/png', parent, { 'content-disposition': 'attachment; filename="cute-cat.png"' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded.');
    expect(await t.database.db.selectFrom('images').select('id').where('byte_size', '=', SCRIPT.length).execute()).toEqual([]);
  });

  it('refuses an SVG with 415, whatever it is called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(svg, 'image/svg+xml', parent)).statusCode).toBe(415);
  });

  it('refuses a body over 5 MB with 413, and takes one of exactly 5 MB', async () => {
    const oversize = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG.length)]);
    const res = await upload(oversize, 'image/png', parent);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is too large; the limit is 5 MB.');
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    expect((await upload(exact, 'image/png', parent)).statusCode).toBe(201);
  });

  it('refuses an empty body with 400', async () => {
    const res = await upload(Buffer.alloc(0), 'image/png', parent);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The image is empty. Please choose an image file to upload.');
  });

  it('needs sign-in: 401, whether by cookie or API token', async () => {
    const res = await upload(PNG, 'image/png');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: parent, 'content-type': 'application/json' },
      payload: { name: 'uploader' },
    });
    const token = tokenRes.json().token as string;
    expect((await upload(PNG, 'image/png', undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(201);
  });

  it('keeps the CSRF rule for cookie sessions: a form-encoded or text POST is refused with 415, a foreign Origin with 403', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await upload(PNG, type, parent, { origin: TEST_ORIGIN });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toBe('Upload the image as raw bytes with an image Content-Type, such as image/png.');
    }
    expect((await upload(PNG, 'image/png', parent, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(PNG, 'image/png', parent, { origin: TEST_ORIGIN })).statusCode).toBe(201);
  });

  it('still refuses a form-encoded POST to the JSON API with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { cookie: parent, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      payload: 'title=x&content=y',
    });
    expect(res.statusCode).toBe(415);
    const image = await t.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { cookie: parent, 'content-type': 'image/png', origin: TEST_ORIGIN },
      payload: PNG,
    });
    expect(image.statusCode).toBe(415);
  });
});

describe('GET /api/community/images/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${IMAGE_UPLOAD_PATH}/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${IMAGE_UPLOAD_PATH}/not-a-uuid` })).statusCode).toBe(404);
  });
});

describe('a post with an image', () => {
  const createPost = (cookie: string, imageId: string) =>
    t.app.inject({ method: 'POST', url: '/api/community/posts', headers: { cookie, 'content-type': 'application/json' }, payload: { title: 'Look', content: 'Our garden', imageId } });

  it('shows the image url, and deleting the post deletes the image', async () => {
    const image = (await upload(PNG, 'image/png', parent)).json();
    const post = await createPost(parent, image.id);
    expect(post.statusCode).toBe(201);
    expect(post.json()).toMatchObject({ image: image.url, imageId: image.id });
    const feed = (await t.app.inject({ method: 'GET', url: '/api/community/posts' })).json();
    expect(feed.items[0]).toMatchObject({ id: post.json().id, image: image.url });

    await t.app.inject({ method: 'DELETE', url: `/api/community/posts/${post.json().id}`, headers: { cookie: parent } });
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });

  it("refuses someone else's image with 404, as if it did not exist", async () => {
    const image = (await upload(PNG, 'image/png', parent)).json();
    const res = await createPost(family2, image.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That image was not found. Please upload it again.');
  });
});

describe('the OpenAPI document', () => {
  it('describes the upload and serving routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const post = doc.paths['/community/images'].post;
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    expect(Object.keys(post.responses).sort()).toEqual(['201', '401', '413', '415']);
    expect(doc.paths['/community/images/{id}'].get).toBeDefined();
  });
});
