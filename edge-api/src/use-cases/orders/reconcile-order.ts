import type { Services } from '../../env';
import { settleBulkOrder } from '../bulk-orders/settle-bulk-order';
import { buyOrderLabel, type LabelOutcome, outcomeOf } from './buy-order-label';
import { RECONCILE_GAVE_UP_MESSAGE, readOrder } from './order-rows';
import { refundOrder } from './refund-order';

/** The first reconcile job runs this long after the provider's answer was lost. */
export const RECONCILE_DELAY_SECONDS = 10;
/**
 * How long an unconfirmed purchase is asked about. The provider remembers a purchase's Idempotency-Key for 24 hours,
 * so asking again within that window can never buy a second label; after it the order is refunded without asking.
 */
export const RECONCILE_WINDOW_MS = 23 * 60 * 60_000;

/**
 * The `orders.reconcile` job (and the sweep, per order): asks the provider again for an open order's label with the
 * same Idempotency-Key — it answers with the label if the lost request made one, or makes it now — and settles the
 * order as phase 2 does (completed, or refunded on a definite refusal). Still no answer → `pending` (the job retries).
 * A settled order is left as it is; an unknown id is null. Safe to run any number of times, concurrently.
 */
export async function reconcileOrder(services: Services, input: { orderId: string }): Promise<LabelOutcome | null> {
  const outcome = await reconcileOpenOrder(services, input);
  // A row of a bulk order that settled here may be the last one: the bulk order then gets its final status.
  if (outcome && outcome.kind !== 'pending' && outcome.order.bulkOrderId) {
    await settleBulkOrder(services, outcome.order.bulkOrderId);
  }
  return outcome;
}

async function reconcileOpenOrder(services: Services, input: { orderId: string }): Promise<LabelOutcome | null> {
  const order = await readOrder(services, input.orderId);
  if (!order) return null;
  if (order.status === 'completed' || order.status === 'failed') return outcomeOf(order);
  const age = services.clock.now().getTime() - Date.parse(order.createdAt);
  if (age > RECONCILE_WINDOW_MS) {
    console.warn(`[orders] ${order.id}: unconfirmed for ${Math.round(age / 3_600_000)} h; refunding`);
    return outcomeOf(await refundOrder(services, order, RECONCILE_GAVE_UP_MESSAGE));
  }
  return buyOrderLabel(services, order);
}
