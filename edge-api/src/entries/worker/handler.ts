import type { ErrorBody } from '@labeldesk/contracts';
import { createApp } from '../../app';
import type { Services } from '../../env';
import { createLogger } from '../../lib/logger';
import type { JobMessage } from '../../ports/job-queue';
import { consumeDeadLetters, consumeJobs, JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE, type JobHandler } from './queue-consumer';
import { forInvocation, servicesFor, WorkerConfigError } from './services';

export interface WorkerDeps {
  /** Runs one job (src/jobs/handle-job.ts in production). */
  handleJob: JobHandler;
  /** Enqueues the periodic jobs of a cron expression (src/jobs/schedule.ts in production). */
  runScheduled: (services: Services, cron: string) => Promise<unknown>;
}

type App = ReturnType<typeof createApp>;

/** What a misconfigured Worker tells callers: not why (that is for the operator), but that it is not a passing fault. */
export const MISCONFIGURED_MESSAGE =
  'The server is misconfigured; its operator will find what to set in the Worker log';

/**
 * A misconfigured Worker answers every request 500 in the house shape; the log names each missing or invalid variable
 * and what is wrong with it (never a value). Callers are not told which secret is missing or too short.
 */
function misconfigured(err: WorkerConfigError): Response {
  // No services without a valid configuration: a logger of its own.
  createLogger().error('worker.misconfigured', {
    missingOrInvalid: err.names,
    issues: err.issues.map((i) => `${i.name}: ${i.message}`),
  });
  return Response.json(
    { error: { code: 'internal_error', message: MISCONFIGURED_MESSAGE, details: [] } } satisfies ErrorBody,
    { status: 500 },
  );
}

/**
 * The Worker's handlers over its job functions (injected so tests can drive the real consumer with a job that fails).
 * Services and the Hono app are built once per isolate: workerd hands every invocation the same `env` object.
 */
export function createWorkerHandler(deps: WorkerDeps) {
  const apps = new WeakMap<Env, App>();
  const appFor = (env: Env): App => {
    let app = apps.get(env);
    if (app === undefined) {
      const services = servicesFor(env);
      app = createApp({ services: (c) => forInvocation(services, c.executionCtx) });
      apps.set(env, app);
    }
    return app;
  };

  return {
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

    async queue(batch, env, ctx) {
      const services = forInvocation(servicesFor(env), ctx);
      switch (batch.queue) {
        case JOBS_QUEUE:
          await consumeJobs(batch, services, deps.handleJob);
          return;
        case JOBS_DEAD_LETTER_QUEUE:
          await consumeDeadLetters(batch, services);
          return;
        default:
          // A queue this Worker was not written for: keep the messages (they reach that queue's DLQ eventually).
          servicesFor(env).log.error('queue.unknown', { queue: batch.queue });
          batch.retryAll();
      }
    },

    async scheduled(controller, env, ctx) {
      const services = forInvocation(servicesFor(env), ctx);
      ctx.waitUntil(deps.runScheduled(services, controller.cron));
    },
  } satisfies ExportedHandler<Env, JobMessage>;
}
