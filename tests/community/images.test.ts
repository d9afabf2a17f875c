import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES } from '../../src/shared/community-rules';
import { sniffImageType } from '../../src/server/lib/images/image-pipeline';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { testPostgresUrl } from '../helpers/test-database';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// The app's clock, moved by the tests that are about time (the quota, the sweep).
let clock = Date.parse('2026-11-21T15:00:00Z');
const now = () => new Date(clock);

const SCRIPT = Buffer.from('<script>alert(document.cookie)</script>');
/** A GIF header followed by script: sniffs as a GIF, but is no image. */
const POLYGLOT = Buffer.concat([Buffer.from('GIF89a/*', 'latin1'), SCRIPT, Buffer.from('*/', 'latin1')]);
const JPEG_HEADER_ONLY = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const CAMERA = 'NestlingTestPhone';

let PNG: Buffer;
let GIF: Buffer;
let WEBP: Buffer;
/** A 3000×2000 camera photo whose EXIF names the camera and where it was taken. */
let PHOTO_WITH_GPS: Buffer;

let t: TestApp;
let parent: string;
let family2: string;
let staff: string;

beforeAll(async () => {
  const pixels = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 220, g: 120, b: 60 } } });
  PNG = await pixels(64, 48).png().toBuffer();
  GIF = await pixels(20, 10).gif().toBuffer();
  WEBP = await pixels(30, 30).webp().toBuffer();
  PHOTO_WITH_GPS = await pixels(3000, 2000)
    .jpeg()
    .withExif({
      IFD0: { Make: CAMERA, Model: 'Model 7' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .toBuffer();
  // The fixture really carries what must be stripped.
  expect(PHOTO_WITH_GPS.includes(CAMERA)).toBe(true);
  expect((await sharp(PHOTO_WITH_GPS).metadata()).exif).toBeDefined();

  t = await createTestApp({ now, env: { IMAGE_REQUESTS_PER_MINUTE: '20' } });
  [parent, family2, staff] = await Promise.all([t.cookieFor(demoAccounts.parent), t.cookieFor(demoAccounts.secondParent), t.cookieFor(demoAccounts.staff)]);
});
afterAll(() => t?.close());

const upload = (body: Buffer | Readable, contentType: string, cookie?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: IMAGE_UPLOAD_PATH, headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...extra }, payload: body });

async function uploaded(body: Buffer, cookie = parent) {
  const res = await upload(body, 'image/png', cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; thumbnailUrl: string; width: number; height: number; byteSize: number; contentType: string };
}

