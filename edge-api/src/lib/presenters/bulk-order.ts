import { BULK_MESSAGES, type BulkOrder, type BulkProcessingStatus, type BulkRowState } from '@labeldesk/contracts';
import type { BulkOrderRow, OrderRow, User } from '../../db/schema';
import { centsToUsd } from '../money';

/**
 * Bulk orders as the API speaks them (SPEC §3 Bulk order). Progress is not stored: it is counted from the bulk
 * order's `orders` rows (see countBulkRows in use-cases/bulk-orders/bulk-order-reads.ts, one grouped query for a whole
 * page), so a redelivered job can never miscount it.
 */

/** What the rows of one bulk order are, counted. */
export interface BulkRowCounts {
  /** Labels bought. */
  completed: number;
  /** Rows that failed and were refunded. */
  failed: number;
  /** Rows still open (`processing` or `pending_reconciliation`). */
  open: number;
  /** Σ price of the failed rows (cents): what went back to the balance from the hold. */
  refundedCents: number;
  /** Open rows waiting on the provider (see bulkRowState: `retrying`), and the earliest next attempt among them. */
  waiting: number;
  nextAttemptAt: string | null;
}

export const NO_BULK_ROWS: BulkRowCounts = {
  completed: 0,
  failed: 0,
  open: 0,
  refundedCents: 0,
  waiting: 0,
  nextAttemptAt: null,
};

/**
 * Where one row stands: bought, failed (refunded), retrying (open after an attempt the provider rate limited or did
 * not answer — its reason and next attempt are on the row; a row in reconciliation is retrying by definition), or
 * queued (open, waiting its turn).
 */
export function bulkRowState(row: Pick<OrderRow, 'status' | 'lastAttemptError'>): BulkRowState {
  if (row.status === 'completed') return 'bought';
  if (row.status === 'failed') return 'failed';
  if (row.status === 'pending_reconciliation' || row.lastAttemptError !== null) return 'retrying';
  return 'queued';
}

/** The retry columns as a row presents them: only while it is retrying. */
export function bulkRowRetry(row: Pick<OrderRow, 'status' | 'lastAttemptError' | 'nextAttemptAt'>): {
  retryReason: string | null;
  nextAttemptAt: string | null;
} {
  if (bulkRowState(row) !== 'retrying') return { retryReason: null, nextAttemptAt: null };
  return { retryReason: row.lastAttemptError ?? BULK_MESSAGES.rowUnanswered, nextAttemptAt: row.nextAttemptAt };
}

/** Who owns a bulk order, as the views need it (email: admin views only). */
export type BulkOrderOwner = Pick<User, 'id' | 'name' | 'email'>;

/**
 * SPEC §3 processingStatus. `labelsProcessed` counts every settled row (bought or failed), so processed + remaining
 * is always the total and a progress bar reaches its end even when rows fail; `labelsFailed` says how many of the
 * processed rows failed. `labelsRemaining` is the total minus the settled rows (the open rows, plus any row not written
 * yet, which the one-batch creation makes impossible but which must not show as done).
 */
export function bulkProcessingStatus(
  row: Pick<BulkOrderRow, 'status' | 'orderCount'>,
  counts: BulkRowCounts,
): BulkProcessingStatus {
  const settled = counts.completed + counts.failed;
  return {
    isProcessing: row.status === 'processing',
    totalLabels: row.orderCount,
    labelsProcessed: settled,
    labelsRemaining: Math.max(0, row.orderCount - settled),
    labelsFailed: counts.failed,
    labelsWaiting: counts.waiting,
    nextAttemptAt: counts.nextAttemptAt,
  };
}

/** SPEC §3 Bulk order. `admin` adds the owner's email. */
export function presentBulkOrder(
  row: BulkOrderRow,
  counts: BulkRowCounts,
  owner: BulkOrderOwner,
  opts: { admin?: boolean } = {},
): BulkOrder {
  return {
    _id: row.id,
    bulkOrderId: row.id,
    createdAt: row.createdAt,
    orderCount: row.orderCount,
    // Counted rather than read from failed_order_count, which is only written with the final status.
    failedOrderCount: counts.failed,
    totalPrice: centsToUsd(row.totalPriceCents),
    refundedAmount: centsToUsd(counts.refundedCents),
    status: row.status,
    hasFailures: counts.failed > 0,
    userName: owner.name,
    userId: row.userId,
    ...(opts.admin ? { userEmail: owner.email } : {}),
    processingStatus: bulkProcessingStatus(row, counts),
    apiId: row.apiId,
    apiName: row.apiName,
    carrier: row.carrier,
    serviceName: row.serviceName,
    template: row.template,
    completedAt: row.completedAt,
    hasLabels: counts.completed > 0,
    stoppedAt: row.stoppedAt,
    stopReason: row.stopReason,
  };
}
