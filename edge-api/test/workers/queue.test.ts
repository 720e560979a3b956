import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloudflareJobQueue, MAX_DELAY_SECONDS } from '../../src/adapters/workers/cloudflare-job-queue';
import * as schema from '../../src/db/schema';
import { createWorkerHandler } from '../../src/entries/worker/handler';
import deployed from '../../src/entries/worker/index';
import { deadLetterKey, JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from '../../src/entries/worker/queue-consumer';
import { handleJob } from '../../src/jobs/handle-job';
import { runScheduled } from '../../src/jobs/schedule';
import { backoffSeconds, type JobMessage } from '../../src/ports/job-queue';

/**
 * The Worker's handlers over the real `handleJob`, wrapped so a test can make chosen jobs fail: a jobId starting
 * `throw-` makes the handler throw, `retry-` makes it answer retry; every other job runs the real handler. Calls are
 * recorded. The fetch/queue/scheduled code is the production code (`createWorkerHandler`), only the job is injected.
 */
const calls: { jobId: string; at: number }[] = [];
const worker = createWorkerHandler({
  runScheduled,
  handleJob: async (services, message) => {
    calls.push({ jobId: message.jobId, at: Date.now() });
    if (message.jobId.startsWith('throw-')) throw new Error(`provider exploded for ${message.jobId}`);
    if (message.jobId.startsWith('retry-')) return { kind: 'retry', reason: 'not yet' };
    return handleJob(services, message);
  },
});

/**
 * A batch as the runtime hands it over. `ExportedHandler<Env, JobMessage>` types bodies as what senders promise; the
 * wire carries whatever was sent, which is why the consumer validates, and why poison is built here with a cast.
 */
function jobBatch(queue: string, messages: ServiceBindingQueueMessage[]): MessageBatch<JobMessage> {
  return createMessageBatch(queue, messages) as MessageBatch<JobMessage>;
}

const purge = (jobId: string): JobMessage => ({ type: 'maintenance.purge', jobId, olderThanMs: 86_400_000 });
const msg = (id: string, body: unknown, attempts = 1) => ({
  id,
  timestamp: new Date('2026-04-20T10:00:00Z'),
  attempts,
  body,
});

afterEach(() => {
  calls.length = 0;
});

const db = drizzle(env.DB, { schema });

/** Finished jobs two days old (purged), a queued one as old (kept), and a finished one from just now (kept). */
async function seedJobs(): Promise<void> {
  const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const now = new Date().toISOString();
  const row = (id: string, status: 'queued' | 'done' | 'dead', at: string) => ({
    id,
    type: 'maintenance.purge',
    payload: '{}',
    status,
    runAt: at,
    createdAt: at,
    updatedAt: at,
  });
  await db
    .insert(schema.jobs)
    .values([
      row('job_old_done', 'done', old),
      row('job_old_dead', 'dead', old),
      row('job_old_queued', 'queued', old),
      row('job_recent_done', 'done', now),
    ])
    .onConflictDoNothing();
}

async function jobIds(): Promise<string[]> {
  const rows = await db.select({ id: schema.jobs.id }).from(schema.jobs).orderBy(schema.jobs.id);
  return rows.map((r) => r.id);
}

describe('queue consumer (main queue)', () => {
  it('settles each message on its own: a failing job is retried with backoff, the others are acked', async () => {
    const batch = jobBatch(JOBS_QUEUE, [
      msg('m-ok-1', purge('ok-1')),
      msg('m-throw', purge('throw-1'), 1),
      msg('m-invalid', { type: 'no.such.job', jobId: 'x' }),
      msg('m-retry', purge('retry-1'), 3),
      msg('m-ok-2', purge('ok-2'), 2),
      msg('m-garbage', 'not even an object'),
    ]);
    // getQueueResult reports which messages were retried but not their delay: watch retry() for that.
    const retries = new Map(batch.messages.map((m) => [m.id, vi.spyOn(m, 'retry')]));
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.outcome).toBe('ok');
    expect(result.ackAll).toBe(false);
    expect(result.retryBatch.retry).toBe(false);
    // Poison (invalid bodies) is acked, never retried; the good jobs are acked.
    expect([...result.explicitAcks].sort()).toEqual(['m-garbage', 'm-invalid', 'm-ok-1', 'm-ok-2']);
    // Only the failing ones are retried, each delayed by its own attempt's backoff.
    expect(result.retryMessages.map((r) => r.msgId).sort()).toEqual(['m-retry', 'm-throw']);
    expect(retries.get('m-throw')).toHaveBeenCalledExactlyOnceWith({ delaySeconds: backoffSeconds(1) });
    expect(retries.get('m-retry')).toHaveBeenCalledExactlyOnceWith({ delaySeconds: backoffSeconds(3) });
    expect(backoffSeconds(1)).toBe(10);
    expect(backoffSeconds(3)).toBe(40);
    for (const id of ['m-ok-1', 'm-ok-2', 'm-invalid', 'm-garbage']) expect(retries.get(id)).not.toHaveBeenCalled();
    // The handler saw each valid job once and never the invalid ones.
    expect(calls.map((c) => c.jobId).sort()).toEqual(['ok-1', 'ok-2', 'retry-1', 'throw-1']);
  });

  it('runs the real purge job from the deployed entry: finished jobs older than the cutoff leave D1', async () => {
    await seedJobs();
    const batch = jobBatch(JOBS_QUEUE, [msg('p-1', purge('purge-1')), msg('p-bad', { type: 'x' })]);
    const ctx = createExecutionContext();
    await deployed.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect([...result.explicitAcks].sort()).toEqual(['p-1', 'p-bad']);
    expect(result.retryMessages).toEqual([]);
    // done/dead older than a day: purged; queued (any age) and recent done: kept.
    expect(await jobIds()).toEqual(['job_old_queued', 'job_recent_done']);
  });

  it('records a dead-lettered job in R2 and acks it', async () => {
    const body = purge('throw-dead');
    const batch = jobBatch(JOBS_DEAD_LETTER_QUEUE, [msg('dead-1', body, 5), msg('dead-2', { junk: true }, 5)]);
    const ctx = createExecutionContext();
    await deployed.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect([...result.explicitAcks].sort()).toEqual(['dead-1', 'dead-2']);
    expect(result.retryMessages).toEqual([]);

    const key = deadLetterKey(JOBS_DEAD_LETTER_QUEUE, { id: 'dead-1', timestamp: new Date('2026-04-20T10:00:00Z') });
    expect(key).toBe('dead-letters/labeldesk-jobs-dlq/2026-04-20/dead-1.json');
    const stored = await env.BLOBS.get(key);
    expect(stored?.httpMetadata?.contentType).toBe('application/json');
    const record = (await stored?.json()) as Record<string, unknown>;
    expect(record).toMatchObject({
      messageId: 'dead-1',
      attempts: 5,
      valid: true,
      body,
      queue: JOBS_DEAD_LETTER_QUEUE,
    });
    const junk = await env.BLOBS.get('dead-letters/labeldesk-jobs-dlq/2026-04-20/dead-2.json');
    expect(junk).not.toBeNull();
    expect(((await junk?.json()) as Record<string, unknown> | undefined)?.valid).toBe(false);
  });

  it('retries a whole batch from a queue it does not know instead of dropping it', async () => {
    const batch = jobBatch('some-other-queue', [msg('o-1', purge('ok-x'))]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryBatch.retry).toBe(true);
    expect(result.explicitAcks).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('cloudflareJobQueue (producer binding JOBS) end to end', () => {
  /** Polls D1 until `done` holds or the time runs out. */
  async function waitFor(done: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
    const start = Date.now();
    while (!(await done())) {
      if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
      await scheduler.wait(25);
    }
    return Date.now();
  }
  const gone = (id: string) => async () => !(await jobIds()).includes(id);

  it('delivers a sent job to the deployed consumer, which purges D1; a delayed one waits its delay', async () => {
    const queue = cloudflareJobQueue(env.JOBS);
    await seedJobs();
    await queue.send(purge('e2e-now'));
    await waitFor(gone('job_old_done'), 10_000, 'the immediate purge');
    expect(await jobIds()).toEqual(['job_old_queued', 'job_recent_done']);

    await seedJobs();
    const sentAt = Date.now();
    // 3 s, so that the look 400 ms in still comes well before it on a loaded machine.
    await queue.sendBatch([purge('e2e-later')], { delaySeconds: 3 });
    await scheduler.wait(400);
    expect(await jobIds()).toContain('job_old_done'); // still held back
    const purgedAt = await waitFor(gone('job_old_done'), 10_000, 'the delayed purge');
    expect(purgedAt - sentAt).toBeGreaterThanOrEqual(2_900);
  });

  it('refuses an invalid job or delay at the sender', async () => {
    const queue = cloudflareJobQueue(env.JOBS);
    const bad = { type: 'maintenance.purge', jobId: 'x', olderThanMs: -1 } as JobMessage;
    await expect(queue.send(bad)).rejects.toThrow();
    await expect(queue.send(purge('ok-y'), { delaySeconds: MAX_DELAY_SECONDS + 1 })).rejects.toThrow(RangeError);
    await expect(queue.sendBatch([purge('ok-z')], { delaySeconds: -1 })).rejects.toThrow(RangeError);
  });
});
