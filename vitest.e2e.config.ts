import { defineConfig } from 'vitest/config';

// Browser journeys: a real Chromium against the production build served by `npm start`.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // One server and one browser: files run one after another.
    fileParallelism: false,
    // A limit against hangs, not a speed target (as in vitest.config.ts): the longest journeys
    // (daily-loop, the family's invitation with its scans) took 44-60 s in a slow CI run, where
    // the same took 16-23 s here.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
