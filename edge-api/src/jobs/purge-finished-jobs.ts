import { and, inArray, lt } from 'drizzle-orm';
import { jobs } from '../db/schema';
import type { Services } from '../env';

/**
 * Deletes finished (done or dead) local jobs last touched more than `olderThanMs` ago. On Workers the jobs table is
 * empty (Cloudflare Queues hold the jobs), so this is a harmless no-op there. Idempotent: a redelivery deletes nothing
 * more than the first run would have.
 */
export async function purgeFinishedJobs(services: Services, olderThanMs: number): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - olderThanMs).toISOString();
  const deleted = await services.db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'dead']), lt(jobs.updatedAt, cutoff)))
    .returning({ id: jobs.id });
  return deleted.length;
}
