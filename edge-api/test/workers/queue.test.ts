import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloudflareJobQueue, MAX_DELAY_SECONDS } from '../../src/adapters/workers/cloudflare-job-queue';
import worker from '../../src/entries/worker/index';
import { deadLetterKey, JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from '../../src/entries/worker/queue-consumer';
import { backoffSeconds, type JobMessage } from '../../src/ports/job-queue';

/**
 * The real `handleJob`, wrapped so a test can make chosen jobs fail: a jobId starting `throw-` makes the handler
 * throw, `retry-` makes it answer retry; every other job runs the real handler. Every call is recorded. The Worker
 * entry imports the same module, so the consumer under test runs this wrapper.
 */
const calls = vi.hoisted(() => [] as { jobId: string; at: number }[]);
vi.mock('../../src/jobs/handle-job', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/jobs/handle-job')>();
  const handleJob: typeof real.handleJob = async (services, message) => {
    calls.push({ jobId: message.jobId, at: Date.now() });
    if (message.jobId.startsWith('throw-')) throw new Error(`provider exploded for ${message.jobId}`);
    if (message.jobId.startsWith('retry-')) return { kind: 'retry', reason: 'not yet' };
    return real.handleJob(services, message);
  };
  return { ...real, handleJob };
});

const purge = (jobId: string): JobMessage => ({ type: 'maintenance.purge', jobId, olderThanMs: 86_400_000 });
const msg = (id: string, body: unknown, attempts = 1) => ({ id, timestamp: new Date('2026-04-20T10:00:00Z'), attempts, body });

afterEach(() => {
  calls.length = 0;
});

describe('queue consumer (main queue)', () => {
  it('settles each message on its own: a failing job is retried with backoff, the others are acked', async () => {
    const batch = createMessageBatch(JOBS_QUEUE, [
      msg('m-ok-1', purge('ok-1')),
      msg('m-throw', purge('throw-1'), 1),
      msg('m-invalid', { type: 'no.such.job', jobId: 'x' }),
      msg('m-retry', purge('retry-1'), 3),
      msg('m-ok-2', purge('ok-2'), 2),
      msg('m-garbage', 'not even an object'),
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.outcome).toBe('ok');
    expect(result.ackAll).toBe(false);
    expect(result.retryBatch.retry).toBe(false);
    // Poison (invalid bodies) is acked, never retried; the good jobs are acked.
    expect([...result.explicitAcks].sort()).toEqual(['m-garbage', 'm-invalid', 'm-ok-1', 'm-ok-2']);
    // Only the failing ones are retried, each delayed by its own attempt's backoff.
    expect([...result.retryMessages].sort((a, b) => a.msgId.localeCompare(b.msgId))).toEqual([
      { msgId: 'm-retry', delaySeconds: backoffSeconds(3) },
      { msgId: 'm-throw', delaySeconds: backoffSeconds(1) },
    ]);
    expect(backoffSeconds(1)).toBe(10);
    expect(backoffSeconds(3)).toBe(40);
    // The handler saw each valid job once and never the invalid ones.
    expect(calls.map((c) => c.jobId).sort()).toEqual(['ok-1', 'ok-2', 'retry-1', 'throw-1']);
  });

  it('records a dead-lettered job in R2 and acks it', async () => {
    const body = purge('throw-dead');
    const batch = createMessageBatch(JOBS_DEAD_LETTER_QUEUE, [msg('dead-1', body, 5), msg('dead-2', { junk: true }, 5)]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect([...result.explicitAcks].sort()).toEqual(['dead-1', 'dead-2']);
    expect(result.retryMessages).toEqual([]);
    expect(calls).toEqual([]); // dead jobs are not run again

    const key = deadLetterKey(JOBS_DEAD_LETTER_QUEUE, { id: 'dead-1', timestamp: new Date('2026-04-20T10:00:00Z') });
    expect(key).toBe('dead-letters/labeldesk-jobs-dlq/2026-04-20/dead-1.json');
    const stored = await env.BLOBS.get(key);
    expect(stored?.httpMetadata?.contentType).toBe('application/json');
    const record = (await stored?.json()) as Record<string, unknown>;
    expect(record).toMatchObject({ messageId: 'dead-1', attempts: 5, valid: true, body, queue: JOBS_DEAD_LETTER_QUEUE });
    const junk = await env.BLOBS.get('dead-letters/labeldesk-jobs-dlq/2026-04-20/dead-2.json');
    expect(((await junk?.json()) as Record<string, unknown>).valid).toBe(false);
  });

  it('retries a whole batch from a queue it does not know instead of dropping it', async () => {
    const batch = createMessageBatch('some-other-queue', [msg('o-1', purge('ok-x'))]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryBatch.retry).toBe(true);
    expect(result.explicitAcks).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('cloudflareJobQueue (producer binding JOBS) end to end', () => {
  async function waitForCalls(jobIds: string[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!jobIds.every((id) => calls.some((c) => c.jobId === id))) {
      if (Date.now() > deadline) throw new Error(`jobs not delivered: ${jobIds.join(', ')}; saw ${JSON.stringify(calls)}`);
      await scheduler.wait(25);
    }
  }

  it('delivers sent jobs to the Worker consumer, and holds a delayed one back', async () => {
    const queue = cloudflareJobQueue(env.JOBS);
    const sentAt = Date.now();
    await queue.send(purge('ok-now'));
    await queue.send(purge('ok-later'), { delaySeconds: 1 });
    await queue.sendBatch([purge('ok-b1'), purge('ok-b2')]);
    await waitForCalls(['ok-now', 'ok-b1', 'ok-b2'], 10_000);
    expect(calls.some((c) => c.jobId === 'ok-later')).toBe(false);
    await waitForCalls(['ok-later'], 10_000);
    const later = calls.find((c) => c.jobId === 'ok-later');
    expect((later?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(900);
  });

  it('refuses an invalid job or delay at the sender', async () => {
    const queue = cloudflareJobQueue(env.JOBS);
    const bad = { type: 'maintenance.purge', jobId: 'x', olderThanMs: -1 } as JobMessage;
    await expect(queue.send(bad)).rejects.toThrow();
    await expect(queue.send(purge('ok-y'), { delaySeconds: MAX_DELAY_SECONDS + 1 })).rejects.toThrow(RangeError);
    await expect(queue.sendBatch([purge('ok-z')], { delaySeconds: -1 })).rejects.toThrow(RangeError);
  });
});
