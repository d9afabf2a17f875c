import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foundFamily } from '../../src/server/db/family-scope';
import { eraseFamily, familyExportFiles } from '../../src/server/features/family/family-data';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { ACTIVITY_PHOTO_UPLOAD_PATH, PHOTOS_OPTED_OUT, type ActivityDto, type StaffClassroomDto } from '../../src/shared/schemas/monitoring';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Classroom 3B (Little Acorns) has the demo family's Maya and Leo, and a neighbour's Sam, added
// here. family2's children are at another nursery; a second nursery's staff member is added too.
const HOUR = 60 * 60 * 1000;
let clock = Date.parse('2026-11-26T10:00:00Z');
const now = () => new Date(clock);
const CAMERA = 'NestlingTestPhone';

let t: TestApp;
let parent: string;
let family2: string;
let staff: string;
let neighbour: string;
let otherStaff: string;
let maya: number;
let leo: number;
let sam: number;
let demoFamilyId: number;
let neighbourFamilyId: number;
let PHOTO: Buffer;

beforeAll(async () => {
  PHOTO = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 160, b: 220 } } })
    .jpeg()
    .withExif({ IFD0: { Make: CAMERA }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' } })
    .toBuffer();
  t = await createTestApp({ now, env: { IMAGE_REQUESTS_PER_MINUTE: '1000' } });
  const { db } = t.database;
  [parent, family2, staff] = await Promise.all([t.cookieFor(demoAccounts.parent), t.cookieFor(demoAccounts.secondParent), t.cookieFor(demoAccounts.staff)]);
  const classroom3b = (await db.selectFrom('classrooms').select(['id', 'nursery_id']).where('name', '=', 'Classroom 3B').executeTakeFirstOrThrow());
  const priya = await db.insertInto('users').values({ name: 'Priya Shah', email: 'priya@neighbour.test', password_hash: 'disabled', role: 'parent' }).returning('id').executeTakeFirstOrThrow();
  neighbourFamilyId = await foundFamily(db, { id: priya.id, name: 'Priya Shah' });
  sam = (await db.insertInto('children').values({ family_id: neighbourFamilyId, classroom_id: classroom3b.id, name: 'Sam Shah', date_of_birth: '2023-02-01' }).returning('id').executeTakeFirstOrThrow()).id;
  const child = (name: string) => db.selectFrom('children').select(['id', 'family_id']).where('name', '=', name).executeTakeFirstOrThrow();
  const mayaRow = await child('Maya Thompson');
  [maya, leo, demoFamilyId] = [mayaRow.id, (await child('Leo Thompson')).id, mayaRow.family_id];
  const otherNursery = await db.selectFrom('nurseries').select('id').where('id', '!=', classroom3b.nursery_id).orderBy('id').executeTakeFirstOrThrow();
  const otherStaffUser = await db.insertInto('users').values({ name: 'Ola Staff', email: 'ola@sunflower.test', password_hash: 'disabled', role: 'staff', nursery_id: otherNursery.id }).returning('id').executeTakeFirstOrThrow();
  const tokenOf = async (userId: number) => `Bearer ${(await t.app.services.auth.createApiToken(userId, { name: 'test', scopes: apiScopeNames })).token}`;
  neighbour = await tokenOf(priya.id);
  otherStaff = await tokenOf(otherStaffUser.id);
});
afterAll(() => t?.close());

/** A cookie, or `Bearer …` for a token. */
const auth = (who: string) => (who.startsWith('Bearer ') ? { authorization: who } : { cookie: who, origin: TEST_ORIGIN });

let addresses = 0;
const get = (url: string, who?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: `10.1.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`, headers: who ? auth(who) : {} });

