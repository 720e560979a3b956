import { BulkHistoryQuery } from '@labeldesk/contracts';
import { z } from 'zod';
import { pathParams, queryParams } from '../../middleware/validate';

/**
 * The caller's bulk orders (SPEC §2 Bulk Order history and details; §7 bulk): the history, one bulk order with its rows,
 * and the failed rows as CSV. The POSTs under /orders/bulk (validate, process) live in routes/bulk-orders. `:id` only
 * matches bulk order ids (`blk_…`), so 'history', 'validate' or 'process' are never taken for an id, and order ids
 * (`ord_…`, routes/order-history) never reach these handlers, whatever the mount order.
 */
export const BULK_ORDER_ID_PATTERN = 'blk_[0-9a-z]+';

export const bulkHistoryRoutes = {
  history: '/orders/bulk/history',
  get: `/orders/bulk/:id{${BULK_ORDER_ID_PATTERN}}`,
  failedCsv: `/orders/bulk/:id{${BULK_ORDER_ID_PATTERN}}/failed-csv`,
} as const;

export const BulkOrderIdParam = z.object({ id: z.string().min(1).max(100) });

export const bulkHistoryValidators = {
  history: queryParams(BulkHistoryQuery),
  id: pathParams(BulkOrderIdParam),
};
