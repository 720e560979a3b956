import { createApp } from '../../app';
import type { Services } from '../../env';
import { handleJob } from '../../jobs/handle-job';
import { runScheduled } from '../../jobs/schedule';
import type { JobMessage } from '../../ports/job-queue';
import { consumeDeadLetters, consumeJobs, JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from './queue-consumer';
import { servicesFor, WorkerConfigError } from './services';

export { RateLimiter } from '../../adapters/workers/durable-object-rate-limiter';

type App = ReturnType<typeof createApp>;

/** The Hono app of this isolate, built once per env object over that env's services. */
const apps = new WeakMap<Env, App>();

function appFor(env: Env): App {
  let app = apps.get(env);
  if (app === undefined) {
    const services: Services = servicesFor(env);
    app = createApp({ services: () => services });
    apps.set(env, app);
  }
  return app;
}

/** A misconfigured Worker answers every request with the house 500 body; the issues go to the log only. */
function misconfigured(err: WorkerConfigError): Response {
  console.error(JSON.stringify({ level: 'error', msg: 'worker.misconfigured', issues: err.issues }));
  return Response.json(
    { error: { code: 'internal_error', message: 'Internal server error', details: [] } },
    { status: 500 },
  );
}

export default {
  async fetch(request, env, ctx) {
    let app: App;
    try {
      app = appFor(env);
    } catch (err) {
      if (err instanceof WorkerConfigError) return misconfigured(err);
      throw err;
    }
    return app.fetch(request, env, ctx);
  },

  async queue(batch, env) {
    const services = servicesFor(env);
    switch (batch.queue) {
      case JOBS_QUEUE:
        await consumeJobs(batch, services, handleJob);
        return;
      case JOBS_DEAD_LETTER_QUEUE:
        await consumeDeadLetters(batch, services);
        return;
      default:
        // A queue this Worker was not written for: keep the messages (they reach that queue's DLQ eventually).
        console.error(JSON.stringify({ level: 'error', msg: 'queue.unknown', queue: batch.queue }));
        batch.retryAll();
    }
  },

  async scheduled(controller, env, ctx) {
    const services = servicesFor(env);
    ctx.waitUntil(runScheduled(services, controller.cron));
  },
} satisfies ExportedHandler<Env, JobMessage>;
