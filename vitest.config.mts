import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The end-to-end suite runs twice, against both builds of the CLI: the Node
// CLI (bin/, the npm package) and the Bun-compiled binary (build/chord-patch).
// test/support/cli.ts starts whichever CHORD_PATCH_TEST_RUNTIME names.
const E2E = 'test/e2e/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // One worker per core, where vitest leaves one core free: the end-to-end
    // tests mostly wait on the processes they start, which then use that core.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [E2E] } },
      {
        extends: true,
        test: {
          name: 'node',
          include: [E2E],
          exclude: ['test/e2e/binary.test.ts'],
          env: { CHORD_PATCH_TEST_RUNTIME: 'node' },
          globalSetup: ['test/support/node-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'binary',
          include: [E2E],
          env: { CHORD_PATCH_TEST_RUNTIME: 'binary' },
          globalSetup: ['test/support/binary-setup.ts'],
        },
      },
    ],
  },
});
