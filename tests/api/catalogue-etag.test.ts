import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('ETag on catalogue reads', () => {
  it.each(['/api/products', '/api/nurseries?q=acorns', '/api/shadow-teachers?specialization=ASD'])(
    '%s answers 304 with no body while the catalogue is unchanged',
    async (url) => {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    },
  );

  it('gives a new tag once the catalogue changes', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/products' })).headers.etag;
    await t.database.db.updateTable('products').set({ price: 1999 }).where('id', '=', 1).execute();
    const after = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'if-none-match': before as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});
