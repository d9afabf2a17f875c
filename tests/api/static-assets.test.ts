import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithStandInClient } from '../helpers/stand-in-client';

// The real build may not exist when tests run, so the app serves a stand-in client.
const INDEX_HTML = `<!doctype html><html><head><title>Nestling</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const ASSET = 'assets/index-AbC123.js';
const ASSET_SOURCE = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'a string that repeats, as code does ${i}';`).join('\n');

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await appWithStandInClient((clientDir) => {
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(clientDir, ASSET), ASSET_SOURCE);
  }));
});
afterAll(() => close?.());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('hashed files under /assets', () => {
  it('are sent brotli-compressed to a browser that accepts brotli, and decompress to the file', async () => {
    const res = await get(`/${ASSET}`, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(ASSET_SOURCE.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_SOURCE);
  });

  it('are gzipped for a client that accepts only gzip', async () => {
    const res = await get(`/${ASSET}`, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET_SOURCE);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await get(`/${ASSET}`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ASSET_SOURCE);
  });

  it('may be cached for a year without revalidation', async () => {
    const res = await get(`/${ASSET}`, 'br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('index.html', () => {
  it('is compressed and must be revalidated on every visit, at / and at a client route', async () => {
    for (const url of ['/', '/nurseries']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('is not what an unknown API, tRPC or realtime path gets', async () => {
    for (const url of ['/api/no-such-thing', '/trpc', '/trpc/', '/ws/elsewhere']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      // tRPC answers its own paths in its protocol's error shape, for its clients.
      expect(res.headers['content-type'], url).toMatch(url.startsWith('/trpc/') ? /^application\/json/ : /^application\/problem\+json/);
    }
  });

  it('is not what a missing file gets, such as a chunk of an earlier release', async () => {
    for (const url of ['/assets/index-gone1234.js', '/assets/index-gone1234.css', '/no-such-image.png']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
  });

  it('is not what a request other than a page visit gets', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/nurseries', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    // The same body as every other error, from the one error map.
    expect(res.json()).toEqual({ type: '/api/problems/not_found', title: 'Not found', status: 404, detail: 'Nothing is at DELETE /nurseries.', code: 'not_found' });
  });
});
