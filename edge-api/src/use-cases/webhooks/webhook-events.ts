import { type SQL, sql } from 'drizzle-orm';
import { bulkOrders, ledgerEntries, type OrderRow } from '../../db/schema';
import { presentOrder } from '../../lib/presenters/order';
import type { WebhookEvent } from './webhook-outbox';

/**
 * The events, one constructor each, for the batch that makes the fact (webhookEventStatement): the payload's `data`
 * is the resource as the public API presents it, as that batch leaves it. `livemode` is the mode of the key the fact
 * happened under.
 */

/** An order event; `after` is the order as the batch leaves it, `onlyIf` the proof that this batch changed it. */
export function orderEvent(
  type: 'order.created' | 'order.failed' | 'order.refunded',
  after: OrderRow,
  livemode: boolean | SQL,
  onlyIf: SQL,
): WebhookEvent {
  return { type, userId: after.userId, livemode, data: orderEventData(after), onlyIf };
}

/** The `data` of an order's events. */
export function orderEventData(after: OrderRow): { order: ReturnType<typeof presentOrder> } {
  return { order: presentOrder(after) };
}

/** `tracking.updated`, only for a change of the delivery status (null otherwise). */
export function trackingUpdatedEvent(
  before: OrderRow,
  after: OrderRow,
  livemode: boolean | SQL,
  onlyIf: SQL,
): WebhookEvent | null {
  if (before.deliveryStatus === after.deliveryStatus) return null;
  return {
    type: 'tracking.updated',
    userId: after.userId,
    livemode,
    data: { previousStatus: before.deliveryStatus, order: presentOrder(after) },
    onlyIf,
  };
}

/** `bulk_order.completed` with the final status and counts the batch gave the bulk order (read from its row). */
export function bulkOrderCompletedEvent(bulkOrderId: string, livemode: boolean | SQL, onlyIf: SQL): WebhookEvent {
  const b = bulkOrders;
  return {
    type: 'bulk_order.completed',
    userId: sql`${b.userId}`,
    livemode,
    data: sql`json_object('bulkOrderId', ${b.id}, 'status', ${b.status}, 'orderCount', ${b.orderCount},
      'completedCount', ${b.orderCount} - ${b.failedOrderCount}, 'failedCount', ${b.failedOrderCount},
      'completedAt', ${b.completedAt})`,
    from: sql`${b}`,
    onlyIf: sql`${b.id} = ${bulkOrderId} AND (${onlyIf})`,
  };
}

/** Cents as the API's decimal USD, exactly as centsToUsd writes it in JSON (500 → 5, 1999 → 19.99). */
const usd = (cents: SQL) => sql`CASE WHEN ${cents} % 100 = 0 THEN ${cents} / 100 ELSE ${cents} / 100.0 END`;

/**
 * `balance.credited` for the ledger entry `entryId`, once this batch has completed it as a credit (the amount and the
 * balance after are the ones the batch wrote). `onlyIf`: more proof than the entry's state, if needed.
 */
export function balanceCreditedEvent(entryId: string, livemode: boolean | SQL, onlyIf: SQL = sql`1`): WebhookEvent {
  const l = ledgerEntries;
  return {
    type: 'balance.credited',
    userId: sql`${l.userId}`,
    livemode,
    data: sql`json_object('transactionId', ${l.id}, 'amount', ${usd(sql`${l.amountCents}`)}, 'method', ${l.method},
      'description', ${l.description},
      'balance', CASE WHEN ${l.balanceAfterCents} IS NULL THEN NULL ELSE ${usd(sql`${l.balanceAfterCents}`)} END)`,
    from: sql`${l}`,
    onlyIf: sql`${l.id} = ${entryId} AND ${l.type} = 'credit' AND ${l.status} = 'completed' AND (${onlyIf})`,
  };
}
