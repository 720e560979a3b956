import { sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { Clock } from '../../ports/clock';
import type { Db } from '../../ports/database';
import { type EnqueueOptions, JobMessage, type JobQueue, jobLane } from '../../ports/job-queue';

/**
 * The job queue on Node: jobs are rows of the `jobs` table, in the same database as everything else, so none is lost
 * on restart. The row id is the message's `jobId`, so sending the same job twice stores it once. `onEnqueue` lets
 * the local runner start work at once instead of at its next poll.
 */
export function libsqlJobQueue(db: Db, clock: Clock, opts: { onEnqueue?: () => void } = {}): JobQueue {
  function row(message: JobMessage, options: EnqueueOptions | undefined) {
    const parsed = JobMessage.parse(message);
    const now = clock.now();
    const runAt = new Date(now.getTime() + Math.max(0, options?.delaySeconds ?? 0) * 1000);
    return {
      id: parsed.jobId,
      type: parsed.type,
      payload: JSON.stringify(parsed),
      lane: jobLane(parsed)?.name ?? null,
      status: 'queued' as const,
      attempts: 0,
      runAt: runAt.toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
  }

  return {
    async send(message, options) {
      await db.insert(jobs).values(row(message, options)).onConflictDoNothing({ target: jobs.id });
      opts.onEnqueue?.();
    },
    async sendBatch(messages, options) {
      if (messages.length === 0) return;
      // ONE bound value however many jobs (a bulk order queues 10,000): the rows travel as a JSON text of arrays and
      // SQLite spreads them (json_each). A VALUES list binds 11 values a job and costs drizzle and SQLite far more.
      const rows = messages.map((m) => {
        const r = row(m, options);
        return [r.id, r.type, r.payload, r.lane, r.runAt, r.createdAt];
      });
      await db.run(sql`INSERT INTO ${jobs} (id, type, payload, lane, status, attempts, run_at, created_at, updated_at)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, 'queued', 0, value ->> 4, value ->> 5, value ->> 5
        FROM json_each(${JSON.stringify(rows)}) WHERE true
        ON CONFLICT (id) DO NOTHING`);
      opts.onEnqueue?.();
    },
  };
}
