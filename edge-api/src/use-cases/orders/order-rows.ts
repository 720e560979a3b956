import { ErrorDetail, ORDER_MESSAGES } from '@labeldesk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { reusableStatement } from '../../ports/database';
import { PROVIDER_ERROR_MESSAGES } from '../../ports/label-provider';
import { KEY_UNREADABLE_MESSAGE } from '../shipping-apis/connect-provider';

/** Reads and shared texts of the purchase use-cases (create, buy, refund, reconcile, labels). */

/** Statuses from which a purchase may still end either way (completed with a label, or failed with a refund). */
export const OPEN_ORDER_STATUSES = ['processing', 'pending_reconciliation'] as const;

/** Where a bought label's PDF lives in the blob store. */
export const labelBlobKey = (orderId: string): string => `labels/${orderId}.pdf`;

/** Refund reason when the provider never confirmed the label within the reconciliation window. */
export const RECONCILE_GAVE_UP_MESSAGE =
  'The carrier did not confirm this label in time. The amount was refunded to your balance.';

/**
 * One open row of a bulk order, if any, for the batch that settles one of its rows: read after that row's update in the
 * same transaction, none open means this row was the last (settleBulkOrder then gives the bulk order its status).
 */
export const openBulkRow = reusableStatement((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.bulkOrderId, sql.placeholder('bulkOrderId')), inArray(orders.status, [...OPEN_ORDER_STATUSES])),
    )
    .limit(1),
);

export async function readOrder(services: Services, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await services.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** Failure reasons that are ours or the provider's, not something the customer can fix (502 rather than 400). */
const UPSTREAM_REASONS = new Set<string>([
  PROVIDER_ERROR_MESSAGES.rejected,
  PROVIDER_ERROR_MESSAGES.unavailable,
  PROVIDER_ERROR_MESSAGES.labelNotFound,
  KEY_UNREADABLE_MESSAGE,
  RECONCILE_GAVE_UP_MESSAGE,
]);

/**
 * The error a failed (refunded) purchase answers with when its Idempotency-Key is replayed: its stored reason, as
 * 404 when the service is gone, 502 when the failure was upstream, else 400 (the shipment itself was refused).
 */
export function failedOrderError(order: OrderRow): ApiError {
  const reason = order.failureReason ?? PROVIDER_ERROR_MESSAGES.rejected;
  if (reason === ORDER_MESSAGES.serviceNotFound) return new ApiError('not_found', reason);
  return new ApiError(UPSTREAM_REASONS.has(reason) ? 'upstream_error' : 'invalid_input', reason, {
    details: failureDetailsOf(order),
    logMessage: `order ${order.id} failed earlier and was refunded`,
  });
}

/** What a refusal named, as stored with the failed order (failureDetailsText); none when nothing or unreadable. */
function failureDetailsOf(order: OrderRow): ErrorDetail[] {
  if (!order.failureDetailsJson) return [];
  try {
    const parsed = z.array(ErrorDetail).safeParse(JSON.parse(order.failureDetailsJson));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The refusal's fields as the failed order stores them (null when it named none). */
export function failureDetailsText(details: readonly ErrorDetail[] | undefined): string | null {
  return details && details.length > 0 ? JSON.stringify(details) : null;
}
