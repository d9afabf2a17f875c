import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/products', () => {
  it('gives currency USD beside each price in cents', async () => {
    const products = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { price: number; originalPrice: number | null; currency: string }[];
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(Number.isInteger(product.price)).toBe(true);
      expect(product.currency).toBe('USD');
    }
  });
});
