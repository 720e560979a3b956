import { and, asc, eq, isNotNull, lt, or } from 'drizzle-orm';
import { bulkOrders } from '../../db/schema';
import type { Services } from '../../env';
import { refundStoppedRows, stopBulkOrder } from './stop-bulk-order';

export interface OverdueSummary {
  /** Bulk orders stopped here (past the deadline, or stopped earlier with rows still open). */
  stopped: number;
  /** Rows refunded. */
  refundedRows: number;
}

/**
 * Part of the periodic `bulk.resume-due` job (every 5 minutes, the cron on Workers and the scheduler timer on Node):
 * a bulk order still processing BULK_ROW_DEADLINE_HOURS after it was created is stopped for its deadline — its
 * unbought rows fail and are refunded exactly as a cancel refunds them (stopBulkOrder) — and a bulk order stopped
 * earlier whose open rows were not all refunded yet (a cancel of more than STOP_INLINE_ROWS rows, a crash mid-way)
 * gets the rest refunded. Oldest first, at most `limit` bulk orders per run.
 */
export async function stopOverdueBulkOrders(services: Services, input: { limit: number }): Promise<OverdueSummary> {
  const deadlineMs = services.config.bulkRowDeadlineHours * 3_600_000;
  const cutoff = new Date(services.clock.now().getTime() - deadlineMs).toISOString();
  const due = await services.db
    .select()
    .from(bulkOrders)
    .where(
      and(eq(bulkOrders.status, 'processing'), or(lt(bulkOrders.createdAt, cutoff), isNotNull(bulkOrders.stoppedAt))),
    )
    .orderBy(asc(bulkOrders.createdAt))
    .limit(input.limit);
  const summary: OverdueSummary = { stopped: 0, refundedRows: 0 };
  for (const bulk of due) {
    const result = bulk.stoppedAt
      ? await refundStoppedRows(services, bulk)
      : await stopBulkOrder(services, { bulkOrderId: bulk.id, reason: 'deadline' });
    summary.stopped += 1;
    summary.refundedRows += result.refundedRows;
    if (!bulk.stoppedAt) {
      services.log.warn('bulk.deadline_passed', { bulkOrderId: bulk.id, refundedRows: result.refundedRows });
    }
  }
  return summary;
}
