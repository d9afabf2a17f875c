import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { FAMILY_DATA } from '../../src/server/features/family/family-data';
import { restOf } from './family-helpers';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { familyIdOf } from '../helpers/test-database';

// The demo family exports its data; the second family, with data of its own, must not appear in it.
let t: TestApp;
let sarah: string;
let other: string;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const rest = (...args: Parameters<ReturnType<typeof restOf>>) => restOf(t.app)(...args);

async function ok(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

async function postWithPhoto(cookie: string, title: string) {
  const image = await t.app.inject({ method: 'POST', url: '/api/community/images', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'image/png' }, payload: PNG });
  expect(image.statusCode, image.body).toBe(201);
  await ok(await rest('POST', '/community/posts', cookie, { title, content: `${title}, in words.`, imageId: image.json().id }));
  return image.json().id as string;
}

/** Every file of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip: ZipFile) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [sarah, other] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.secondParent)]);
});
afterAll(() => t.close());

describe("a family's export", () => {
  it('names an export file, or why there is none, for every table', () => {
    for (const [table, rule] of Object.entries(FAMILY_DATA)) expect(rule.exported, table).toMatch(/\.json|photos|not exported|holds no family data/);
  });

  it('builds in the background and downloads as a zip with everything of the family and nothing of another', async () => {
    const db = t.database.db;
    const sarahPhoto = await postWithPhoto(sarah, 'Our garden');
    const otherPhoto = await postWithPhoto(other, 'Secret picnic of the other family');
    const otherUser = await db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow();
    const otherChildren = await db.selectFrom('children').select(['id', 'name']).where('family_id', '=', await familyIdOf(db, otherUser.id)).execute();

    // A carer of the family may not export it.
    const carerSignUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Cara Carer', email: 'cara@export.test', password: 'a quiet harbour at dawn 7' } });
    const carer = sessionCookieOf(carerSignUp);
    const invitation = await ok(await rest('POST', '/family/invitations', sarah, { familyRole: 'carer' }));
    await ok(await rest('POST', `/family-invitations/${String(invitation.link).split('/join/')[1]}/acceptance`, carer, {}));
    expect((await rest('POST', '/family/exports', carer, {})).statusCode).toBe(403);

    const asked = await rest('POST', '/family/exports', sarah, {});
    expect(asked.statusCode, asked.body).toBe(202);
    const created = asked.json();
    expect(asked.headers.location).toBe(`/api/family/exports/${created.id}`);
    expect(created).toMatchObject({ status: 'queued', progress: 0, downloadUrl: null });
    // Asking again while it waits answers the same one.
    expect((await ok(await rest('POST', '/family/exports', sarah, {}))).id).toBe(created.id);

    // Another family sees none of it.
    expect((await rest('GET', `/family/exports/${created.id}`, other)).statusCode).toBe(404);

    // The worker of this app may have started it already; either way it finishes.
    await t.app.services.familyExports.processNext();
    await expect.poll(async () => (await ok(await rest('GET', `/family/exports/${created.id}`, sarah))).status, { timeout: 15_000 }).toBe('ready');
    const ready = await ok(await rest('GET', `/family/exports/${created.id}`, sarah));
    expect(ready).toMatchObject({ progress: 100, downloadUrl: `/api/family/exports/${created.id}/download` });

    expect((await t.app.inject({ url: ready.downloadUrl, headers: { cookie: other } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: ready.downloadUrl, headers: { cookie: carer } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: ready.downloadUrl })).statusCode).toBe(401);
    const download = await t.app.inject({ url: ready.downloadUrl, headers: { cookie: sarah } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="nestling-family-data-\d{4}-\d\d-\d\d\.zip"$/);
    expect(Number(download.headers['content-length'])).toBe(ready.byteSize);

    const files = await unzip(download.rawPayload);
    const json = (name: string) => JSON.parse(files.get(name)!.toString()) as Record<string, unknown>[];
    // Complete: every area, the README naming each file, the family's rows and its photos.
    const readme = files.get('README.txt')!.toString();
    for (const name of ['family.json', 'members.json', 'children.json', 'activities.json', 'shadow-bookings.json', 'booking-events.json', 'mental-health-bookings.json', 'posts.json', 'comments.json', 'likes.json', 'support-groups.json', 'api-tokens.json', 'photos.json']) {
      expect(files.has(name), name).toBe(true);
      expect(readme, name).toContain(name);
    }
    const sarahFamily = await familyIdOf(db, (await ok(await rest('GET', '/users/me', sarah))).id);
    const children = await db.selectFrom('children').select('id').where('family_id', '=', sarahFamily).orderBy('id').execute();
    expect(json('children.json').map((child) => child.id)).toEqual(children.map((child) => child.id));
    expect(json('members.json').map((member) => member.name).sort()).toEqual(['Cara Carer', 'Sarah Thompson']);
    expect(json('activities.json').length).toBeGreaterThan(0);
    expect(json('posts.json').map((post) => post.title)).toContain('Our garden');
    expect(files.has(`photos/${sarahPhoto}.webp`)).toBe(true);
    expect(files.get(`photos/${sarahPhoto}.webp`)!.subarray(8, 12).toString()).toBe('WEBP');

    // Nothing of the other family, anywhere in the zip.
    expect(files.has(`photos/${otherPhoto}.webp`)).toBe(false);
    const everything = [...files.entries()].filter(([name]) => name.endsWith('.json') || name.endsWith('.txt')).map(([, bytes]) => bytes.toString()).join('\n');
    for (const foreign of [otherUser.name, otherUser.email, otherPhoto, 'Secret picnic', ...otherChildren.map((child) => child.name)]) expect(everything, foreign).not.toContain(foreign);
    const ids = (name: string, key: string) => json(name).map((row) => row[key]);
    expect(ids('children.json', 'id').some((id) => otherChildren.some((child) => child.id === id))).toBe(false);
    expect(ids('members.json', 'id')).not.toContain(otherUser.id);
  });
});
