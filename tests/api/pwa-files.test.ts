import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithStandInClient } from '../helpers/stand-in-client';

// The installable app's files as the server sends them: the real manifest, icons and service
// worker from public/, in a stand-in client directory (the build may not exist when tests run).

interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await appWithStandInClient((clientDir) => {
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Nestling</title><div id="root"></div>');
    for (const file of ['manifest.webmanifest', 'sw.js', 'icons']) cpSync(path.resolve('public', file), path.join(clientDir, file), { recursive: true });
  }));
});
afterAll(() => close?.());

describe('the web app manifest', () => {
  it('is served as application/manifest+json, revalidated on every use', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('makes the app installable: name, start URL, standalone, and 192, 512 and maskable PNG icons that are served', async () => {
    const manifest = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<WebAppManifest>();
    expect(manifest).toMatchObject({ name: 'Nestling', short_name: 'Nestling', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const res = await app.inject({ method: 'GET', url: icon.src });
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type'], icon.src).toBe('image/png');
      // A PNG says its size in its IHDR chunk, right after the signature.
      const [width, height] = [res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)];
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('the service worker', () => {
  it('is served as JavaScript at /sw.js, revalidated on every use so that a new release is found', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the content security policy', () => {
  it('allows this origin’s manifest and service worker, and no other', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((directive) => [directive.trim().split(' ')[0], directive.trim()]));
    expect(directives.get('manifest-src')).toBe("manifest-src 'self'");
    expect(directives.get('worker-src')).toBe("worker-src 'self'");
  });
});
