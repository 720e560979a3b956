import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { unstable_readConfig } from 'wrangler';

/**
 * Worker tests run inside workerd (the vitest workers pool) against the real bindings declared in wrangler.jsonc:
 * D1 with the drizzle-kit migrations applied, the RateLimiter Durable Object, Queues and R2, all local; each test file
 * starts from an empty database. The main module is the Worker entry, so `exports.default` / SELF is the deployed handler.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  // The cron expressions wrangler.jsonc deploys, so the tests fire exactly those at the scheduled handler.
  const crons = unstable_readConfig({ config: path.join(import.meta.dirname, 'wrangler.jsonc') }).triggers.crons ?? [];
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.jsonc' },
        miniflare: {
          bindings: {
            // Test-only secrets (wrangler.jsonc names no secret values; deployments set them with wrangler secret put).
            JWT_SECRET: 'workers-test-secret-0123456789abcdef0123456789abcdef',
            PROVIDER_KEY_SECRET: 'workers-test-provider-key-secret-0123456789abcdef',
            API_KEY_SECRET: 'workers-test-api-key-secret-0123456789abcdef0123',
            TEST_MIGRATIONS: migrations,
            TEST_CRONS: crons,
          },
          // Same consumers as wrangler.jsonc, but delivering after 50 ms instead of 5 s (an entry here replaces the
          // wrangler one whole, so every setting is repeated).
          queueConsumers: {
            'labeldesk-jobs': {
              maxBatchSize: 5,
              maxConcurrency: 4,
              maxBatchTimeout: 0.05,
              maxRetries: 4,
              deadLetterQueue: 'labeldesk-jobs-dlq',
            },
            'labeldesk-jobs-dlq': { maxBatchSize: 10, maxBatchTimeout: 0.05, maxRetries: 2 },
          },
        },
      }),
    ],
    test: {
      name: 'workers',
      include: ['test/workers/**/*.test.ts'],
      globalSetup: ['./test/workers/node/global-setup.ts'],
      setupFiles: ['./test/workers/apply-migrations.ts'],
      // One runtime for every file instead of one per file (its start-up took 7 s a file, 155 s of the layer); each
      // file still starts from an empty database (apply-migrations.ts).
      isolate: false,
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
