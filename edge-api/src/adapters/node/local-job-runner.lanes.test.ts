import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { type JobMessage, type JobOutcome, MAX_JOB_ATTEMPTS } from '../../ports/job-queue';
import { WEBHOOK_CONCURRENCY_PER_ENDPOINT } from './job-lanes';
import { localJobRunner } from './local-job-runner';
import { jobRow, type TestServices, testServices, until } from './test-support';

const purge = (jobId: string): JobMessage => ({ type: 'maintenance.purge', jobId, olderThanMs: 1000 });

/** The Node runner's lanes: its slots, bulk rows per API, held webhook endpoints, deferrals that slow a lane. */
describe('localJobRunner lanes', () => {
  let t: TestServices;
  const seen: string[] = [];
  const silent = createLogger({ sink: () => {} });

  beforeEach(async () => {
    t = await testServices(new Date('2026-03-01T12:00:00.000Z'));
    seen.length = 0;
  });
  afterEach(() => t.cleanup());

  const row = (id: string) => jobRow(t.services, id);

  const bulkRow = (jobId: string, apiId: string): JobMessage => ({
    type: 'bulk.buy-row',
    jobId,
    bulkOrderId: 'blk_1',
    orderId: `ord_${jobId}`,
    apiId,
  });

  /** A handler that holds every job until released, recording how many ran at once (overall and per API). */
  function holdingHandler() {
    const state = { running: 0, peak: 0, peakByApi: new Map<string, number>(), byApi: new Map<string, number>() };
    const waiters: (() => void)[] = [];
    const handler = async (_s: unknown, m: JobMessage): Promise<JobOutcome> => {
      const api = m.type === 'bulk.buy-row' ? m.apiId : '-';
      state.running += 1;
      state.byApi.set(api, (state.byApi.get(api) ?? 0) + 1);
      state.peak = Math.max(state.peak, state.running);
      state.peakByApi.set(api, Math.max(state.peakByApi.get(api) ?? 0, state.byApi.get(api) ?? 0));
      await new Promise<void>((r) => waiters.push(r));
      state.running -= 1;
      state.byApi.set(api, (state.byApi.get(api) ?? 1) - 1);
      return { kind: 'ack' };
    };
    const releaseAll = () => {
      for (const w of waiters.splice(0)) w();
    };
    return { state, handler, releaseAll, waiting: () => waiters.length };
  }

  it('runs up to `concurrency` jobs at once, and at most `laneConcurrency` bulk rows of one API', async () => {
    const h = holdingHandler();
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      pollIntervalMs: 10,
      concurrency: 6,
      laneConcurrency: 2,
      handler: h.handler,
    });
    await t.services.queue.sendBatch([
      ...Array.from({ length: 6 }, (_, i) => bulkRow(`a${i}`, 'api_a')),
      ...Array.from({ length: 6 }, (_, i) => bulkRow(`b${i}`, 'api_b')),
      purge('p1'),
      purge('p2'),
    ]);
    runner.start();
    await until(() => h.waiting() === 6);
    await new Promise((r) => setTimeout(r, 50));
    // Jobs due at the same instant are claimed in the index's order (status, run_at, lane): the purges (no lane)
    // first, then 2 of api_a + 2 of api_b: the lanes are full, the rest waits for room.
    expect(h.state.running).toBe(6);
    expect(h.state.peakByApi.get('api_a')).toBe(2);
    expect(h.state.peakByApi.get('api_b')).toBe(2);
    for (let i = 0; i < 20 && h.waiting() > 0; i++) {
      h.releaseAll();
      await new Promise((r) => setTimeout(r, 30));
    }
    await until(async () => {
      h.releaseAll();
      const rows = await t.services.db.select().from(jobs);
      return rows.every((r) => r.status === 'done');
    });
    await runner.stop();
    expect(h.state.peak).toBe(6);
    expect(h.state.peakByApi.get('api_a')).toBe(2);
    expect(h.state.peakByApi.get('api_b')).toBe(2);
  });

  it('while a lane is full, a job queued for elsewhere starts as soon as it is queued, and the lane goes on', async () => {
    const h = holdingHandler();
    // No poll in this test's time: only a wake (what queueing a job does on Node) or a finished job claims again.
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      pollIntervalMs: 600_000,
      concurrency: 4,
      laneConcurrency: 1,
      handler: h.handler,
    });
    await t.services.queue.sendBatch(Array.from({ length: 3 }, (_, i) => bulkRow(`a${i}`, 'api_a')));
    runner.start();
    await until(() => h.waiting() === 1);
    // The runner has looked for work outside the full lane and found none; a job queued now is still seen.
    await t.services.queue.send(purge('p_late'));
    runner.wake();
    await until(() => h.waiting() === 2);
    expect(h.state.byApi.get('-')).toBe(1);
    expect(h.state.byApi.get('api_a')).toBe(1);
    // Each finished row frees the lane for the next, without a poll.
    await until(async () => {
      h.releaseAll();
      const rows = await t.services.db.select().from(jobs);
      return rows.every((r) => r.status === 'done');
    });
    await runner.stop();
    expect(h.state.peakByApi.get('api_a')).toBe(1);
  });

  const delivery = (jobId: string, endpointId: string): JobMessage => ({
    type: 'webhooks.deliver',
    jobId,
    messageId: `msg_${jobId}`,
    endpointId,
    attempt: 1,
    trigger: 'scheduled',
  });

  it(`a held webhook endpoint takes ${WEBHOOK_CONCURRENCY_PER_ENDPOINT} slots at most; another endpoint's deliveries run`, async () => {
    const held: (() => void)[] = [];
    let heldNow = 0;
    let heldPeak = 0;
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      pollIntervalMs: 10,
      concurrency: 8,
      handler: async (_s, m): Promise<JobOutcome> => {
        if (m.type === 'webhooks.deliver' && m.endpointId === 'whe_slow') {
          heldNow += 1;
          heldPeak = Math.max(heldPeak, heldNow);
          await new Promise<void>((r) => held.push(r));
          heldNow -= 1;
        }
        return { kind: 'ack' };
      },
    });
    // The slow endpoint's deliveries are queued first, ahead of the healthy endpoint's.
    await t.services.queue.sendBatch([
      ...Array.from({ length: 12 }, (_, i) => delivery(`s${i}`, 'whe_slow')),
      ...Array.from({ length: 5 }, (_, i) => delivery(`h${i}`, 'whe_ok')),
    ]);
    runner.start();
    await until(async () => {
      const rows = await t.services.db.select().from(jobs);
      return rows.filter((r) => r.id.startsWith('h') && r.status === 'done').length === 5;
    });
    expect(heldPeak).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    expect(runner.active()).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    await until(async () => {
      for (const release of held.splice(0)) release();
      const rows = await t.services.db.select().from(jobs);
      return rows.every((r) => r.status === 'done');
    });
    await runner.stop();
    expect(heldPeak).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
  });

  it('a deferral (retry with delaySeconds) waits that long, never counts as an attempt, and slows the lane', async () => {
    const logs: string[] = [];
    let calls = 0;
    const runner = localJobRunner({
      services: t.services,
      log: createLogger({ sink: (_level, line) => logs.push(line) }),
      laneConcurrency: 4,
      handler: async (): Promise<JobOutcome> => {
        calls += 1;
        return calls <= MAX_JOB_ATTEMPTS + 2
          ? { kind: 'retry', reason: 'rate limited', delaySeconds: 7, slowDown: true }
          : { kind: 'ack' };
      },
    });
    await t.services.queue.send(bulkRow('r1', 'api_a'));
    for (let i = 0; i < MAX_JOB_ATTEMPTS + 2; i++) {
      expect(await runner.runOnce()).toBe(true);
      const r = await row('r1');
      expect(r).toMatchObject({ status: 'queued', attempts: 0, lastError: 'rate limited' });
      expect(r?.runAt).toBe(new Date(t.clock.now().getTime() + 7000).toISOString());
      expect(await runner.runOnce()).toBe(false);
      t.clock.advance(7000);
    }
    expect(await runner.runOnce()).toBe(true);
    expect(await row('r1')).toMatchObject({ status: 'done', attempts: 1 });
    const slowed = logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'jobs.lane_rate_limited');
    expect(slowed.map((l) => [l.lane, l.concurrency, l.component])).toEqual([
      ['api_a', 2, 'jobs'],
      ['api_a', 1, 'jobs'],
    ]);
  });
});
