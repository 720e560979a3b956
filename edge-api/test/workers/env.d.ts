import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      /** The drizzle-kit migrations, read in vitest.workers.config.ts and applied by apply-migrations.ts. */
      TEST_MIGRATIONS: D1Migration[];
      /** `triggers.crons` of wrangler.jsonc. */
      TEST_CRONS: string[];
    }
  }

  // `cloudflare:test` (vitest-pool-workers types) names these, but `wrangler types` only emits them with experimental
  // compatibility flags; shapes as in @cloudflare/workers-types/experimental.
  interface QueueRetryBatch {
    retry: boolean;
    delaySeconds?: number;
  }
  interface QueueRetryMessage {
    msgId: string;
    delaySeconds?: number;
  }
  interface FetcherQueueResult {
    outcome: string;
    ackAll: boolean;
    retryBatch: QueueRetryBatch;
    explicitAcks: string[];
    retryMessages: QueueRetryMessage[];
  }
  type ServiceBindingQueueMessage<Body = unknown> = { id: string; timestamp: Date; attempts: number } & (
    | { body: Body }
    | { serializedBody: ArrayBuffer | ArrayBufferView }
  );
  interface FetcherScheduledOptions {
    scheduledTime?: Date;
    cron?: string;
  }
}
