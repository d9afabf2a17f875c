import { afterEach, expect } from 'vitest';
import { takeContractViolations } from './response-contract';

// Every REST answer a test received must be one the OpenAPI document declares (response-contract.ts).
afterEach(() => {
  expect(takeContractViolations(), 'answers the OpenAPI document does not declare').toEqual([]);
});
