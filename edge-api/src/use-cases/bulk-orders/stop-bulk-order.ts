import { BULK_MESSAGES } from '@labeldesk/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type BulkOrderRow, type BulkStopReason, bulkOrders, type OrderRow, orders } from '../../db/schema';
import type { AppConfig, Services } from '../../env';
import { OPEN_ORDER_STATUSES } from '../orders/order-rows';
import { refundOrder } from '../orders/refund-order';
import { readBulkOrder } from './bulk-order-reads';
import { settleBulkOrder } from './settle-bulk-order';

/**
 * Rows one call refunds itself (a request must answer in seconds; 4 refunds at once). A bigger bulk order's remaining
 * open rows are refunded in the background: their queued jobs find the bulk order stopped, and bulk.resume-due
 * finishes whatever is left.
 */
export const STOP_INLINE_ROWS = 500;
const STOP_CONCURRENCY = 4;

/** The customer-safe refund reason of a row a stopped bulk order had not bought. */
export function stoppedRowReason(config: Pick<AppConfig, 'bulkRowDeadlineHours'>, reason: BulkStopReason): string {
  switch (reason) {
    case 'customer':
      return BULK_MESSAGES.cancelledRow;
    case 'admin':
      return BULK_MESSAGES.cancelledByAdminRow;
    case 'deadline':
      return BULK_MESSAGES.deadlineRow(config.bulkRowDeadlineHours);
  }
}

export interface StopBulkOrderResult {
  /** Rows this call refunded, and their total (cents). */
  refundedRows: number;
  refundedCents: number;
  /** The bulk order as it stands afterwards (null: unknown id). */
  bulkOrder: BulkOrderRow | null;
}

/**
 * Stops a bulk order: marks it stopped (once: the first reason stays), then refunds every row still open through
 * refundOrder — one ledger credit per row, the very batch a failed row gets — and gives the bulk order its final
 * status (settleBulkOrder: partial when some rows were bought, else failed). A bulk order already final is left alone.
 *
 * Racing the engine is safe without a transaction: a row's refund batch and its completion are both conditional on the
 * row still being open, so exactly one of them applies (a label bought after the refund is voided by buyOrderLabel),
 * and from the mark on no job claims a row of this bulk order (buy-bulk-row.ts). A row whose provider answer was lost
 * (pending reconciliation) may have made a label: it is refunded now, and an `orders.void-stray-label` job voids the
 * label if the provider has one. Running it again (a second cancel, the deadline, a crash mid-way) refunds nothing
 * twice (the refund's idempotency key is per row).
 */
export async function stopBulkOrder(
  services: Services,
  input: { bulkOrderId: string; reason: BulkStopReason },
): Promise<StopBulkOrderResult> {
  const now = services.clock.now().toISOString();
  await services.db
    .update(bulkOrders)
    .set({ stoppedAt: now, stopReason: input.reason, updatedAt: now })
    .where(
      and(eq(bulkOrders.id, input.bulkOrderId), eq(bulkOrders.status, 'processing'), isNull(bulkOrders.stoppedAt)),
    );
  const bulk = await readBulkOrder(services, input.bulkOrderId);
  if (!bulk?.stoppedAt || bulk.status !== 'processing') {
    return { refundedRows: 0, refundedCents: 0, bulkOrder: bulk ?? null };
  }
  return refundStoppedRows(services, bulk);
}

/** Refunds the open rows of a bulk order already marked stopped (at most STOP_INLINE_ROWS), then settles it. */
export async function refundStoppedRows(services: Services, bulk: BulkOrderRow): Promise<StopBulkOrderResult> {
  const reason = stoppedRowReason(services.config, bulk.stopReason ?? 'customer');
  const open = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.bulkOrderId, bulk.id), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(asc(orders.rowIndex))
    .limit(STOP_INLINE_ROWS);

  const result = { refundedRows: 0, refundedCents: 0 };
  const queue = [...open];
  const worker = async () => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      if (await refundStoppedRow(services, row, reason)) {
        result.refundedRows += 1;
        // A test row moved no money: nothing came back.
        result.refundedCents += row.livemode ? row.priceCents : 0;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(STOP_CONCURRENCY, queue.length) }, worker));
  if (result.refundedRows > 0)
    services.log.info('bulk.stopped', {
      bulkOrderId: bulk.id,
      reason: bulk.stopReason,
      refundedRows: result.refundedRows,
    });
  await settleBulkOrder(services, bulk.id);
  return { ...result, bulkOrder: (await readBulkOrder(services, bulk.id)) ?? bulk };
}

/**
 * Refunds one open row of a stopped bulk order; true when this call's refund is the one that stands. A row whose
 * provider answer was lost gets a job that voids the label the provider may have made.
 */
export async function refundStoppedRow(services: Services, row: OrderRow, reason: string): Promise<boolean> {
  const after = await refundOrder(services, row, reason);
  if (after.status !== 'failed' || after.failureReason !== reason) return false;
  if (row.status === 'pending_reconciliation' || row.purchaseAttempts > 0) {
    await services.queue
      .send({ type: 'orders.void-stray-label', jobId: `voidstray_${row.id}`, orderId: row.id })
      .catch((err: unknown) => {
        services.log.error('order.stray_label_job_not_queued', {
          orderId: row.id,
          action: `check the provider for a label with reference ${row.id}`,
          err,
        });
      });
  }
  return true;
}
