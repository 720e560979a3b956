import { z } from 'zod';
import { BULK_MESSAGES, MAX_BULK_ROWS } from './bulk-csv';
import { requiredText } from './common';
import { BulkLabelFormat } from './labels';
import { DATE_ORDER_MESSAGE, ListQueryFields, Pagination, withDateOrder } from './money';
import { ORDER_MESSAGES, Order, OrderUserDetails } from './orders';
import { Carrier } from './providers';

/**
 * Bulk orders (SPEC §2 Bulk Order, Admin All Orders → Bulk Orders; §3 Bulk order, CSV columns; §4 bulk status and
 * polling; §5 bulk rules; §7 bulk calls; §8 bulk texts; §9 timers, file names, sample CSV).
 * Money is decimal USD on the wire, integer cents behind it.
 */

// Validate (SPEC §7: body apiId, service, template, carrier, orders; results with isValid, errors, price) ----------

const BulkSelection = z.object({
  apiId: requiredText(ORDER_MESSAGES.apiRequired, 100),
  carrier: Carrier,
  service: requiredText(ORDER_MESSAGES.serviceRequired, 200),
  /** USPS label template (SPEC §9); ignored for UPS and FedEx. */
  template: z.string().trim().max(40).nullish(),
});

export const BulkValidateRequest = BulkSelection.extend({
  orders: z
    .array(z.unknown())
    .min(1, BULK_MESSAGES.noData)
    .max(MAX_BULK_ROWS, BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS)),
});
export type BulkValidateRequest = z.input<typeof BulkValidateRequest>;

export const BulkRowResult = z.object({
  /** 0-based index of the row in the request's `orders`. */
  rowIndex: z.number().int(),
  isValid: z.boolean(),
  /** Every problem of the row (SPEC §5 texts); the screen shows the first plus an ellipsis when there are more. */
  errors: z.array(z.string()),
  /** USD; null when the row is invalid. */
  price: z.number().nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResult>;

export const BulkValidateResponse = z.object({
  results: z.array(BulkRowResult),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Σ price of the valid rows, USD. */
  totalPrice: z.number(),
});
export type BulkValidateResponse = z.infer<typeof BulkValidateResponse>;

// Process (SPEC §7: body apiId, orders of rowIndex/data/price, totalPrice, service, carrier, template) --------------

export const BulkProcessRow = z.object({
  rowIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_BULK_ROWS * 20),
  data: z.unknown(),
  /** The price the customer saw, USD; a server price that differs refuses the request (409). */
  price: z.number().nonnegative().optional(),
});

export const BulkProcessRequest = BulkSelection.extend({
  orders: z
    .array(BulkProcessRow)
    .min(1, BULK_MESSAGES.selectValidOrder)
    .max(MAX_BULK_ROWS, BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS)),
  /** What the customer saw, USD; refused (409) when the server's total differs. */
  totalPrice: z.number().nonnegative().optional(),
});
export type BulkProcessRequest = z.input<typeof BulkProcessRequest>;

/** SPEC §3 processingStatus, plus the failures so far. */
export const BulkProcessingStatus = z.object({
  isProcessing: z.boolean(),
  totalLabels: z.number().int(),
  labelsProcessed: z.number().int(),
  labelsRemaining: z.number().int(),
  /** Rows settled as failed (refunded) so far. */
  labelsFailed: z.number().int(),
  /** Open rows waiting on the provider (it rate limited us or did not answer): they are asked again later. */
  labelsWaiting: z.number().int(),
  /** When the next of those is asked again (ISO time); null when none waits. */
  nextAttemptAt: z.string().nullable(),
});
export type BulkProcessingStatus = z.infer<typeof BulkProcessingStatus>;

export const BulkProcessResponse = z.object({
  bulkOrderId: z.string(),
  isBackgroundProcessing: z.boolean(),
  processingStatus: BulkProcessingStatus,
  /** USD held for the whole bulk order. */
  totalPrice: z.number(),
  /** Balance after the hold, USD. */
  newBalance: z.number(),
  message: z.string(),
});
export type BulkProcessResponse = z.infer<typeof BulkProcessResponse>;

// Bulk order (SPEC §3) ----------------------------------------------------------------------------------------------

export const BULK_STATUSES = ['processing', 'completed', 'partial', 'failed'] as const;
export const BulkStatus = z.enum(BULK_STATUSES);
export type BulkStatus = z.infer<typeof BulkStatus>;

/** SPEC §2 Amazon confirmation / history: Completed, Partial, Failed, else Processing. */
export function bulkStatusLabel(status: string): string {
  switch (status) {
    case 'completed':
      return 'Completed';
    case 'partial':
      return 'Partial';
    case 'failed':
      return 'Failed';
    default:
      return 'Processing';
  }
}

/** SPEC §4 colours: green, amber, red, else grey. */
export function bulkStatusColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status) {
    case 'completed':
      return 'green';
    case 'partial':
      return 'yellow';
    case 'failed':
      return 'red';
    default:
      return 'gray';
  }
}

