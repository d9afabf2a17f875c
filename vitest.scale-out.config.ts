import { defineConfig } from 'vitest/config';

// Three app processes behind HAProxy on a fresh PostgreSQL database (tests/scale-out/cluster.ts).
export default defineConfig({
  test: {
    include: ['tests/scale-out/**/*.scale-out.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
