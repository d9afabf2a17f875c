import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Committed, so `npm run typecheck` checks the journey on a fresh clone before any test has run. */
export const API_TYPES_FILE = fileURLToPath(new URL('./nestling-api.d.ts', import.meta.url));

/**
 * The document's examples are dated from today (booking dates inside the window), so the app that
 * serves it for the committed types runs on a fixed clock: the file changes when the API does,
 * not every midnight.
 */
export const API_TYPES_CLOCK = new Date('2026-11-23T12:00:00Z');
export const createApiTypesApp = () => createTestApp({ seed: false, now: () => API_TYPES_CLOCK });

/**
 * The types for the document the app serves, exactly as `npx openapi-typescript <url> -o <file>`
 * with no flags writes them: the file an integrator would generate.
 */
export async function generateApiTypes(t: TestApp): Promise<string> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenAPI3;
  return COMMENT_HEADER + astToString(await openapiTS(document, { silent: true }));
}
