import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The README's versioning policy, held to: the OpenAPI document's version is the newest release
 * in CHANGELOG.md, releases are dated and newest first, and unreleased changes have a place.
 */

const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const releases = [...changelog.matchAll(/^## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => ({
  version: [Number(m[1]), Number(m[2]), Number(m[3])] as const,
  date: m[4]!,
}));
const newer = (a: readonly number[], b: readonly number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('API versioning', () => {
  it("gives the OpenAPI document the newest release's version", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(releases.length).toBeGreaterThan(0);
    expect(doc.info.version).toBe(releases[0]!.version.join('.'));
  });

  it('keeps an Unreleased section above the releases, and lists releases newest first with their dates', () => {
    const unreleased = changelog.indexOf('## [Unreleased]');
    expect(unreleased).toBeGreaterThan(-1);
    expect(unreleased).toBeLessThan(changelog.indexOf(`## [${releases[0]!.version.join('.')}]`));
    for (let i = 1; i < releases.length; i++) {
      expect(newer(releases[i - 1]!.version, releases[i]!.version)).toBeGreaterThan(0);
      expect(releases[i - 1]!.date >= releases[i]!.date).toBe(true);
    }
    for (const { date } of releases) expect(Number.isNaN(Date.parse(date))).toBe(false);
  });

  it('serves /api as the major version the README promises', () => {
    const major = releases[0]!.version[0];
    expect(readme).toMatch(new RegExp(`\`/api\` is version ${major}\\b`));
    expect(readme).toContain('[CHANGELOG.md](CHANGELOG.md)');
  });
});