async function uploadPhoto(who = staff, body = PHOTO) {
  const response = await t.app.inject({ method: 'POST', url: ACTIVITY_PHOTO_UPLOAD_PATH, headers: { ...auth(who), 'content-type': 'image/jpeg' }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; width: number; height: number; byteSize: number };
}

const postActivity = (payload: Record<string, unknown>, who = staff) =>
  t.app.inject({ method: 'POST', url: '/api/activities', headers: auth(who), payload: { channel: 'classroom-3b', type: 'nap', description: 'Sleeping soundly.', ...payload } });

async function logActivity(payload: Record<string, unknown>): Promise<ActivityDto> {
  const response = await postActivity(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listFor(who: string): Promise<ActivityDto[]> {
  const response = await get('/api/activities?limit=100', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const setPhotosAllowed = (childId: number, photosAllowed: boolean) =>
  t.app.inject({ method: 'PATCH', url: `/api/children/${childId}`, headers: auth(parent), payload: { photosAllowed } });

describe('uploading and attaching photos', () => {
  it('stores an upload re-encoded, resized and without EXIF or GPS, and attaches it to a nap about Maya', async () => {
    const photo = await uploadPhoto();
    expect(photo).toMatchObject({ width: 2048, height: 1365 });
    const activity = await logActivity({ childIds: [maya], photoIds: [photo.id] });
    expect(activity.photos).toEqual([
      {
        id: photo.id,
        url: `/api/activities/${activity.id}/photos/${photo.id}`,
        thumbnailUrl: `/api/activities/${activity.id}/photos/${photo.id}/thumbnail`,
        downloadUrl: `/api/activities/${activity.id}/photos/${photo.id}/download`,
        width: 2048,
        height: 1365,
      },
    ]);
    const full = await get(activity.photos[0]!.url, parent);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.rawPayload.includes(CAMERA)).toBe(false);
    const metadata = await sharp(full.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 2048, height: 1365 });
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await get(activity.photos[0]!.thumbnailUrl, parent);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 480, height: 320 });
  });

  it('takes uploads from nursery staff only, before reading the body', async () => {
    for (const who of [parent, neighbour]) {
      const response = await t.app.inject({ method: 'POST', url: ACTIVITY_PHOTO_UPLOAD_PATH, headers: { ...auth(who), 'content-type': 'image/jpeg' }, payload: PHOTO });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: ACTIVITY_PHOTO_UPLOAD_PATH, headers: { 'content-type': 'image/jpeg' }, payload: PHOTO });
    expect(anonymous.statusCode).toBe(401);
    const notAnImage = await t.app.inject({ method: 'POST', url: ACTIVITY_PHOTO_UPLOAD_PATH, headers: { ...auth(staff), 'content-type': 'image/png' }, payload: Buffer.from('<svg onload=alert(1)>') });
    expect(notAnImage.statusCode).toBe(415);
  });

  it('replays an upload retried with the same Idempotency-Key instead of storing it twice', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: ACTIVITY_PHOTO_UPLOAD_PATH, headers: { ...auth(staff), 'content-type': 'image/jpeg', 'idempotency-key': 'photo-retry-1' }, payload: PHOTO });
    const [first, again] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
  });

  it('refuses a fifth photo, a photo given twice, one that is not yours, and one already on another activity', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5].map(() => uploadPhoto()));
    const five = await postActivity({ childIds: [maya], photoIds: photos.map((p) => p.id) });
    expect(five.statusCode).toBe(400);
    expect(five.json().errors[0]).toMatchObject({ path: 'photoIds', message: 'An activity has at most 4 photos.' });
    const twice = await postActivity({ childIds: [maya], photoIds: [photos[0]!.id, photos[0]!.id] });
    expect(twice.statusCode).toBe(400);

    const othersUpload = await uploadPhoto(otherStaff);
    const notYours = await postActivity({ childIds: [maya], photoIds: [othersUpload.id] });
    expect(notYours.statusCode).toBe(404);
    const unknown = await postActivity({ childIds: [maya], photoIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);

    const four = await logActivity({ childIds: [maya], photoIds: photos.slice(0, 4).map((p) => p.id) });
    expect(four.photos.map((p) => p.id)).toEqual(photos.slice(0, 4).map((p) => p.id));
    const again = await postActivity({ childIds: [maya], photoIds: [photos[0]!.id] });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already on another activity/);
  });

  it('needs someone tagged in the photos, and only children the activity is about', async () => {
    const photo = await uploadPhoto();
    const nobody = await postActivity({ photoIds: [photo.id] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors[0].path).toBe('taggedChildIds');
    const someoneElse = await postActivity({ childIds: [maya], taggedChildIds: [sam], photoIds: [photo.id] });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json().errors[0].path).toBe('taggedChildIds');
    const elsewhere = await postActivity({ taggedChildIds: [(await t.database.db.selectFrom('children').select('id').where('name', '=', 'Nora Thompson').executeTakeFirstOrThrow()).id], photoIds: [photo.id] });
    expect(elsewhere.statusCode).toBe(400);
    // Nothing was saved by the refusals: the photo is still free to attach.
    expect((await logActivity({ childIds: [maya], photoIds: [photo.id] })).photos).toHaveLength(1);
  });
});

