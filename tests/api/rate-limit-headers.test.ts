import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { IMAGE_UPLOAD_PATH } from '../../src/shared/community-rules';
import { RATE_LIMITED_OPERATIONS, rateLimitField, rateLimitPolicyField } from '../../src/server/lib/rate-limit-headers';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// RateLimit and RateLimit-Policy as in draft-ietf-httpapi-ratelimit-headers-11, on every limited route.
let t: TestApp;
const PER_ADDRESS = 4;
const PER_EMAIL_AND_ADDRESS = 2;
const IMAGE_REQUESTS_PER_MINUTE = 3;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: { perIp: PER_ADDRESS, perEmailAndIp: PER_EMAIL_AND_ADDRESS },
    env: { IMAGE_REQUESTS_PER_MINUTE: String(IMAGE_REQUESTS_PER_MINUTE), UPLOAD_DAILY_LIMIT: '1' },
  });
});
afterAll(() => t?.close());

/** The members of a RateLimit or RateLimit-Policy field, by policy name, with their parameters as numbers. */
function parseField(value: unknown): Record<string, Record<string, number>> {
  expect(typeof value, 'the header is present').toBe('string');
  return Object.fromEntries(
    (value as string).split(/,\s*/).map((member) => {
      const [name, ...params] = member.split(';');
      expect(name).toMatch(/^"[^"]+"$/);
      return [JSON.parse(name!) as string, Object.fromEntries(params.map((param) => param.split('=')).map(([key, number]) => [key!, Number(number)]))];
    }),
  );
}
const limitsOf = (res: LightMyRequestResponse) => ({ policy: parseField(res.headers['ratelimit-policy']), now: parseField(res.headers.ratelimit) });
const signIn = (password: string, url = '/api/auth/sign-in', address = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url, remoteAddress: address, payload: { email: demoAccounts.secondParent.email, password } });

