import { handleJob } from '../../jobs/handle-job';
import { runScheduled } from '../../jobs/schedule';
import type { JobMessage } from '../../ports/job-queue';
import { createWorkerHandler } from './handler';

/** The Durable Object classes this Worker hosts (wrangler.jsonc `durable_objects`). */
export { RateLimiter } from '../../adapters/workers/durable-object-rate-limiter';

const handler = createWorkerHandler({ handleJob, runScheduled });

/** Cloudflare Workers entry: HTTP (the Hono app), the job queues and the cron trigger. */
export default {
  fetch: handler.fetch,
  queue: handler.queue,
  scheduled: handler.scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
