import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import type { JobMessage, JobOutcome, LaneSignal } from '../../ports/job-queue';
import { WEBHOOK_CONCURRENCY_PER_ENDPOINT, WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT } from './job-lanes';
import { localJobRunner } from './local-job-runner';
import { type TestServices, testServices, until } from './test-support';

/** The Node runner's webhook deliveries: a slot pool of their own, and per-endpoint lanes that adapt. */

const silent = createLogger({ sink: () => {} });
const purge = (jobId: string): JobMessage => ({ type: 'maintenance.purge', jobId, olderThanMs: 1000 });
const delivery = (jobId: string, endpointId: string): JobMessage => ({
  type: 'webhooks.deliver',
  jobId,
  messageId: `msg_${jobId}`,
  endpointId,
  attempt: 1,
  trigger: 'scheduled',
});

/** Lets the runner claim whatever it may claim now (a few event-loop turns, each job starts in a turn of its own). */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

/**
 * A handler that holds every job until released with the signal its endpoint "answered" with, and counts the jobs
 * running at once per key (the endpoint, or `-` for other jobs).
 */
function holdingHandler() {
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const held = new Map<string, ((signal: LaneSignal | undefined) => void)[]>();
  const keyOf = (m: JobMessage) => (m.type === 'webhooks.deliver' ? m.endpointId : '-');
  const handler = async (_s: unknown, m: JobMessage): Promise<JobOutcome> => {
    const key = keyOf(m);
    running.set(key, (running.get(key) ?? 0) + 1);
    peak.set(key, Math.max(peak.get(key) ?? 0, running.get(key) ?? 0));
    const signal = await new Promise<LaneSignal | undefined>((r) => held.set(key, [...(held.get(key) ?? []), r]));
    running.set(key, (running.get(key) ?? 1) - 1);
    return signal ? { kind: 'ack', lane: signal } : { kind: 'ack' };
  };
  return {
    handler,
    peak: (key: string) => peak.get(key) ?? 0,
    waiting: (key: string) => held.get(key)?.length ?? 0,
    release(key: string, signal?: LaneSignal) {
      const waiters = held.get(key) ?? [];
      held.set(key, []);
      for (const w of waiters) w(signal);
      return waiters.length;
    },
  };
}

describe('localJobRunner: webhook deliveries', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-03-01T12:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

  const done = async () => (await t.services.db.select().from(jobs)).every((r) => r.status === 'done');

  it('have slots of their own: held deliveries do not keep other jobs out, and busy jobs do not keep deliveries out', async () => {
    const h = holdingHandler();
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      pollIntervalMs: 600_000,
      concurrency: 1,
      webhookConcurrency: 3,
      handler: h.handler,
    });
    // Three endpoints fill the webhook pool (2 + 1), queued ahead of two other jobs.
    await t.services.queue.sendBatch([
      delivery('a1', 'we_a'),
      delivery('a2', 'we_a'),
      delivery('b1', 'we_b'),
      delivery('c1', 'we_c'),
    ]);
    await t.services.queue.sendBatch([purge('p1'), purge('p2')]);
    runner.start();
    await until(() => h.waiting('we_a') === 2 && h.waiting('we_b') === 1 && h.waiting('-') === 1);
    await settle();
    // The webhook pool is full (3): we_c waits though its lane is free; the other pool runs its one job.
    expect([h.waiting('we_c'), h.waiting('-'), runner.active()]).toEqual([0, 1, 4]);

    // The other job's slot frees: the next other job takes it, not a delivery.
    h.release('-');
    await until(() => h.waiting('-') === 1);
    await settle();
    expect(h.waiting('we_c')).toBe(0);
    // A delivery's slot frees: the waiting delivery takes it.
    h.release('we_b');
    await until(() => h.waiting('we_c') === 1);

    await until(async () => {
      for (const key of ['we_a', 'we_b', 'we_c', '-']) h.release(key);
      return done();
    });
    await runner.stop();
    expect(h.peak('-')).toBe(1);
  });

  it('an endpoint answering well and fast earns parallel deliveries up to the ceiling; one slow answer: the floor', async () => {
    const h = holdingHandler();
    const runner = localJobRunner({ services: t.services, log: silent, pollIntervalMs: 600_000, handler: h.handler });
    const waves = [2, 4, 8, 16, 16];
    const total = waves.reduce((a, b) => a + b, 0) + 5;
    await t.services.queue.sendBatch(Array.from({ length: total }, (_, i) => delivery(`f${i}`, 'we_fast')));
    runner.start();
    // Each wave answered healthy lets the next one be as large as the limit it earned: 2 → 4 → 8 → 16 (the ceiling).
    for (const size of waves) {
      await until(() => h.waiting('we_fast') === size);
      await settle();
      expect(h.waiting('we_fast')).toBe(size);
      h.release('we_fast', 'healthy');
    }
    expect(h.peak('we_fast')).toBe(WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT);
    // The last 5 run at once; they answer badly (a failure, a timeout or a slow answer): back to the floor, so of the
    // next deliveries only that many run at once.
    await until(() => h.waiting('we_fast') === 5);
    h.release('we_fast', 'struggling');
    await until(done);
    await t.services.queue.sendBatch(Array.from({ length: 6 }, (_, i) => delivery(`g${i}`, 'we_fast')));
    runner.wake();
    await until(() => h.waiting('we_fast') === WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    await settle();
    expect(h.waiting('we_fast')).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    await until(async () => {
      h.release('we_fast');
      return done();
    });
    await runner.stop();
  });

  it('a slow or failing endpoint never holds more than the floor, while a healthy one beside it grows', async () => {
    const h = holdingHandler();
    const runner = localJobRunner({ services: t.services, log: silent, pollIntervalMs: 600_000, handler: h.handler });
    // The slow endpoint's deliveries first, as when its backlog is the oldest.
    await t.services.queue.sendBatch(Array.from({ length: 30 }, (_, i) => delivery(`s${i}`, 'we_slow')));
    await t.services.queue.sendBatch(Array.from({ length: 30 }, (_, i) => delivery(`f${i}`, 'we_fast')));
    runner.start();
    await until(() => h.waiting('we_slow') === 2 && h.waiting('we_fast') === 2);
    for (let round = 0; round < 4; round++) {
      h.release('we_slow', 'struggling');
      h.release('we_fast', 'healthy');
      await until(() => h.waiting('we_slow') === 2);
      await settle();
    }
    expect(h.peak('we_slow')).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    expect(h.peak('we_fast')).toBeGreaterThan(8);
    await until(async () => {
      h.release('we_slow', 'struggling');
      h.release('we_fast', 'healthy');
      return done();
    });
    await runner.stop();
    expect(h.peak('we_slow')).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
  });
});
