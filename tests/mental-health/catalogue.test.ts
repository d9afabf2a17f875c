import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('the mental-health catalogue (spec section 9), public', () => {
  it('has the five service categories with their options, priced exactly as the spec says (in cents)', async () => {
    const services = (await get('/api/mental-health/services')) as { id: string; title: string; options: { id: string; name: string; price: number }[] }[];
    const prices = Object.fromEntries(services.map((s) => [s.id, Object.fromEntries(s.options.map((o) => [o.id, o.price]))]));
    expect(prices).toEqual({
      'iq-test': { online: 4500, 'in-person': 8500 },
      counseling: { 'virtual-60': 6000, 'clinic-90': 9500 },
      guidance: { 'resource-library': 0, 'expert-consultation': 5000 },
      trauma: { 'support-group': 2500, individual: 7500 },
      assessment: { screening: 4000, comprehensive: 12000 },
    });
    expect(services.map((s) => s.id)).toEqual(['iq-test', 'counseling', 'guidance', 'trauma', 'assessment']);
    expect(services.find((s) => s.id === 'counseling')!.options.map((o) => o.name)).toEqual([
      'Virtual session (60 minutes)',
      'Clinic session (90 minutes)',
    ]);
    for (const service of services) expect(service).toMatchObject({ title: expect.any(String), description: expect.any(String) });
  });

  it('has the specialist session types: initial 45 minutes $75, follow-up 60 minutes $90, extended 90 minutes $120', async () => {
    expect(await get('/api/mental-health/session-types')).toEqual([
      { id: 'initial', name: 'Initial consultation', minutes: 45, price: 7500, currency: 'USD' },
      { id: 'follow-up', name: 'Follow-up session', minutes: 60, price: 9000, currency: 'USD' },
      { id: 'extended', name: 'Extended session', minutes: 90, price: 12000, currency: 'USD' },
    ]);
  });

  it('gives currency USD beside every option price in cents', async () => {
    const services = (await get('/api/mental-health/services')) as { options: { price: number; currency: string }[] }[];
    const options = services.flatMap((service) => service.options);
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(option).toMatchObject({ price: expect.any(Number), currency: 'USD' });
  });

  it('has the preferred windows: morning 9AM-12PM, afternoon 1PM-4PM, evening 5PM-7PM', async () => {
    expect(await get('/api/mental-health/time-windows')).toEqual([
      { id: 'morning', label: 'Morning (9AM-12PM)' },
      { id: 'afternoon', label: 'Afternoon (1PM-4PM)' },
      { id: 'evening', label: 'Evening (5PM-7PM)' },
    ]);
  });

  it('has specialists with name, specialty, qualifications, experience, languages, bio and image', async () => {
    const specialists = await get('/api/mental-health/specialists');
    expect(specialists.length).toBeGreaterThanOrEqual(4);
    for (const specialist of specialists) {
      expect(Object.keys(specialist).sort()).toEqual(['bio', 'experience', 'id', 'image', 'languages', 'name', 'qualifications', 'specialty']);
      expect(specialist.languages.length).toBeGreaterThan(0);
      expect(specialist.bio).not.toBe('');
    }
  });

  it('has articles with title, category, author, date and excerpt', async () => {
    const articles = await get('/api/mental-health/articles');
    expect(articles.length).toBeGreaterThanOrEqual(3);
    for (const article of articles) {
      expect(article).toMatchObject({ title: expect.any(String), category: expect.any(String), author: expect.any(String), excerpt: expect.any(String) });
      expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('is served over tRPC too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/mentalHealth.sessionTypes' });
    expect(res.json().result.data.map((s: { price: number }) => s.price)).toEqual([7500, 9000, 12000]);
  });
});
