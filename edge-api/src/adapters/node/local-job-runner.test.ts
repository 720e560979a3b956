import type { InStatement, ResultSet } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { batch } from '../../ports/database';
import { backoffSeconds, type JobMessage, type JobOutcome, MAX_JOB_ATTEMPTS } from '../../ports/job-queue';
import { localJobRunner } from './local-job-runner';
import { jobRow, type TestServices, testServices, until } from './test-support';

const purge = (jobId: string): JobMessage => ({ type: 'maintenance.purge', jobId, olderThanMs: 1000 });

describe('localJobRunner', () => {
  let t: TestServices;
  const seen: string[] = [];
  const silent = createLogger({ sink: () => {} });

  beforeEach(async () => {
    t = await testServices(new Date('2026-03-01T12:00:00.000Z'));
    seen.length = 0;
  });
  afterEach(() => t.cleanup());

  const row = (id: string) => jobRow(t.services, id);

  it('runs a due job through the handler and marks it done', async () => {
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      handler: async (_s, m) => {
        seen.push(m.jobId);
        return { kind: 'ack' };
      },
    });
    await t.services.queue.send(purge('job_1'));
    expect(await runner.runOnce()).toBe(true);
    expect(seen).toEqual(['job_1']);
    expect(await row('job_1')).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(await runner.runOnce()).toBe(false);
  });

  it('a handler may end its job in its own batch: one commit, and the runner writes nothing more for it', async () => {
    const statements: string[] = [];
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      handler: async (s, m, job) => {
        if (!job) throw new Error('the Node runner offers its job bookkeeping');
        // The handler's own write and the job's end, committed together.
        await batch(s.db, [
          s.db
            .update(jobs)
            .set({ lastError: `handled ${m.jobId}` })
            .where(eq(jobs.id, m.jobId)),
          job.doneStatement(),
        ]);
        job.committed();
        // From here on, the runner must not write the job again.
        const client = t.database.client;
        const execute = client.execute.bind(client) as (stmt: InStatement) => Promise<ResultSet>;
        client.execute = (async (stmt: InStatement) => {
          statements.push(typeof stmt === 'string' ? stmt : stmt.sql);
          return execute(stmt);
        }) as typeof client.execute;
        return { kind: 'ack' };
      },
    });
    await t.services.queue.send(purge('job_folded'));
    expect(await runner.runOnce()).toBe(true);
    expect(await row('job_folded')).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    expect(statements.filter((q) => /update "jobs"/i.test(q))).toEqual([]);
  });

  it('a job its handler marked done and that then failed is retried all the same', async () => {
    let calls = 0;
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      handler: async (s, _m, job): Promise<JobOutcome> => {
        calls += 1;
        if (calls === 1 && job) {
          await batch(s.db, [job.doneStatement()]);
          job.committed();
          throw new Error('failed after its commit');
        }
        return { kind: 'ack' };
      },
    });
    await t.services.queue.send(purge('job_after_commit'));
    expect(await runner.runOnce()).toBe(true);
    expect(await row('job_after_commit')).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'failed after its commit',
    });
    t.clock.advance(backoffSeconds(1) * 1000);
    expect(await runner.runOnce()).toBe(true);
    expect(calls).toBe(2);
    expect(await row('job_after_commit')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('does not run a job before its run_at', async () => {
    const runner = localJobRunner({ services: t.services, log: silent, handler: async () => ({ kind: 'ack' }) });
    await t.services.queue.send(purge('job_later'), { delaySeconds: 60 });
    expect(await runner.runOnce()).toBe(false);
    t.clock.advance(60_000);
    expect(await runner.runOnce()).toBe(true);
    expect((await row('job_later'))?.status).toBe('done');
  });

  it('retries with exponential backoff, then marks the job dead with the last error', async () => {
    let calls = 0;
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      handler: async (): Promise<JobOutcome> => {
        calls += 1;
        if (calls % 2 === 0) throw new Error(`boom ${calls}`);
        return { kind: 'retry', reason: `not yet ${calls}` };
      },
    });
    await t.services.queue.send(purge('job_flaky'));

    for (let attempt = 1; attempt < MAX_JOB_ATTEMPTS; attempt++) {
      expect(await runner.runOnce()).toBe(true);
      const r = await row('job_flaky');
      expect(r).toMatchObject({ status: 'queued', attempts: attempt, lockedUntil: null });
      expect(r?.lastError).toBe(attempt % 2 === 0 ? `boom ${attempt}` : `not yet ${attempt}`);
      const due = new Date(t.clock.now().getTime() + backoffSeconds(attempt) * 1000).toISOString();
      expect(r?.runAt).toBe(due);
      // Not before the backoff has passed.
      expect(await runner.runOnce()).toBe(false);
      t.clock.set(new Date(due));
    }
    expect(await runner.runOnce()).toBe(true);
    expect(await row('job_flaky')).toMatchObject({
      status: 'dead',
      attempts: MAX_JOB_ATTEMPTS,
      lastError: `not yet ${MAX_JOB_ATTEMPTS}`,
    });
    t.clock.advance(24 * 3600_000);
    expect(await runner.runOnce()).toBe(false);
    expect(calls).toBe(MAX_JOB_ATTEMPTS);
  });

  it('picks up a job left running by a crashed runner once its lock expires', async () => {
    const crashed = localJobRunner({
      services: t.services,
      log: silent,
      lockMs: 30_000,
      handler: () => new Promise<JobOutcome>(() => {}), // never settles: the process "dies" mid-job
    });
    await t.services.queue.send(purge('job_orphan'));
    void crashed.runOnce();
    await until(async () => (await row('job_orphan'))?.status === 'running');
    expect(await row('job_orphan')).toMatchObject({ status: 'running', attempts: 1 });

    const next = localJobRunner({
      services: t.services,
      log: silent,
      handler: async (_s, m) => {
        seen.push(m.jobId);
        return { kind: 'ack' };
      },
    });
    expect(await next.runOnce()).toBe(false);
    t.clock.advance(30_000);
    expect(await next.runOnce()).toBe(true);
    expect(seen).toEqual(['job_orphan']);
    expect(await row('job_orphan')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('marks a job with an unreadable payload dead without calling the handler', async () => {
    const now = t.clock.now().toISOString();
    await t.services.db.insert(jobs).values({
      id: 'job_junk',
      type: 'maintenance.purge',
      payload: '{"type":"unknown.kind"}',
      runAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      handler: async () => {
        seen.push('called');
        return { kind: 'ack' };
      },
    });
    expect(await runner.runOnce()).toBe(true);
    expect(seen).toEqual([]);
    const r = await row('job_junk');
    expect(r?.status).toBe('dead');
    expect(r?.lastError).toMatch(/unreadable payload/);
  });

  it('when started, works through enqueued jobs by itself and stop() waits for the job in hand', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const runner = localJobRunner({
      services: t.services,
      log: silent,
      pollIntervalMs: 10,
      handler: async (_s, m) => {
        seen.push(m.jobId);
        if (m.jobId === 'job_slow') await gate;
        return { kind: 'ack' };
      },
    });
    await t.services.queue.sendBatch([purge('job_a'), purge('job_b')]);
    runner.start();
    await until(() => seen.length >= 2);
    expect(seen).toEqual(['job_a', 'job_b']);

    await t.services.queue.send(purge('job_slow'));
    await until(() => seen.length >= 3);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await row('job_slow'))?.status).toBe('done');

    // After stop nothing more runs.
    await t.services.queue.send(purge('job_after'));
    await new Promise((r) => setTimeout(r, 50));
    expect((await row('job_after'))?.status).toBe('queued');
  });

  it('with reclaimOnStart, jobs left running by a killed process run again at once (no lock wait)', async () => {
    const crashed = localJobRunner({
      services: t.services,
      log: silent,
      handler: () => new Promise<JobOutcome>(() => {}),
    });
    await t.services.queue.send(purge('job_killed'));
    void crashed.runOnce();
    await until(async () => (await row('job_killed'))?.status === 'running');

    const restarted = localJobRunner({
      services: t.services,
      log: silent,
      pollIntervalMs: 10,
      reclaimOnStart: true,
      handler: async (_s, m) => {
        seen.push(m.jobId);
        return { kind: 'ack' };
      },
    });
    restarted.start();
    await until(async () => (await row('job_killed'))?.status === 'done');
    await restarted.stop();
    expect(seen).toEqual(['job_killed']);
    expect(await row('job_killed')).toMatchObject({ status: 'done', attempts: 2 });
  });
});
