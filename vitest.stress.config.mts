import { defineConfig } from 'vitest/config';

// `npm run stress`: the big commit-safety harness runs (test/stress/), one file
// at a time so their processes do not compete with each other for the cores.
// `npm run stress -- kill` runs only the harnesses whose file name matches.
export default defineConfig({
  test: {
    include: ['test/stress/**/*.stress.ts'],
    fileParallelism: false,
    testTimeout: 1_800_000,
  },
});
