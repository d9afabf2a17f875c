import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// Service time zone UTC (tests/helpers/test-app): today is 2026-11-21.
const NOW = new Date('2026-11-21T15:00:00Z');
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  cookie = await t.cookieFor(demoAccounts.parent);
});
afterAll(() => t?.close());

async function addChild(name: string, dateOfBirth: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/children', headers: { cookie, 'content-type': 'application/json' }, payload: { name, dateOfBirth } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('ageMonths', () => {
  it.each([
    ['2 years 3 months ago', '2024-08-21', 27, '2 years'],
    ['a day short of 2 years 3 months', '2024-08-22', 26, '2 years'],
    ['18 months ago', '2025-05-21', 18, '18 months'],
    ['today', '2026-11-21', 0, '0 months'],
  ])('is the whole months of a child born %s, beside the display age', async (_when, dateOfBirth, ageMonths, age) => {
    const created = await addChild(`Born ${dateOfBirth}`, dateOfBirth);
    expect(created).toMatchObject({ ageMonths, age });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/children', headers: { cookie } })).json() as { id: number }[];
    expect(listed.find((child) => child.id === created.id)).toMatchObject({ ageMonths, age });
  });
});