describe('RateLimit headers', () => {
  it('are written in the draft syntax', () => {
    const state = { policy: 'signin', quota: 10, windowSeconds: 60, remaining: 3, resetSeconds: 41.2 };
    expect(rateLimitPolicyField([state])).toBe('"signin";q=10;w=60');
    expect(rateLimitField([state])).toBe('"signin";r=3;t=42');
    expect(rateLimitField([state, { ...state, policy: 'a "quoted" name' }])).toBe('"signin";r=3;t=42, "a \\"quoted\\" name";r=3;t=42');
  });

  it('count down on sign-in for the address and for the email at that address, then 429 with Retry-After', async () => {
    const first = await signIn('wrong password 1');
    expect(first.statusCode).toBe(401);
    expect(limitsOf(first).policy).toEqual({
      'auth-per-address': { q: PER_ADDRESS, w: 900 },
      'sign-in-per-email-and-address': { q: PER_EMAIL_AND_ADDRESS, w: 900 },
    });
    expect(limitsOf(first).now['auth-per-address']).toEqual({ r: PER_ADDRESS - 1, t: 900 });
    expect(limitsOf(first).now['sign-in-per-email-and-address']).toEqual({ r: PER_EMAIL_AND_ADDRESS - 1, t: 900 });

    const second = await signIn('wrong password 2');
    expect(limitsOf(second).now['sign-in-per-email-and-address']!.r).toBe(0);
    const refused = await signIn('wrong password 3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitsOf(refused).now['sign-in-per-email-and-address']!.r).toBe(0);
  });

  it('are sent over /trpc too, and on sign-up, which shares the per-address limit', async () => {
    const viaTrpc = await signIn('wrong password', '/trpc/auth.signIn', '198.51.100.8');
    expect(viaTrpc.statusCode).toBe(401);
    expect(limitsOf(viaTrpc).now['auth-per-address']!.r).toBe(PER_ADDRESS - 1);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: '198.51.100.8',
      payload: { name: 'Rate Tester', email: 'rate-tester@nestling.test', password: 'a long and unusual passphrase 42' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(limitsOf(signUp).now['auth-per-address']!.r).toBe(PER_ADDRESS - 2);
  });

  it('count down on the assistant chat, 20 a minute, then 429 with Retry-After', async () => {
    const chat = () => t.app.inject({ method: 'POST', url: '/api/assistant/chat', remoteAddress: '198.51.100.9', payload: { message: 'When do babies sleep through the night?' } });
    const first = await chat();
    expect(first.statusCode, first.body).toBe(200);
    expect(limitsOf(first).policy).toEqual({ 'assistant-chat': { q: 20, w: 60 } });
    expect(limitsOf(first).now['assistant-chat']!.r).toBe(19);
    for (let i = 1; i < 20; i++) expect((await chat()).statusCode).toBe(200);
    const refused = await chat();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitsOf(refused).now['assistant-chat']!.r).toBe(0);
  });

  it('replace the image plugin’s own X-RateLimit headers on downloads, and a refused download has Retry-After', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer();
    const upload = await t.app.inject({ method: 'POST', url: IMAGE_UPLOAD_PATH, remoteAddress: '198.51.100.10', headers: { cookie, 'content-type': 'image/png' }, payload: png });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(limitsOf(upload).policy).toEqual({ 'image-uploads': { q: 1, w: 86_400 } });
    expect(limitsOf(upload).now['image-uploads']!.r).toBe(0);

    const download = () => t.app.inject({ method: 'GET', url: `${IMAGE_UPLOAD_PATH}/${upload.json().id}`, remoteAddress: '198.51.100.10', headers: { cookie } });
    const first = await download();
    expect(first.statusCode).toBe(200);
    expect(limitsOf(first).policy).toEqual({ 'GET /api/community/images/:id': { q: IMAGE_REQUESTS_PER_MINUTE, w: 60 } });
    expect(limitsOf(first).now['GET /api/community/images/:id']!.r).toBe(IMAGE_REQUESTS_PER_MINUTE - 1);
    expect(Object.keys(first.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    for (let i = 1; i < IMAGE_REQUESTS_PER_MINUTE; i++) await download();
    const refused = await download();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitsOf(refused).now['GET /api/community/images/:id']!.r).toBe(0);
  });

  it('report the daily upload quota, and a refused upload has Retry-After', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 20, g: 200, b: 20 } } }).png().toBuffer();
    const refused = await t.app.inject({ method: 'POST', url: IMAGE_UPLOAD_PATH, remoteAddress: '198.51.100.11', headers: { cookie, 'content-type': 'image/png' }, payload: png });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('quota_exceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitsOf(refused).now['image-uploads']!.r).toBe(0);
  });

  it('are sent by every operation RATE_LIMITED_OPERATIONS lists, with exactly the policies it names', async () => {
    const cookie = await t.signIn(demoAccounts.secondParent);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 20, g: 20, b: 200 } } }).png().toBuffer();
    let imageId = '';
    const call = async (method: string, path: string) => {
      const url = `/api${path.replace('{id}', imageId)}`;
      const address = '198.51.100.20';
      if (path === '/auth/sign-in') return t.app.inject({ method, url, remoteAddress: address, payload: { email: 'nobody@nestling.test', password: 'not a password' } });
      if (path === '/auth/sign-up') return t.app.inject({ method, url, remoteAddress: address, payload: { name: 'Listed', email: 'listed@nestling.test', password: 'another unusual passphrase 77' } });
      if (path === '/assistant/chat') return t.app.inject({ method, url, remoteAddress: address, payload: { message: 'Teething tips?' } });
      if (path === '/community/images') {
        const res = await t.app.inject({ method, url, remoteAddress: address, headers: { cookie, 'content-type': 'image/png' }, payload: png });
        imageId = res.json().id;
        return res;
      }
      return t.app.inject({ method, url, remoteAddress: address, headers: { cookie } });
    };
    for (const { method, path, policies } of RATE_LIMITED_OPERATIONS) {
      const res = await call(method, path);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(500);
      expect(Object.keys(limitsOf(res).policy).sort(), `${method} ${path}`).toEqual([...policies].sort());
    }
  });

  it('are absent where nothing is limited', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.ratelimit).toBeUndefined();
    expect(res.headers['ratelimit-policy']).toBeUndefined();
  });
});