// Image downloads are limited per IP; each request here but the rate-limit test's comes from an address of its own.
let addresses = 0;
const get = (url: string, cookie?: string, headers: Record<string, string> = {}, remoteAddress = `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { ...(cookie ? { cookie } : {}), ...headers } });

const createPost = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/community/posts', headers: { cookie, 'content-type': 'application/json' }, payload: { title: 'Look', content: 'Our garden', ...body } });

const imageRow = (id: string) => t.database.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
const storedFiles = async () => {
  const root = path.join(t.config.dataDir, 'images');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.webp')).sort();
};

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their magic bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG_HEADER_ONLY)).toBe('image/jpeg');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it.each([
    ['a script', SCRIPT],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a RIFF file that is not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WAVEfmt ')])],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeUndefined();
  });
});

describe('POST /api/community/images', () => {
  it('stores a PNG re-encoded as WebP in the image store, not the database, and answers 201 with its urls and size', async () => {
    const image = await uploaded(PNG);
    expect(image).toMatchObject({ contentType: 'image/webp', width: 64, height: 48, url: `${IMAGE_UPLOAD_PATH}/${image.id}`, thumbnailUrl: `${IMAGE_UPLOAD_PATH}/${image.id}/thumbnail` });
    const row = await imageRow(image.id);
    expect(row).toMatchObject({ bytes: null, content_type: 'image/webp', width: 64, height: 48, byte_size: image.byteSize });
    expect(row?.key).toMatch(new RegExp(`^${image.id}/[A-Za-z0-9_-]{43}\\.webp$`));
    expect(await storedFiles()).toEqual(expect.arrayContaining([row!.key, row!.thumbnail_key]));

    const served = await get(image.url, parent);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(sniffImageType(served.rawPayload)).toBe('image/webp');
    expect(Number(served.headers['content-length'])).toBe(image.byteSize);
  });

  it('strips EXIF and GPS from a photo, and sizes it down to 2048 px, with a thumbnail of at most 480 px', async () => {
    const image = await uploaded(PHOTO_WITH_GPS);
    expect(image).toMatchObject({ width: 2048, height: 1365 });
    for (const [url, width] of [
      [image.url, 2048],
      [image.thumbnailUrl, 480],
    ] as const) {
      const served = (await get(url, parent)).rawPayload;
      const metadata = await sharp(served).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.includes(CAMERA)).toBe(false);
      expect(served.includes('GPS')).toBe(false);
      expect(served.includes('Exif')).toBe(false);
    }
  });

  it.each([
    ['JPEG', () => PHOTO_WITH_GPS],
    ['GIF', () => GIF],
    ['WebP', () => WEBP],
  ])('accepts %s, whatever Content-Type it is declared with', async (_name, bytes) => {
    const res = await upload(bytes(), 'image/png', parent);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().contentType).toBe('image/webp');
  });

  it('refuses a polyglot, a GIF header followed by script, with 415, and stores nothing', async () => {
    const rowsBefore = await t.database.db.selectFrom('images').select('id').execute();
    const filesBefore = await storedFiles();
    const res = await upload(POLYGLOT, 'image/gif', parent);
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded, and the file must be a whole, readable image.');
    expect(await t.database.db.selectFrom('images').select('id').execute()).toEqual(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a file that starts like a JPEG but holds no image, with 415', async () => {
    expect((await upload(JPEG_HEADER_ONLY, 'image/jpeg', parent)).statusCode).toBe(415);
    expect((await upload(PHOTO_WITH_GPS.subarray(0, 2000), 'image/jpeg', parent)).statusCode).toBe(415);
  });

  it('keeps only the pixels of an image with script appended: what is served carries no script', async () => {
    const image = await uploaded(Buffer.concat([PNG, SCRIPT]));
    const served = (await get(image.url, parent)).rawPayload;
    expect(sniffImageType(served)).toBe('image/webp');
    expect(served.includes('<script>')).toBe(false);
  });

  it('refuses a script named .png and declared image/png with 415', async () => {
    const res = await upload(SCRIPT, 'image/png', parent, { 'content-disposition': 'attachment; filename="cute-cat.png"' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses an SVG with 415, whatever it is called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(svg, 'image/svg+xml', parent)).statusCode).toBe(415);
  });

  it('refuses over 5 MB with 413, by Content-Length before reading, or counted as it streams when no length is sent', async () => {
    const oversize = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG.length)]);
    const declared = await upload(oversize, 'image/png', parent);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().detail).toBe('The image is too large; the limit is 5 MB.');

    const chunks = Array.from({ length: 6 }, () => Buffer.alloc(1024 * 1024));
    const streamed = await upload(Readable.from(chunks), 'image/png', parent);
    expect(streamed.statusCode).toBe(413);
  });

  it('takes a body of exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    expect((await upload(exact, 'image/png', parent)).statusCode).toBe(201);
  });

  it('refuses an empty body with 400', async () => {
    const res = await upload(Buffer.alloc(0), 'image/png', parent);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The image is empty. Please choose an image file to upload.');
  });

  it('needs sign-in: 401, whether by cookie or API token', async () => {
    const res = await upload(PNG, 'image/png');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Please sign in to continue.');
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: parent, 'content-type': 'application/json' },
      payload: { name: 'uploader', scopes: ['community:write'] },
    });
    const token = tokenRes.json().token as string;
    expect((await upload(PNG, 'image/png', undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(201);
  });

  it('keeps the CSRF rule for cookie sessions: a form-encoded or text POST is refused with 415, a foreign Origin with 403', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await upload(PNG, type, parent, { origin: TEST_ORIGIN });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().detail).toBe('Upload the image as raw bytes with an image Content-Type, such as image/png.');
    }
    expect((await upload(PNG, 'image/png', parent, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(PNG, 'image/png', parent, { origin: TEST_ORIGIN })).statusCode).toBe(201);
  });

  it('still refuses a form-encoded or image POST to the JSON API with 415', async () => {
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

describe('serving an image', () => {
  it('sends a strong ETag, private caching that asks again on each view, nosniff, and 304 for a matching If-None-Match', async () => {
    const image = await uploaded(PNG);
    const served = await get(image.url, parent);
    // Who may see an image can change (leaving a support group), so the browser must ask each time.
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(image.url, parent, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get(image.url, parent, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const thumbnail = await get(image.thumbnailUrl, parent);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers.etag).not.toBe(etag);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(`${IMAGE_UPLOAD_PATH}/00000000-0000-4000-8000-000000000000`, parent)).statusCode).toBe(404);
    expect((await get(`${IMAGE_UPLOAD_PATH}/not-a-uuid`, parent)).statusCode).toBe(404);
    expect((await get(`${IMAGE_UPLOAD_PATH}/not-a-uuid/thumbnail`, parent)).statusCode).toBe(404);
  });

  it('shows an upload no post uses to its uploader only: another family gets 404, and nobody signed out sees it', async () => {
    const image = await uploaded(PNG);
    expect((await get(image.url, parent)).statusCode).toBe(200);
    for (const url of [image.url, image.thumbnailUrl]) {
      const other = await get(url, family2);
      expect(other.statusCode).toBe(404);
      expect(other.json().detail).toBe('That image was not found.');
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it("shows a post's image to every signed-in parent, like the post; nobody signed out sees it", async () => {
    const image = await uploaded(PNG);
    expect((await createPost(parent, { imageId: image.id })).statusCode).toBe(201);
    expect((await get(image.url, family2)).statusCode).toBe(200);
    expect((await get(image.thumbnailUrl, staff)).statusCode).toBe(200);
    expect((await get(image.url)).statusCode).toBe(401);
  });

  it("shows a support group post's image to the group's members only: others get 404", async () => {
    const groups = (await t.app.inject({ method: 'GET', url: '/api/community/groups' })).json() as { id: number; slug: string }[];
    // The parent is a member; the second family and staff are not.
    const autism = groups.find((group) => group.slug === 'autism-parent-circle')!;
    const image = await uploaded(PNG);
    expect((await createPost(parent, { imageId: image.id, groupId: autism.id })).statusCode).toBe(201);
    expect((await get(image.url, parent)).statusCode).toBe(200);
    for (const cookie of [family2, staff]) {
      expect((await get(image.url, cookie)).statusCode).toBe(404);
      expect((await get(image.thumbnailUrl, cookie)).statusCode).toBe(404);
    }
    const joined = await t.app.inject({ method: 'PUT', url: `/api/community/groups/${autism.id}/membership`, headers: { cookie: family2, 'content-type': 'application/json' }, payload: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    const seen = await get(image.url, family2);
    expect(seen.statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/community/groups/${autism.id}/membership`, headers: { cookie: family2 } });
    expect((await get(image.url, family2)).statusCode).toBe(404);
    // The copy their browser kept is not confirmed either.
    expect((await get(image.url, family2, { 'if-none-match': seen.headers.etag as string })).statusCode).toBe(404);
  });

  it('limits downloads per IP address: past the limit a minute, 429 with Retry-After', async () => {
    const image = await uploaded(PNG);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await get(image.url, parent, {}, '203.0.113.7');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().detail).toBe('Too many image requests. Please wait a moment.');
    // Another address is not held back.
    expect((await get(image.url, parent, {}, '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('a post with an image', () => {
  it('shows the image and thumbnail urls, and deleting the post deletes the image from the store', async () => {
    const image = await uploaded(PNG);
    const post = await createPost(parent, { imageId: image.id });
    expect(post.statusCode).toBe(201);
    expect(post.json()).toMatchObject({ image: image.url, thumbnail: image.thumbnailUrl, imageId: image.id });
    const row = await imageRow(image.id);

    await t.app.inject({ method: 'DELETE', url: `/api/community/posts/${post.json().id}`, headers: { cookie: parent } });
    expect((await get(image.url, parent)).statusCode).toBe(404);
    expect(await imageRow(image.id)).toBeUndefined();
    expect(await storedFiles()).not.toContain(row!.key);
  });

  it('keeps an image that another post still shows when one of them is deleted', async () => {
    const image = await uploaded(PNG);
    const first = (await createPost(parent, { imageId: image.id })).json();
    await createPost(parent, { imageId: image.id });
    await t.app.inject({ method: 'DELETE', url: `/api/community/posts/${first.id}`, headers: { cookie: parent } });
    expect((await get(image.url, family2)).statusCode).toBe(200);
  });

  it("refuses someone else's image with 404, as if it did not exist", async () => {
    const image = await uploaded(PNG);
    const res = await createPost(family2, { imageId: image.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('That image was not found. Please upload it again.');
  });
});

describe('the daily upload quota', () => {
  it('takes 50 uploads an account in any 24 hours, then answers 429 with Retry-After until the oldest is a day old', async () => {
    clock += 3 * DAY;
    const start = clock;
    for (let i = 0; i < 50; i++) {
      const res = await upload(PNG, 'image/png', staff);
      expect(res.statusCode, `upload ${i + 1}: ${res.body}`).toBe(201);
      clock += 60_000;
    }
    const refused = await upload(PNG, 'image/png', staff);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('You can upload 50 images a day. Please try again later.');
    // The first of the 50 frees up a day after it was made.
    expect(Number(refused.headers['retry-after'])).toBe((start + DAY - clock) / 1000);

    // Another account is not held back, and deleting an upload does not give it back.
    expect((await upload(PNG, 'image/png', family2)).statusCode).toBe(201);
    clock = start + DAY - 1000;
    expect((await upload(PNG, 'image/png', staff)).statusCode).toBe(429);
    clock = start + DAY + 1000;
    expect((await upload(PNG, 'image/png', staff)).statusCode).toBe(201);
  });

  it('counts an upload refused for what was sent, so garbage cannot be decoded without limit', async () => {
    clock += 3 * DAY;
    const before = await t.database.db.selectFrom('image_uploads').select('id').where('uploaded_at', '=', now()).execute();
    expect((await upload(POLYGLOT, 'image/gif', staff)).statusCode).toBe(415);
    const after = await t.database.db.selectFrom('image_uploads').select('id').where('uploaded_at', '=', now()).execute();
    expect(after.length).toBe(before.length + 1);
  });
});

describe('the sweep of unreferenced uploads', () => {
  it('deletes uploads nothing refers to once a day old, and keeps those on posts', async () => {
    clock += 3 * DAY;
    const unattached = await uploaded(PNG);
    const attached = await uploaded(PNG);
    expect((await createPost(parent, { imageId: attached.id })).statusCode).toBe(201);
    const unattachedRow = (await imageRow(unattached.id))!;

    clock += 23 * HOUR;
    await t.app.services.images.sweep();
    expect((await get(unattached.url, parent)).statusCode).toBe(200);

    clock += 2 * HOUR;
    const { ran, deleted } = await t.app.services.images.sweep();
    expect(ran).toBe(true);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await imageRow(unattached.id)).toBeUndefined();
    expect((await get(unattached.url, parent)).statusCode).toBe(404);
    const files = await storedFiles();
    expect(files).not.toContain(unattachedRow.key);
    expect(files).not.toContain(unattachedRow.thumbnail_key);
    expect((await get(attached.url, family2)).statusCode).toBe(200);
  });

  it('asks every feature that registers as an owner, so an image another feature uses survives', async () => {
    clock += 3 * DAY;
    const used = await uploaded(PNG);
    const unused = await uploaded(PNG);
    t.app.services.images.registerOwner('test: a later feature', {
      referencedAmong: async (_db, ids) => ids.filter((id) => id === used.id),
      readableBy: async (_db, viewerId, imageId) => imageId === used.id && viewerId > 0,
    });
    // Its readers may see it too.
    expect((await get(used.url, family2)).statusCode).toBe(200);
    expect((await get(unused.url, family2)).statusCode).toBe(404);

    clock += DAY + HOUR;
    await t.app.services.images.sweep();
    expect(await imageRow(used.id)).toBeDefined();
    expect(await imageRow(unused.id)).toBeUndefined();
  });

  it('forgets quota records older than a day', async () => {
    clock += 3 * DAY;
    await t.app.services.images.sweep();
    const old = await t.database.db.selectFrom('image_uploads').select('id').where('uploaded_at', '<=', new Date(clock - DAY)).execute();
    expect(old).toEqual([]);
  });

  it.skipIf(!testPostgresUrl)('runs on one instance at a time: while another holds the sweep lock, it skips', async () => {
    const other = new pg.Client({ connectionString: t.database.connectionString });
    await other.connect();
    try {
      clock += 3 * DAY;
      const image = await uploaded(PNG);
      clock += DAY + HOUR;
      await other.query('SELECT pg_advisory_lock($1::int, 0)', [0x1a00_0002]);
      expect(await t.app.services.images.sweep()).toEqual({ ran: false, deleted: 0 });
      expect(await imageRow(image.id)).toBeDefined();
      await other.query('SELECT pg_advisory_unlock($1::int, 0)', [0x1a00_0002]);
      expect((await t.app.services.images.sweep()).ran).toBe(true);
      expect(await imageRow(image.id)).toBeUndefined();
    } finally {
      await other.end();
    }
  });
});

describe('images stored in the database before the image store', () => {
  it('are moved at start-up through the same pipeline: metadata stripped, bytes cleared; one that does not decode is dropped', async () => {
    const users = await t.database.db.selectFrom('users').select(['id', 'email']).execute();
    const ownerId = users.find((user) => user.email === demoAccounts.parent.email)!.id;
    const photoId = randomUUID();
    const brokenId = randomUUID();
    await t.database.db
      .insertInto('images')
      .values([
        { id: photoId, owner_id: ownerId, content_type: 'image/jpeg', byte_size: PHOTO_WITH_GPS.length, bytes: PHOTO_WITH_GPS, created_at: now() },
        { id: brokenId, owner_id: ownerId, content_type: 'image/jpeg', byte_size: JPEG_HEADER_ONLY.length, bytes: JPEG_HEADER_ONLY, created_at: now() },
      ])
      .execute();
    const legacyPost = (imageId: string) =>
      t.database.db
        .insertInto('posts')
        .values({ author_id: ownerId, title: 'From before', content: 'An old post', tags: [], image_id: imageId, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const withPhoto = await legacyPost(photoId);
    const withBroken = await legacyPost(brokenId);

    expect(await t.app.services.images.moveLegacyImages()).toEqual({ moved: 1, dropped: 1 });
    expect(await imageRow(photoId)).toMatchObject({ bytes: null, content_type: 'image/webp', width: 2048, height: 1365 });
    expect(await imageRow(brokenId)).toBeUndefined();

    const served = (await get(`${IMAGE_UPLOAD_PATH}/${photoId}`, family2)).rawPayload;
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes(CAMERA)).toBe(false);
    const posts = (await t.app.inject({ method: 'GET', url: '/api/community/posts?limit=50', headers: { cookie: parent } })).json().items as { id: number; imageId: string | null }[];
    expect(posts.find((post) => post.id === withPhoto.id)?.imageId).toBe(photoId);
    expect(posts.find((post) => post.id === withBroken.id)?.imageId).toBeNull();

    // Running it again finds nothing left to move.
    expect(await t.app.services.images.moveLegacyImages()).toEqual({ moved: 0, dropped: 0 });
  });
});

describe('the OpenAPI document', () => {
  it('describes the upload and serving routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const post = doc.paths['/community/images'].post;
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    expect(Object.keys(post.responses).sort()).toEqual(['201', '400', '401', '403', '409', '413', '415', '422', '429', '500']);
    for (const path of ['/community/images/{id}', '/community/images/{id}/thumbnail']) {
      expect(Object.keys(doc.paths[path].get.responses).sort()).toEqual(['200', '304', '400', '401', '403', '404', '429', '500']);
    }
  });
});