export const BulkOrder = z.object({
  _id: z.string(),
  bulkOrderId: z.string(),
  createdAt: z.string(),
  /** Rows in the bulk order (labels asked for). */
  orderCount: z.number().int(),
  failedOrderCount: z.number().int(),
  /** USD held at creation (Σ row prices). */
  totalPrice: z.number(),
  /** USD refunded for failed rows so far. */
  refundedAmount: z.number(),
  status: BulkStatus,
  hasFailures: z.boolean(),
  userName: z.string(),
  userId: z.string(),
  /** Admin views only. */
  userEmail: z.string().optional(),
  processingStatus: BulkProcessingStatus,
  apiId: z.string(),
  apiName: z.string(),
  carrier: Carrier,
  serviceName: z.string(),
  template: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The combined labels document can be downloaded (at least one label bought). */
  hasLabels: z.boolean(),
  /**
   * Set when the bulk order was stopped before every row was bought: cancelled by its owner (`customer`) or an admin,
   * or past its deadline; the rows not bought then were refunded. Its status stays a SPEC one (partial or failed).
   */
  stoppedAt: z.string().nullable(),
  stopReason: z.enum(['customer', 'admin', 'deadline']).nullable(),
});
export type BulkOrder = z.infer<typeof BulkOrder>;

/**
 * Where one row of a bulk order stands: `queued` (waiting its turn), `retrying` (the provider rate limited us or did
 * not answer: `retryReason`, and `nextAttemptAt` when known), `bought`, or `failed` (refunded; `failureReason`).
 */
export const BULK_ROW_STATES = ['queued', 'retrying', 'bought', 'failed'] as const;
export const BulkRowState = z.enum(BULK_ROW_STATES);
export type BulkRowState = z.infer<typeof BulkRowState>;

export const BulkOrderRow = Order.extend({
  rowIndex: z.number().int().nullable(),
  rowState: BulkRowState,
  retryReason: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type BulkOrderRow = z.infer<typeof BulkOrderRow>;

export const BulkFailedOrder = z.object({
  rowIndex: z.number().int(),
  orderId: z.string(),
  recipient: z.string(),
  recipientName: z.string(),
  error: z.string(),
  attempts: z.number().int(),
});
export type BulkFailedOrder = z.infer<typeof BulkFailedOrder>;

/** GET /api/orders/bulk/{id} and GET /api/admin/bulk-orders/{id}: the orders in row order, each with its `rowIndex`. */
export const BulkOrderDetailResponse = z.object({
  bulkOrder: BulkOrder,
  orders: z.array(BulkOrderRow),
  failedOrders: z.array(BulkFailedOrder),
  user: OrderUserDetails.optional(),
  /**
   * The formats its combined labels can be had in (issue 24): none before a label is bought; then pdf and letter-2up,
   * and zpl when every bought label's service prints ZPL. Sent by GET /api/orders/bulk/{id} and the admin's detail.
   */
  labelFormats: z.array(BulkLabelFormat).optional(),
});
export type BulkOrderDetailResponse = z.infer<typeof BulkOrderDetailResponse>;

/**
 * POST /api/orders/bulk/{id}/cancel (and /api/v1/bulk-orders/{id}/cancel): the bulk order as it stands afterwards, what
 * this call refunded (0 rows when nothing was left open: a second cancel changes nothing) and the owner's balance.
 */
export const BulkCancelResponse = BulkOrderDetailResponse.extend({
  /** Rows this call stopped and refunded, and their total (USD). */
  cancelledRows: z.number().int(),
  cancelledAmount: z.number(),
  message: z.string(),
});
export type BulkCancelResponse = z.infer<typeof BulkCancelResponse>;

/** GET /api/orders/bulk/history?page&limit&search&from&to (search: bulk order id). */
export const BulkHistoryQuery = withDateOrder(ListQueryFields);
export type BulkHistoryQuery = z.input<typeof BulkHistoryQuery>;

export const BulkHistoryResponse = Pagination.extend({
  bulkOrders: z.array(BulkOrder),
  totalBulkOrders: z.number().int(),
});
export type BulkHistoryResponse = z.infer<typeof BulkHistoryResponse>;

/** GET /api/admin/bulk-orders?page&limit&search&status&from&to (search: bulk order id). */
export const AdminBulkListQuery = withDateOrder(
  ListQueryFields.extend({ status: z.enum(['all', ...BULK_STATUSES]).default('all') }),
);
export type AdminBulkListQuery = z.input<typeof AdminBulkListQuery>;
export const AdminBulkListResponse = BulkHistoryResponse;
export type AdminBulkListResponse = BulkHistoryResponse;

/** The date-order message, re-exported for the bulk history filters. */
export const BULK_DATE_ORDER_MESSAGE = DATE_ORDER_MESSAGE;

// Combined labels (SPEC §7 /api/labels/bulk/{id}) ---------------------------------------------------------------------

/**
 * POST /api/labels/bulk/{id}/link: URLs of the combined labels PDF (inline, and as a download), signed for that bulk
 * order and LABEL_LINK_TTL_SECONDS, so the session token never goes into a URL. GET /api/labels/bulk/{id} also takes
 * the Bearer header (add `?download=1` for an attachment).
 */
export const BulkLabelLinkResponse = z.object({
  url: z.string(),
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type BulkLabelLinkResponse = z.infer<typeof BulkLabelLinkResponse>;
