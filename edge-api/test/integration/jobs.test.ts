import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { startTestServer, type TestServer } from './helpers';

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('background jobs on the Node server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobPollIntervalMs: 100 });
  });
  afterAll(() => server.stop());

  it('runs the scheduler once at start: a maintenance.purge job is enqueued and completed', async () => {
    const done = await waitFor(async () => {
      const rows = await server.services.db.select().from(jobs).where(eq(jobs.type, 'maintenance.purge'));
      return rows.find((r) => r.status === 'done');
    });
    expect(done).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null });
  });

  it('purges finished jobs older than the threshold, keeping recent and queued ones', async () => {
    const { db } = server.services;
    const old = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    const future = new Date(Date.now() + 3600_000).toISOString();
    const base = { type: 'maintenance.purge', payload: '{}', attempts: 1, createdAt: old };
    await db.insert(jobs).values([
      { ...base, id: 'job_old_done', status: 'done', runAt: old, updatedAt: old },
      { ...base, id: 'job_old_dead', status: 'dead', runAt: old, updatedAt: old },
      { ...base, id: 'job_future', status: 'queued', runAt: future, updatedAt: old },
    ]);
    const jobId = newId('job');
    await server.services.queue.send({ type: 'maintenance.purge', jobId, olderThanMs: 24 * 3600_000 });
    await waitFor(async () => {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
      return row?.status === 'done' ? row : undefined;
    });
    const ids = (await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id);
    expect(ids).not.toContain('job_old_done');
    expect(ids).not.toContain('job_old_dead');
    expect(ids).toContain('job_future');
    expect(ids).toContain(jobId);
  });
});