describe('who sees a photo', () => {
  it("serves Maya's photo to her family and her nursery's staff, and 404 to everyone else, another family of her classroom too", async () => {
    const photo = await uploadPhoto();
    const activity = await logActivity({ childIds: [maya], photoIds: [photo.id] });
    const { url, thumbnailUrl, downloadUrl } = activity.photos[0]!;
    for (const path of [url, thumbnailUrl, downloadUrl]) {
      for (const who of [parent, staff]) {
        const response = await get(path, who);
        expect(response.statusCode, `${path} for ${who.slice(0, 20)}`).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-cache');
      }
      for (const who of [family2, neighbour, otherStaff]) expect((await get(path, who)).statusCode, path).toBe(404);
      expect((await get(path)).statusCode).toBe(401);
    }
    // The photo id is checked with its activity: another activity's id, or a malformed one, is 404.
    const other = await logActivity({ childIds: [maya], description: 'Another nap.' });
    expect((await get(`/api/activities/${other.id}/photos/${photo.id}`, parent)).statusCode).toBe(404);
    expect((await get(`/api/activities/${activity.id}/photos/not-a-uuid`, parent)).statusCode).toBe(404);
    expect((await get(`/api/activities/99999999999/photos/${photo.id}`, parent)).statusCode).toBe(404);
    // Nor does the community image route show it to anyone but its uploader.
    expect((await get(`/api/community/images/${photo.id}`, parent)).statusCode).toBe(404);
  });

  it('answers 304 to a revalidation only after checking the viewer again', async () => {
    const photo = await uploadPhoto();
    const activity = await logActivity({ childIds: [maya], photoIds: [photo.id] });
    const first = await get(activity.photos[0]!.url, parent);
    const etag = String(first.headers.etag);
    const revalidate = (who: string) =>
      t.app.inject({ method: 'GET', url: activity.photos[0]!.url, remoteAddress: '10.9.9.9', headers: { ...auth(who), 'if-none-match': etag } });
    expect((await revalidate(parent)).statusCode).toBe(304);
    expect((await revalidate(neighbour)).statusCode).toBe(404);
  });

  it('names the download kindly, with only the children the viewer may know', async () => {
    clock = Date.parse('2026-11-26T13:00:00Z');
    const [one, two] = [await uploadPhoto(), await uploadPhoto()];
    const single = await logActivity({ childIds: [maya], photoIds: [one.id] });
    const download = await get(single.photos[0]!.downloadUrl, parent);
    expect(download.headers['content-disposition']).toBe('attachment; filename="maya-nap-2026-11-26.webp"');
    expect((await get(single.photos[0]!.url, parent)).headers['content-disposition']).toBe('inline');

    const together = await logActivity({ type: 'art', description: 'Painting together.', taggedChildIds: [maya, sam], photoIds: [two.id] });
    expect((await get(together.photos[0]!.downloadUrl, parent)).headers['content-disposition']).toBe('attachment; filename="maya-art-2026-11-26.webp"');
    expect((await get(together.photos[0]!.downloadUrl, neighbour)).headers['content-disposition']).toBe('attachment; filename="sam-art-2026-11-26.webp"');
    expect((await get(together.photos[0]!.downloadUrl, staff)).headers['content-disposition']).toBe('attachment; filename="maya-sam-art-2026-11-26.webp"');
  });

  it('lists a classroom-wide activity for every family, with the photo only for families with a tagged child', async () => {
    const photo = await uploadPhoto();
    const activity = await logActivity({ type: 'play', description: 'Sandpit fun.', taggedChildIds: [maya], photoIds: [photo.id] });
    expect(activity.childIds).toEqual([]);
    const seenBy = async (who: string) => (await listFor(who)).find((a) => a.id === activity.id);
    expect((await seenBy(parent))?.photos.map((p) => p.id)).toEqual([photo.id]);
    expect((await seenBy(staff))?.photos.map((p) => p.id)).toEqual([photo.id]);
    const forNeighbour = await seenBy(neighbour);
    expect(forNeighbour).toBeDefined();
    expect(forNeighbour!.photos).toEqual([]);
    expect((await get(activity.photos[0]!.url, neighbour)).statusCode).toBe(404);
    const one = await get(`/api/activities/${activity.id}`, neighbour);
    expect(one.json().photos).toEqual([]);
  });

  it("carries each audience's own photos in its events, so /ws, GET /events and webhooks never name a photo to another family", async () => {
    const photo = await uploadPhoto();
    const activity = await logActivity({ type: 'play', description: 'Water play.', taggedChildIds: [maya], photoIds: [photo.id] });
    const eventOf = async (who: string) => {
      const response = await get('/api/events?limit=100', who);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items?: { type: string; data: { activity: ActivityDto } }[] } | { type: string; data: { activity: ActivityDto } }[];
      const items = Array.isArray(body) ? body : (body.items ?? []);
      return items.find((event) => event.type === 'activity.created' && event.data.activity.id === activity.id);
    };
    expect((await eventOf(parent))?.data.activity.photos.map((p) => p.id)).toEqual([photo.id]);
    const neighbours = await eventOf(neighbour);
    expect(neighbours).toBeDefined();
    expect(neighbours!.data.activity.photos).toEqual([]);
    const staffEvents = await t.database.db.selectFrom('outbox_events').select('payload').where('nursery_id', 'is not', null).execute();
    expect(staffEvents.some((row) => JSON.stringify(row.payload).includes(photo.id))).toBe(true);
    const neighbourEvents = await t.database.db.selectFrom('outbox_events').select('payload').where('family_id', '=', neighbourFamilyId).execute();
    expect(neighbourEvents.some((row) => JSON.stringify(row.payload).includes(photo.id))).toBe(false);
  });
});

