import { env } from 'cloudflare:workers';
import { handleJob } from '../../jobs/handle-job';
import { runScheduled } from '../../jobs/schedule';
import { createLogger } from '../../lib/logger';
import type { JobMessage } from '../../ports/job-queue';
import { createWorkerHandler } from './handler';
import { workerConfigIssues } from './services';

/** The Durable Object classes this Worker hosts (wrangler.jsonc `durable_objects`). */
export { RateLimiter } from '../../adapters/workers/durable-object-rate-limiter';

// At start-up (module evaluation, before any request): a missing or invalid variable or secret is logged by name, so
// `wrangler dev` and the deployment's logs say what to set before anyone meets the 500s it causes.
const startupIssues = workerConfigIssues(env);
if (startupIssues.length > 0) {
  createLogger().error('worker.misconfigured', {
    hint: 'every request answers 500 until these are set (wrangler secret put NAME; locally .dev.vars)',
    issues: startupIssues.map((i) => `${i.name}: ${i.message}`),
  });
}

const handler = createWorkerHandler({ handleJob, runScheduled });

/** Cloudflare Workers entry: HTTP (the Hono app), the job queues and the cron trigger. */
export default {
  fetch: handler.fetch,
  queue: handler.queue,
  scheduled: handler.scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
