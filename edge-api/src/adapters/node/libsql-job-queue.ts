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
      await db
        .insert(jobs)
        .values(messages.map((m) => row(m, options)))
        .onConflictDoNothing({ target: jobs.id });
      opts.onEnqueue?.();
    },
  };
}
