import { and, eq, inArray, sql } from 'drizzle-orm';
import { type BulkOrderStatus, bulkOrders, orders } from '../../db/schema';
import type { Services } from '../../env';
import { batch, perDatabase } from '../../ports/database';
import { notifyBulkOrderFinished } from '../notifications/notify-customer';
import { OPEN_ORDER_STATUSES } from '../orders/order-rows';
import { relayWebhookMessages } from '../webhooks/relay-webhook-messages';
import { bulkOrderCompletedEvent } from '../webhooks/webhook-events';
import { webhookEventStatement } from '../webhooks/webhook-outbox';
import { combineLabelsJob } from './build-combined-labels';

/** Row counts of a bulk order, from its orders (counters are never stored, so no redelivery can miscount). */
export interface BulkRowCounts {
  total: number;
  completed: number;
  failed: number;
  /** processing or pending_reconciliation. */
  open: number;
}

export async function countBulkRows(services: Services, bulkOrderId: string): Promise<BulkRowCounts> {
  const [row] = await services.db.all<{ total: number; completed: number; failed: number }>(sql`
    SELECT COUNT(*) AS total,
      COALESCE(SUM(CASE WHEN ${orders.status} = 'completed' THEN 1 ELSE 0 END), 0) AS completed,
      COALESCE(SUM(CASE WHEN ${orders.status} = 'failed' THEN 1 ELSE 0 END), 0) AS failed
    FROM ${orders} WHERE ${orders.bulkOrderId} = ${bulkOrderId}`);
  const total = Number(row?.total ?? 0);
  const completed = Number(row?.completed ?? 0);
  const failed = Number(row?.failed ?? 0);
  return { total, completed, failed, open: total - completed - failed };
}

/** One open row of a bulk order, if any (prepared once per database: every row asks). */
const openRowOf = perDatabase((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.bulkOrderId, sql.placeholder('bulkOrderId')), inArray(orders.status, [...OPEN_ORDER_STATUSES])),
    )
    .limit(1)
    .prepare(),
);

export interface SettleBulkOrderResult {
  /**
   * True for exactly one caller: the one whose UPDATE moved the bulk order from processing to its final status. The
   * hook for what follows the end of a bulk order (the combined labels document).
   */
  finalized: boolean;
  status: BulkOrderStatus | null;
}

/**
 * Called after a row of a bulk order settled (bought or refunded) by the engine, the reconcile job or the sweep. When
 * no row is open any more, ONE conditional UPDATE gives the bulk order its final status — completed (no failure),
 * failed (every row failed, all refunded), else partial — with failed_order_count and completed_at. The condition
 * (still processing, no open row) makes it happen once whoever gets there, however often it is called.
 */
export async function settleBulkOrder(services: Services, bulkOrderId: string): Promise<SettleBulkOrderResult> {
  // Every row but the last finds another row still open: one indexed read, instead of the write batch below (a
  // transaction, an UPDATE and the event's INSERT … SELECT) per row. The caller's own row settled before this read,
  // so whichever row settles last sees none open and goes on.
  const [open] = await openRowOf(services.db).all({ bulkOrderId });
  if (open) return { finalized: false, status: null };
  const now = services.clock.now().toISOString();
  const failed = sql`(SELECT COUNT(*) FROM ${orders} WHERE ${orders.bulkOrderId} = ${bulkOrderId} AND ${orders.status} = 'failed')`;
  // `bulk_order.completed` is recorded by the same batch, from the row its update just finalized (the outbox).
  // Its livemode is the bulk order's own (a test key's bulk order notifies test endpoints only).
  const event = webhookEventStatement(
    services.db,
    bulkOrderCompletedEvent(bulkOrderId, sql`${bulkOrders.livemode}`, sql`changes() = 1`),
    now,
  );
  const [[row]] = await batch(services.db, [
    services.db
      .update(bulkOrders)
      .set({
        status: sql`CASE WHEN ${failed} = 0 THEN 'completed' WHEN ${failed} >= ${bulkOrders.orderCount} THEN 'failed' ELSE 'partial' END`,
        failedOrderCount: failed,
        completedAt: now,
        updatedAt: now,
      })
      .where(
        sql`${bulkOrders.id} = ${bulkOrderId} AND ${bulkOrders.status} = 'processing' AND NOT EXISTS (
        SELECT 1 FROM ${orders} WHERE ${orders.bulkOrderId} = ${bulkOrderId}
          AND ${orders.status} IN ('processing', 'pending_reconciliation'))`,
      )
      .returning({ status: bulkOrders.status, livemode: bulkOrders.livemode }),
    event.statement,
  ]);
  if (row) {
    services.log.info('bulk.settled', { bulkOrderId, status: row.status });
    await relayWebhookMessages(services, [event.messageId]);
    // A test bulk order mails nothing (notifications are about the live account).
    await notifyBulkOrderFinished(services, bulkOrderId, row.livemode);
    if (row.status !== 'failed') {
      // The combined labels document is built by its own job (a failed bulk order has no label to combine). Losing
      // this message loses nothing: GET /api/labels/bulk/{id} builds the document when it is not stored.
      await services.queue.send(combineLabelsJob(bulkOrderId)).catch((err: unknown) => {
        services.log.warn('bulk.combine_not_queued', { bulkOrderId, err });
      });
    }
    return { finalized: true, status: row.status };
  }
  return { finalized: false, status: null };
}
