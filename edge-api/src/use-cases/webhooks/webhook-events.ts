import { eq } from 'drizzle-orm';
import { bulkOrders, type LedgerEntryRow, type OrderRow } from '../../db/schema';
import type { Services } from '../../env';
import { centsToUsd } from '../../lib/money';
import { presentOrder } from '../../lib/presenters/order';
import { emitWebhookEvent } from './emit-webhook-event';

/**
 * The events, one helper each, called where the fact happens (right after its batch committed): the payload's `data`
 * is the resource as the public API presents it. Live data only (test-key purchases live apart, see README).
 */

export async function orderEvent(
  services: Services,
  type: 'order.created' | 'order.failed' | 'order.refunded',
  row: OrderRow,
): Promise<void> {
  await emitWebhookEvent(services, { userId: row.userId, livemode: true, type, data: { order: presentOrder(row) } });
}

export async function trackingUpdatedEvent(services: Services, before: OrderRow, after: OrderRow): Promise<void> {
  if (before.deliveryStatus === after.deliveryStatus) return;
  await emitWebhookEvent(services, {
    userId: after.userId,
    livemode: true,
    type: 'tracking.updated',
    data: { previousStatus: before.deliveryStatus, order: presentOrder(after) },
  });
}

export async function bulkOrderCompletedEvent(services: Services, bulkOrderId: string): Promise<void> {
  const [row] = await services.db.select().from(bulkOrders).where(eq(bulkOrders.id, bulkOrderId)).limit(1);
  if (!row) return;
  await emitWebhookEvent(services, {
    userId: row.userId,
    livemode: true,
    type: 'bulk_order.completed',
    data: {
      bulkOrderId: row.id,
      status: row.status,
      orderCount: row.orderCount,
      completedCount: row.orderCount - row.failedOrderCount,
      failedCount: row.failedOrderCount,
      completedAt: row.completedAt,
    },
  });
}

export async function balanceCreditedEvent(services: Services, entry: LedgerEntryRow): Promise<void> {
  if (entry.type !== 'credit' || entry.status !== 'completed') return;
  await emitWebhookEvent(services, {
    userId: entry.userId,
    livemode: true,
    type: 'balance.credited',
    data: {
      transactionId: entry.id,
      amount: centsToUsd(entry.amountCents),
      method: entry.method,
      description: entry.description,
      balance: entry.balanceAfterCents === null ? null : centsToUsd(entry.balanceAfterCents),
    },
  });
}
