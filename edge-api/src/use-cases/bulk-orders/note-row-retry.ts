import { and, eq, inArray } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Services } from '../../env';
import { OPEN_ORDER_STATUSES } from '../orders/order-rows';

/**
 * Records why an open row waits and when it is asked again (the bulk order details show it as `retrying`). Only while
 * the row is open: a settled row's state is its status.
 */
export async function noteRowRetry(
  services: Services,
  orderId: string,
  reason: string,
  delaySeconds: number,
): Promise<void> {
  const now = services.clock.now();
  await services.db
    .update(orders)
    .set({ lastAttemptError: reason, nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000).toISOString() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
}
