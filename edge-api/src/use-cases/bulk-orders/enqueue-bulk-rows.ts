import type { Services } from '../../env';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import type { JobMessage } from '../../ports/job-queue';

/** Jobs per sendBatch (one INSERT … SELECT FROM json_each on Node). */
export const BULK_ENQUEUE_CHUNK = 500;

/** The job of one row: derived from the order id, so enqueueing it twice stores it once on Node. */
export function bulkRowJobId(orderId: string, attempt = 0): string {
  return attempt > 0 ? `bulkrow_${orderId}_${attempt}` : `bulkrow_${orderId}`;
}

export function bulkRowJob(order: { id: string; bulkOrderId: string; apiId: string }, attempt = 0): JobMessage {
  return {
    type: 'bulk.buy-row',
    jobId: bulkRowJobId(order.id, attempt),
    bulkOrderId: order.bulkOrderId,
    orderId: order.id,
    apiId: order.apiId,
  };
}

/** Queues one bulk.buy-row job per row, in chunks; a failure is logged (bulk.resume-due queues them again later). */
export async function enqueueBulkRows(
  services: Services,
  rows: { id: string; bulkOrderId: string; apiId: string }[],
  attempt: (row: { id: string }) => number = () => 0,
): Promise<boolean> {
  try {
    for (let i = 0; i < rows.length; i += BULK_ENQUEUE_CHUNK) {
      // Other requests get in between two chunks (10,000 rows are twenty chunks).
      if (i > 0) await yieldToEventLoop();
      await services.queue.sendBatch(rows.slice(i, i + BULK_ENQUEUE_CHUNK).map((r) => bulkRowJob(r, attempt(r))));
    }
    return true;
  } catch (err) {
    services.log.error('bulk.rows_not_queued', { bulkOrderId: rows[0]?.bulkOrderId, rows: rows.length, err });
    return false;
  }
}
