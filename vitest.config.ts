import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Fails any test whose REST answers the OpenAPI document does not declare.
    setupFiles: ['tests/helpers/response-contract-setup.ts'],
    // Each test database is a copy of one migrated before the files start.
    globalSetup: ['tests/helpers/database-template.ts'],
    // Each file opens its own database (a PGlite instance takes seconds and ~600 MB): two at a time on two cores.
    pool: 'forks',
    maxWorkers: 2,
    // Generous: scrypt sign-ins and extra PGlite instances are slow on two busy cores. These are
    // limits against hangs, not speed targets (those live in bench/).
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
