import { BULK_MESSAGES, type BulkCancelResponse } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { centsToUsd } from '../../lib/money';
import type { ModeCaller } from '../test-mode/test-mode';
import { readableBulkOrder } from './bulk-order-reads';
import { getBulkOrder } from './get-bulk-order';
import { stopBulkOrder } from './stop-bulk-order';

/**
 * POST /api/orders/bulk/{id}/cancel (the owner, or an admin for any; another customer's id answers 404 like a missing
 * one) and POST /api/v1/bulk-orders/{id}/cancel: stops the bulk order's rows not bought yet and refunds each one's
 * share of the hold at once (stopBulkOrder: one ledger credit per row, exactly as for a failed row). The bulk order
 * then has its final status, a SPEC one — partial when some labels were bought, failed when none was (all refunded) —
 * with `stoppedAt`/`stopReason` saying it was cancelled, so every client that knows the SPEC's statuses keeps working.
 * A bulk order with nothing left open (finished, or cancelled before) changes nothing: 0 rows, the same detail.
 */
export async function cancelBulkOrder(
  services: Services,
  input: { bulkOrderId: string; caller: ModeCaller },
): Promise<BulkCancelResponse> {
  const { row } = await readableBulkOrder(services, input);
  const byOwner = row.userId === input.caller.id;
  const result =
    row.status === 'processing'
      ? await stopBulkOrder(services, { bulkOrderId: row.id, reason: byOwner ? 'customer' : 'admin' })
      : { refundedRows: 0, refundedCents: 0 };
  const detail = await getBulkOrder(services, input);
  const amount = centsToUsd(result.refundedCents);
  return {
    ...detail,
    cancelledRows: result.refundedRows,
    cancelledAmount: amount,
    message:
      result.refundedRows > 0
        ? BULK_MESSAGES.cancelled(result.refundedRows, `$${amount.toFixed(2)}`)
        : BULK_MESSAGES.nothingToCancel,
  };
}
