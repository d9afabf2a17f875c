import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { API_TYPES_FILE, createApiTypesApp, generateApiTypes } from './api-types';

let t: TestApp;
beforeAll(async () => {
  t = await createApiTypesApp();
});
afterAll(() => t?.close());

/** Where two texts first differ, as a short note rather than a 6,000-line diff. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `First difference at line ${at + 1}:\n  committed: ${a[at]?.trim() ?? '(end of file)'}\n  generated: ${b[at]?.trim() ?? '(end of file)'}`;
}

describe('the committed client types (tests/integrator/nestling-api.d.ts)', () => {
  it('are what openapi-typescript generates from the document the server serves', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8').catch(() => '');
    const generated = await generateApiTypes(t);
    const stale = committed === generated ? '' : `The OpenAPI document changed: run npm run api:types and commit the file. ${firstDifference(committed, generated)}`;
    expect(stale).toBe('');
  });
});
