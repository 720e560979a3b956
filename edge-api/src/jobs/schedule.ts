import type { Services } from '../env';
import { newId } from '../lib/ids';
import type { JobMessage } from '../ports/job-queue';
import { BULK_RESUME_BATCH } from '../use-cases/bulk-orders/resume-due-bulk-orders';
import { RECHECK_WINDOW_MS } from '../use-cases/crypto/recheck-crypto-invoices';
import { RECONCILE_BATCH_SIZE } from '../use-cases/orders/reconcile-due-orders';
import { SETTLE_VOIDS_BATCH } from '../use-cases/orders/settle-pending-voids';
import { TRACKING_REFRESH_BATCH } from '../use-cases/tracking/refresh-due-tracking';
import { WEBHOOK_RELAY_BATCH } from '../use-cases/webhooks/relay-webhook-messages';

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
        // Voided labels whose refund the provider settles later: credited once it is accepted.
        { type: 'orders.settle-voids', jobId: newId('job'), limit: SETTLE_VOIDS_BATCH },
        // Every bulk order finishes: rows whose jobs died (dead-lettered, never queued) are queued again.
        { type: 'bulk.resume-due', jobId: newId('job'), limit: BULK_RESUME_BATCH },
        // The webhook outbox's relay: events committed with their fact but never queued (the process died between).
        { type: 'webhooks.relay-due', jobId: newId('job'), limit: WEBHOOK_RELAY_BATCH },
      ];
    default:
      return [];
  }
}

/**
 * Purchases settled by the start-up run: at most as many as were in flight when the process died (the rest, if ever,
 * are found by the periodic sweep).
 */
export const STARTUP_RECONCILE_LIMIT = 1000;

/**
 * The jobs a Node process enqueues once when it starts, before its first request can buy anything: the purchases the
 * process before it left half-done (kill -9 between a purchase's two phases) are settled at once, not by the sweep
 * 5 minutes later (see reconcileDueOrders' `leftBefore`). Workers have no start-up: an isolate that dies mid-purchase
 * leaves its order to the cron's `orders.reconcile-due` (processing for 2 minutes), and a bulk row's message that was
 * never acked is delivered again by the Queue.
 */
export function startupJobs(startedAt: Date): JobMessage[] {
  return [
    {
      type: 'orders.reconcile-due',
      jobId: newId('job'),
      limit: STARTUP_RECONCILE_LIMIT,
      leftBefore: startedAt.toISOString(),
    },
    // Webhook events the process before it committed but did not queue.
    {
      type: 'webhooks.relay-due',
      jobId: newId('job'),
      limit: WEBHOOK_RELAY_BATCH,
      leftBefore: startedAt.toISOString(),
    },
  ];
}

/** Enqueues the periodic jobs of `cron`; called by the Workers `scheduled` handler and the Node scheduler timer. */
export async function runScheduled(services: Services, cron: string): Promise<JobMessage[]> {
  const messages = periodicJobs(cron);
  if (messages.length > 0) await services.queue.sendBatch(messages);
  return messages;
}
