import {
  BulkHistoryQuery,
  BulkProcessRequest,
  BulkValidateRequest,
  MAX_BULK_FILE_MB,
  MAX_BULK_ROWS,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { bodyLimit } from '../../middleware/body-limit';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { jsonBody, pathParams, queryParams } from '../../middleware/validate';

/**
 * Bulk orders (logged-in customers; SPEC §2 Bulk Order, §7 bulk): validate a CSV's rows and buy them (the POSTs), the
 * history, one bulk order with its rows, and the failed rows as CSV. `:id` only matches bulk order ids (`blk_…`), so
 * 'history', 'validate' or 'process' are never taken for an id, and order ids (`ord_…`, routes/order-history) never
 * reach these handlers, whatever the mount order.
 */
export const BULK_ORDER_ID_PATTERN = 'blk_[0-9a-z]+';

export const bulkOrdersRoutes = {
  validate: '/orders/bulk/validate',
  process: '/orders/bulk/process',
  history: '/orders/bulk/history',
  get: `/orders/bulk/:id{${BULK_ORDER_ID_PATTERN}}`,
  failedCsv: `/orders/bulk/:id{${BULK_ORDER_ID_PATTERN}}/failed-csv`,
  cancel: `/orders/bulk/:id{${BULK_ORDER_ID_PATTERN}}/cancel`,
} as const;

export const BulkOrderIdParam = z.object({ id: z.string().min(1).max(100) });

/**
 * A bulk request carries up to MAX_BULK_ROWS rows of a CSV of at most MAX_BULK_FILE_MB as JSON (every cell keyed by
 * its column name, ~2× the CSV): 24 MiB, where the rest of the API takes 1 MiB. Bigger → 413 before it is read.
 */
export const MAX_BULK_BODY_BYTES = 24 * 1024 * 1024;

/** The paths that take MAX_BULK_BODY_BYTES instead of the app's default limit (see app.ts). */
export const BULK_BODY_PATHS: ReadonlySet<string> = new Set(
  [bulkOrdersRoutes.validate, bulkOrdersRoutes.process].map((path) => `/api${path}`),
);

export const bulkOrdersValidators = {
  bodyLimit: bodyLimit(MAX_BULK_BODY_BYTES),
  validate: jsonBody(BulkValidateRequest),
  process: jsonBody(BulkProcessRequest),
  idempotencyKey,
  history: queryParams(BulkHistoryQuery),
  id: pathParams(BulkOrderIdParam),
};

export { MAX_BULK_FILE_MB, MAX_BULK_ROWS };
