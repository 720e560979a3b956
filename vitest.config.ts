import { defineConfig } from 'vitest/config';

/**
 * Node-side test layers. Worker tests run in the workers pool (edge-api/vitest.workers.config.ts); e2e runs through
 * scripts/run-e2e.mjs against the embedded default in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'edge-api/src/**/*.test.ts', 'shell/src/**/*.test.ts', 'mfe-*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['edge-api/test/integration/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
