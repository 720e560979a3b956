import { BULK_MESSAGES } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { backoffSeconds } from '../../ports/job-queue';
import { PROVIDER_ERROR_MESSAGES } from '../../ports/label-provider';
import { noteRowRetry } from '../bulk-orders/note-row-retry';
import { settleBulkOrder } from '../bulk-orders/settle-bulk-order';
import { buyOrderLabel, type LabelOutcome, outcomeOf } from './buy-order-label';
import { RECONCILE_GAVE_UP_MESSAGE, readOrder } from './order-rows';
import { voidAndRefundOrder } from './void-and-refund-order';

/** The first reconcile job runs this long after the provider's answer was lost. */
export const RECONCILE_DELAY_SECONDS = 10;
/**
 * How long an unconfirmed purchase is asked about. The provider remembers a purchase's Idempotency-Key for 24 hours,
 * so asking again within that window can never buy a second label; after it the order is no longer re-bought: the
 * label the lost request may have made is looked up by the key and voided, then the order is refunded.
 */
export const RECONCILE_WINDOW_MS = 23 * 60 * 60_000;
/** The periodic sweep's interval (jobs/schedule.ts PERIODIC_INTERVAL_MS): an open order is asked again by then. */
const SWEEP_INTERVAL_SECONDS = 5 * 60;

/**
 * The `orders.reconcile` job (and the sweep, per order): asks the provider again for an open order's label with the
 * same Idempotency-Key — it answers with the label if the lost request made one, or makes it now — and settles the
 * order as phase 2 does (completed, or refunded on a definite refusal). Still no answer → `pending` (the job retries).
 * An answer we still cannot use (see buyOrderLabel) → the label is voided, then the order refunded; a usable one
 * completes the order (the customer gets the label they paid for). A settled order is left as it is; an unknown id is
 * null. Safe to run any number of times, concurrently.
 */
export async function reconcileOrder(services: Services, input: { orderId: string }): Promise<LabelOutcome | null> {
  const outcome = await reconcileOpenOrder(services, input);
  // A row of a bulk order that settled here may be the last one: the bulk order then gets its final status.
  if (outcome && outcome.kind !== 'pending' && outcome.order.bulkOrderId) {
    await settleBulkOrder(services, outcome.order.bulkOrderId);
  }
  if (outcome?.kind === 'pending' && outcome.order.bulkOrderId && outcome.order.status === 'pending_reconciliation') {
    // Still no answer: the details say so, with the time of the next try (this job's backoff, or the sweep's next run,
    // whichever comes first: an estimate, the runner decides).
    const attempt = Math.max(1, outcome.order.reconcileAttempts - 1);
    const delay = Math.min(backoffSeconds(attempt), SWEEP_INTERVAL_SECONDS);
    await noteRowRetry(services, outcome.order.id, BULK_MESSAGES.rowUnanswered, delay);
  }
  return outcome;
}

async function reconcileOpenOrder(services: Services, input: { orderId: string }): Promise<LabelOutcome | null> {
  const order = await readOrder(services, input.orderId);
  if (!order) return null;
  if (order.status === 'completed' || order.status === 'failed') return outcomeOf(order);
  const age = services.clock.now().getTime() - Date.parse(order.createdAt);
  if (age > RECONCILE_WINDOW_MS) {
    services.log.warn('order.reconcile_gave_up', { orderId: order.id, hours: Math.round(age / 3_600_000) });
    return voidAndRefundOrder(services, order, { reason: RECONCILE_GAVE_UP_MESSAGE });
  }
  const outcome = await buyOrderLabel(services, order, { mayExist: true });
  if (outcome.kind === 'pending' && outcome.unusableAnswer) {
    // Asked again with the same key and still unusable: the label it names (or the key finds) is voided first.
    return voidAndRefundOrder(services, outcome.order, {
      labelId: outcome.unusableAnswer.labelId,
      reason: PROVIDER_ERROR_MESSAGES.rejected,
    });
  }
  return outcome;
}