describe('a family that chooses no photos', () => {
  it('turns photos off for Leo; staff see it on the roster at once, and cannot tag him', async () => {
    const off = await setPhotosAllowed(leo, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: leo, photosAllowed: false });
    const roster = (await get('/api/classrooms', staff)).json() as StaffClassroomDto[];
    const children = roster.flatMap((classroom) => classroom.children);
    expect(children.find((child) => child.id === leo)?.photosAllowed).toBe(false);
    expect(children.find((child) => child.id === maya)?.photosAllowed).toBe(true);

    const photo = await uploadPhoto();
    const before = await t.database.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const payload of [{ childIds: [leo] }, { childIds: [maya, leo], taggedChildIds: [maya, leo] }, { taggedChildIds: [leo] }]) {
      const refused = await postActivity({ ...payload, photoIds: [photo.id] });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ path: 'taggedChildIds', message: PHOTOS_OPTED_OUT('Leo Thompson') });
    }
    const after = await t.database.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // An activity about Leo without photos is still fine, and so is one tagging only Maya.
    await logActivity({ childIds: [leo], description: 'Leo had a nap.' });
    expect((await logActivity({ childIds: [maya, leo], taggedChildIds: [maya], photoIds: [photo.id] })).photos).toHaveLength(1);

    expect((await setPhotosAllowed(leo, true)).json().photosAllowed).toBe(true);
  });
});

describe('photos over time', () => {
  it('deletes an upload no activity took within a day, and keeps attached ones', async () => {
    clock = Date.parse('2026-11-27T09:00:00Z');
    const [loose, kept] = [await uploadPhoto(), await uploadPhoto()];
    const activity = await logActivity({ childIds: [maya], photoIds: [kept.id] });
    clock += 25 * HOUR;
    await t.app.services.images.sweep();
    const ids = (await t.database.db.selectFrom('images').select('id').where('id', 'in', [loose.id, kept.id]).execute()).map((row) => row.id);
    expect(ids).toEqual([kept.id]);
    expect((await get(activity.photos[0]!.url, parent)).statusCode).toBe(200);
  });

  it("exports a family's tagged photos; erasing it deletes the photos of only its children and keeps a shared one for the other family", async () => {
    const { db } = t.database;
    const [mine, shared] = [await uploadPhoto(), await uploadPhoto()];
    const onlyMaya = await logActivity({ childIds: [maya], photoIds: [mine.id] });
    const withSam = await logActivity({ type: 'art', description: 'Painting together.', taggedChildIds: [maya, sam], photoIds: [shared.id] });

    const files = await familyExportFiles(db, demoFamilyId);
    const exported = files.find((file) => file.name === 'activity-photos.json')!.rows as { image_id: string; child_id: number }[];
    expect(exported).toEqual(expect.arrayContaining([expect.objectContaining({ image_id: mine.id, child_id: maya }), expect.objectContaining({ image_id: shared.id, child_id: maya })]));
    expect(exported.some((row) => row.child_id === sam)).toBe(false);
    const photoIds = (files.find((file) => file.name === 'photos.json')!.rows as { id: string }[]).map((row) => row.id);
    expect(photoIds).toEqual(expect.arrayContaining([mine.id, shared.id]));

    const { images } = await db.transaction().execute((trx) => eraseFamily(trx, demoFamilyId, 'delete'));
    expect(images.map((image) => image.id)).toContain(mine.id);
    expect(images.map((image) => image.id)).not.toContain(shared.id);
    expect(await db.selectFrom('activity_photos').select('image_id').where('activity_id', '=', onlyMaya.id).execute()).toEqual([]);
    expect(await db.selectFrom('activity_photo_tags').select('child_id').where('activity_id', '=', withSam.id).execute()).toEqual([{ child_id: sam }]);
    expect((await get(withSam.photos[0]!.url, neighbour)).statusCode).toBe(200);
  });
});
