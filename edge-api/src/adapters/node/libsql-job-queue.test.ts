import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import type { JobMessage } from '../../ports/job-queue';
import { libsqlJobQueue } from './libsql-job-queue';
import { type TestServices, testServices } from './test-support';

const purge = (jobId: string): Extract<JobMessage, { type: 'maintenance.purge' }> => ({
  type: 'maintenance.purge',
  jobId,
  olderThanMs: 1000,
});

describe('libsqlJobQueue', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-03-01T12:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

  it('stores a sent job as a queued row due now, keyed by its jobId', async () => {
    let woken = 0;
    const queue = libsqlJobQueue(t.services.db, t.clock, { onEnqueue: () => woken++ });
    await queue.send(purge('job_a'));
    const rows = await t.services.db.select().from(jobs);
    expect(rows).toEqual([
      expect.objectContaining({
        id: 'job_a',
        type: 'maintenance.purge',
        status: 'queued',
        attempts: 0,
        runAt: '2026-03-01T12:00:00.000Z',
        lockedUntil: null,
        lastError: null,
      }),
    ]);
    expect(JSON.parse(rows[0]?.payload ?? '')).toEqual(purge('job_a'));
    expect(woken).toBe(1);
  });

  it('delays delivery by delaySeconds and stores a batch in one go', async () => {
    const queue = libsqlJobQueue(t.services.db, t.clock);
    await queue.sendBatch([purge('job_1'), purge('job_2')], { delaySeconds: 90 });
    const rows = await t.services.db.select().from(jobs);
    expect(rows.map((r) => [r.id, r.runAt])).toEqual([
      ['job_1', '2026-03-01T12:01:30.000Z'],
      ['job_2', '2026-03-01T12:01:30.000Z'],
    ]);
  });

  it('stores the same jobId once (a re-send changes nothing)', async () => {
    const queue = libsqlJobQueue(t.services.db, t.clock);
    await queue.send(purge('job_same'));
    t.clock.advance(5000);
    await queue.send({ ...purge('job_same'), olderThanMs: 99 });
    const rows = await t.services.db.select().from(jobs);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.payload ?? '').olderThanMs).toBe(1000);
  });

  it('refuses a message that does not match the JobMessage schema', async () => {
    const queue = libsqlJobQueue(t.services.db, t.clock);
    const bad = { type: 'maintenance.purge', jobId: 'job_bad', olderThanMs: -5 } as JobMessage;
    await expect(queue.send(bad)).rejects.toThrow();
    expect(await t.services.db.select().from(jobs)).toEqual([]);
  });
});
