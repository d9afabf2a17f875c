import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let problems: NormalizedProblem[];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const source = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  // The same rules as `npx @redocly/cli lint --extends=recommended`, with no redocly.yaml to loosen them.
  const config = await createConfig({ extends: ['recommended'] });
  problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
});
afterAll(() => t?.close());

/** One line per problem, so a failing run says what to fix and where. */
function describeProblems(list: NormalizedProblem[]): string {
  return list.map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`).join('\n');
}

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it('has no errors', () => {
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.length, `Redocly errors:\n${describeProblems(errors)}\n`).toBe(0);
  });
});
