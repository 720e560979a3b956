import type { Services } from '../env';
import type { JobCompletion, JobMessage, JobOutcome } from '../ports/job-queue';
import { produceCombinedLabels } from '../use-cases/bulk-orders/build-combined-labels';
import { buyBulkRow } from '../use-cases/bulk-orders/buy-bulk-row';
import { resumeDueBulkOrders } from '../use-cases/bulk-orders/resume-due-bulk-orders';
import { stopOverdueBulkOrders } from '../use-cases/bulk-orders/stop-overdue-bulk-orders';
import { recheckCryptoInvoices } from '../use-cases/crypto/recheck-crypto-invoices';
import { deliverMail } from '../use-cases/mail/deliver-mail';
import { reconcileDueOrders } from '../use-cases/orders/reconcile-due-orders';
import { reconcileOrder } from '../use-cases/orders/reconcile-order';
import { settlePendingVoids } from '../use-cases/orders/settle-pending-voids';
import { voidStrayLabel } from '../use-cases/orders/void-stray-label';
import { refreshDueTracking } from '../use-cases/tracking/refresh-due-tracking';
import { runUserTrackingRefresh } from '../use-cases/tracking/run-user-tracking-refresh';
import { deliverWebhook, webhookLaneSignal } from '../use-cases/webhooks/deliver-webhook';
import { relayDueWebhookMessages } from '../use-cases/webhooks/relay-webhook-messages';
import { purgeAuthTokens } from './purge-auth-tokens';
import { purgeFinishedJobs } from './purge-finished-jobs';
import { purgeTestData, TEST_DATA_RETENTION_MS } from './purge-test-data';
import { purgeWebhookDeliveries, WEBHOOK_DELIVERY_RETENTION_MS } from './purge-webhook-deliveries';
import { purgeWebhookMessages, WEBHOOK_MESSAGE_RETENTION_MS } from './purge-webhook-messages';

/**
 * The one job dispatcher, shared by the Workers queue consumer and the Node local runner. Returns ack (done) or retry
 * (the consumer backs off); a thrown error counts as a retry too. The job's services log with its `jobId` and type.
 */
export async function handleJob(
  jobServices: Services,
  message: JobMessage,
  /** The Node runner's job bookkeeping, for handlers that can fold it into their own last batch (bulk rows). */
  job?: JobCompletion,
): Promise<JobOutcome> {
  // Every line the job's use-cases write names the job.
  const services: Services = {
    ...jobServices,
    log: jobServices.log.child({ jobId: message.jobId, job: message.type }),
  };
  switch (message.type) {
    case 'maintenance.purge': {
      await purgeFinishedJobs(services, message.olderThanMs);
      await purgeWebhookDeliveries(services, WEBHOOK_DELIVERY_RETENTION_MS);
      await purgeWebhookMessages(services, WEBHOOK_MESSAGE_RETENTION_MS);
      await purgeAuthTokens(services, message.olderThanMs);
      await purgeTestData(services, TEST_DATA_RETENTION_MS);
      return { kind: 'ack' };
    }
    case 'crypto.recheck': {
      const summary = await recheckCryptoInvoices(services, { maxAgeMs: message.maxAgeMs });
      if (summary.unavailable > 0) {
        return { kind: 'retry', reason: `payment processor unavailable for ${summary.unavailable} invoice(s)` };
      }
      return { kind: 'ack' };
    }
    case 'tracking.refresh': {
      // Always ack: a provider that is down or rate limits us leaves its orders due for the next cron run, so
      // retrying here would only ask it again sooner.
      await refreshDueTracking(services, { limit: message.limit });
      return { kind: 'ack' };
    }
    case 'tracking.refresh-user': {
      // One chunk (at most ~40 s); the next chunk is its own job, enqueued by the chunk. A redelivered or stale
      // chunk (the run's cursor moved on) changes nothing.
      await runUserTrackingRefresh(services, { runId: message.runId, cursor: message.cursor });
      return { kind: 'ack' };
    }
    case 'orders.reconcile': {
      const outcome = await reconcileOrder(services, { orderId: message.orderId });
      if (outcome?.kind === 'pending') {
        return { kind: 'retry', reason: `order ${message.orderId}: the provider has not confirmed the label yet` };
      }
      return { kind: 'ack' };
    }
    case 'orders.void-stray-label': {
      const outcome = await voidStrayLabel(services, { orderId: message.orderId });
      if (outcome === 'unavailable') {
        return { kind: 'retry', reason: `order ${message.orderId}: the provider could not be asked for a stray label` };
      }
      return { kind: 'ack' };
    }
    case 'orders.settle-voids': {
      // Always ack: a void still pending (or a provider that could not be asked) is found again by the next run.
      await settlePendingVoids(services, { limit: message.limit });
      return { kind: 'ack' };
    }
    case 'orders.reconcile-due': {
      // Always ack: whatever is still open is found again by the next run.
      await reconcileDueOrders(services, { limit: message.limit, leftBefore: message.leftBefore });
      return { kind: 'ack' };
    }
    case 'bulk.buy-row': {
      const outcome = await buyBulkRow(services, { orderId: message.orderId, apiId: message.apiId }, job);
      if (outcome.kind === 'deferred') {
        // Rate limited: not a failure. Asked again after the provider's Retry-After, with the lane slowed down.
        return {
          kind: 'retry',
          reason: `order ${message.orderId}: provider rate limited (retry after ${outcome.retryAfterSeconds} s)`,
          delaySeconds: Math.max(1, Math.ceil(outcome.retryAfterSeconds)),
          slowDown: true,
        };
      }
      // Bought, refunded, or handed to reconciliation (its own job): this job is done.
      return { kind: 'ack' };
    }
    case 'bulk.resume-due': {
      // Always ack: whatever is still idle (or overdue) is found again by the next run. Bulk orders past their row
      // deadline are stopped first (their rows refunded), so they are not queued again below.
      await stopOverdueBulkOrders(services, { limit: message.limit });
      await resumeDueBulkOrders(services, { limit: message.limit });
      return { kind: 'ack' };
    }
    case 'bulk.combine-labels': {
      // A bulk order without labels (all rows failed) has nothing to combine: done. A label source that cannot be
      // read (provider down) throws, and the job is retried with backoff; GET /api/labels/bulk/{id} builds it anyway.
      await produceCombinedLabels(services, message.bulkOrderId);
      return { kind: 'ack' };
    }
    case 'mail.send': {
      // Sent, nothing to send, or refused for good (logged): done. A transport that is down or busy: backoff.
      const outcome = await deliverMail(services, { jobId: message.jobId, mail: message.mail });
      return outcome.kind === 'retry' ? { kind: 'retry', reason: outcome.reason } : { kind: 'ack' };
    }
    case 'webhooks.relay-due': {
      await relayDueWebhookMessages(services, {
        limit: message.limit,
        ...(message.leftBefore ? { leftBefore: message.leftBefore } : {}),
      });
      return { kind: 'ack' };
    }
    case 'webhooks.deliver': {
      // One attempt; a failure queues the next attempt of the schedule as its own job (same webhook-id), so this job
      // is done either way. A thrown error (the database) retries this same attempt, recorded under the job id.
      // The Node runner lets an endpoint that answers well and fast take more deliveries at once (webhookLaneSignal).
      const lane = webhookLaneSignal(await deliverWebhook(services, message, job));
      return lane ? { kind: 'ack', lane } : { kind: 'ack' };
    }
    default: {
      const unknown: never = message;
      return { kind: 'retry', reason: `no handler for job type ${(unknown as { type: string }).type}` };
    }
  }
}
