import { BulkProcessRequest, BulkValidateRequest, MAX_BULK_FILE_MB, MAX_BULK_ROWS } from '@labeldesk/contracts';
import { bodyLimit } from '../../middleware/body-limit';
import { jsonBody } from '../../middleware/validate';
import { idempotencyKeyHeader } from '../orders/orders.routes';

/**
 * Bulk orders, the write side (logged-in customers): validate a CSV's rows and buy them. POST only, so the GET
 * routes under /orders/bulk and /orders/:id never meet these.
 */
export const bulkOrdersRoutes = {
  validate: '/orders/bulk/validate',
  process: '/orders/bulk/process',
} as const;

/**
 * A bulk request carries up to MAX_BULK_ROWS rows of a CSV of at most MAX_BULK_FILE_MB as JSON (every cell keyed by
 * its column name, ~2× the CSV): 12 MiB, where the rest of the API takes 1 MiB. Bigger → 413 before it is read.
 */
export const MAX_BULK_BODY_BYTES = 12 * 1024 * 1024;

/** The paths that take MAX_BULK_BODY_BYTES instead of the app's default limit (see app.ts). */
export const BULK_BODY_PATHS: ReadonlySet<string> = new Set(
  Object.values(bulkOrdersRoutes).map((path) => `/api${path}`),
);

export const bulkOrdersValidators = {
  bodyLimit: bodyLimit(MAX_BULK_BODY_BYTES),
  validate: jsonBody(BulkValidateRequest),
  process: jsonBody(BulkProcessRequest),
  idempotencyKey: idempotencyKeyHeader,
};

export { MAX_BULK_FILE_MB, MAX_BULK_ROWS };
