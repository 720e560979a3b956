import type { Services } from '../env';
import { newId } from '../lib/ids';
import type { JobMessage } from '../ports/job-queue';
import { BULK_RESUME_BATCH } from '../use-cases/bulk-orders/resume-due-bulk-orders';
import { RECHECK_WINDOW_MS } from '../use-cases/crypto/recheck-crypto-invoices';
import { RECONCILE_BATCH_SIZE } from '../use-cases/orders/reconcile-due-orders';
import { TRACKING_REFRESH_BATCH } from '../use-cases/tracking/refresh-due-tracking';

/** The one cron of the product (wrangler.jsonc `triggers.crons`); the Node runner's timer fires it every 5 minutes. */
export const PERIODIC_CRON = '*/5 * * * *';
export const PERIODIC_INTERVAL_MS = 5 * 60_000;

/** Finished local jobs are kept this long, then purged. */
export const FINISHED_JOB_RETENTION_MS = 24 * 60 * 60_000;

/** The periodic jobs for a cron expression (unknown expressions enqueue nothing). */
export function periodicJobs(cron: string): JobMessage[] {
  switch (cron) {
    case PERIODIC_CRON:
      return [
        { type: 'maintenance.purge', jobId: newId('job'), olderThanMs: FINISHED_JOB_RETENTION_MS },
        // The safety net for missed payment webhooks: pending top-ups are re-read from the processor.
        { type: 'crypto.recheck', jobId: newId('job'), maxAgeMs: RECHECK_WINDOW_MS },
        // Undelivered labels not checked within the hour, a bounded batch per run.
        { type: 'tracking.refresh', jobId: newId('job'), limit: TRACKING_REFRESH_BATCH },
        // No purchase stranded: orders whose provider answer was lost, or whose request died between its two phases.
        { type: 'orders.reconcile-due', jobId: newId('job'), limit: RECONCILE_BATCH_SIZE },
        // Every bulk order finishes: rows whose jobs died (dead-lettered, never queued) are queued again.
        { type: 'bulk.resume-due', jobId: newId('job'), limit: BULK_RESUME_BATCH },
      ];
    default:
      return [];
  }
}

/** Enqueues the periodic jobs of `cron`; called by the Workers `scheduled` handler and the Node scheduler timer. */
export async function runScheduled(services: Services, cron: string): Promise<JobMessage[]> {
  const messages = periodicJobs(cron);
  if (messages.length > 0) await services.queue.sendBatch(messages);
  return messages;
}
