import { defineConfig } from 'vitest/config';

// Browser journeys: a real Chromium against the production build served by `npm start`.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // One server and one browser: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
