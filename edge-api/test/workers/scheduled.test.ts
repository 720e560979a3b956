import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import deployed from '../../src/entries/worker/index';

/** A finished local job from two days ago: what the periodic purge removes. */
async function seedOldFinishedJob(id: string): Promise<void> {
  const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
  await env.DB.prepare(
    `INSERT INTO jobs (id, type, payload, status, attempts, run_at, created_at, updated_at)
     VALUES (?, 'maintenance.purge', '{}', 'done', 1, ?, ?, ?)`,
  )
    .bind(id, old, old, old)
    .run();
}

const jobExists = async (id: string) =>
  (await env.DB.prepare('SELECT 1 AS x FROM jobs WHERE id = ?').bind(id).first()) !== null;

async function tick(cron: string): Promise<void> {
  const ctx = createExecutionContext();
  await deployed.scheduled(createScheduledController({ cron, scheduledTime: new Date() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe('scheduled (cron trigger)', () => {
  it('the wrangler.jsonc cron enqueues the purge job, which the queue consumer runs against D1', async () => {
    expect(env.TEST_CRONS).toHaveLength(1);
    await seedOldFinishedJob('job_cron_old');
    await tick(env.TEST_CRONS[0] as string);
    // The job travels through the real JOBS queue to this Worker's consumer.
    const deadline = Date.now() + 10_000;
    while (await jobExists('job_cron_old')) {
      if (Date.now() > deadline) throw new Error('the purge job enqueued by the cron never ran');
      await scheduler.wait(25);
    }
  });

  it('enqueues nothing for a cron expression it does not know', async () => {
    await seedOldFinishedJob('job_other_cron');
    await tick('0 3 * * *');
    await scheduler.wait(1_000); // several consumer batch windows (50 ms in tests)
    expect(await jobExists('job_other_cron')).toBe(true);
  });
});
