import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      /** The drizzle-kit migrations, read in vitest.workers.config.ts and applied by apply-migrations.ts. */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
