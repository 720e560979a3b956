import type { BulkFailedOrder, BulkOrderDetailResponse } from '@labeldesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { type OrderRow, orders, users } from '../../db/schema';
import type { Services } from '../../env';
import { type BulkRowCounts, bulkRowRetry, bulkRowState, presentBulkOrder } from '../../lib/presenters/bulk-order';
import { presentOrder } from '../../lib/presenters/order';
import type { ModeCaller } from '../test-mode/test-mode';
import { readableBulkOrder } from './bulk-order-reads';
import { bulkLabelFormatsOf } from './get-bulk-label-document';

/** The rows of one bulk order, in row order (the `orders_bulk_row_unique` index serves it). */
export function bulkOrderRows(services: Services, bulkOrderId: string): Promise<OrderRow[]> {
  return services.db
    .select()
    .from(orders)
    .where(eq(orders.bulkOrderId, bulkOrderId))
    .orderBy(asc(orders.rowIndex), asc(orders.id));
}

/** The same counts as countBulkRows, from rows already read (the detail reads them all anyway). */
export function countRows(
  rows: Pick<OrderRow, 'status' | 'priceCents' | 'lastAttemptError' | 'nextAttemptAt'>[],
): BulkRowCounts {
  const counts: BulkRowCounts = { completed: 0, failed: 0, open: 0, refundedCents: 0, waiting: 0, nextAttemptAt: null };
  for (const row of rows) {
    if (row.status === 'completed') counts.completed += 1;
    else if (row.status === 'failed') {
      counts.failed += 1;
      counts.refundedCents += row.priceCents;
    } else {
      counts.open += 1;
      if (bulkRowState(row) === 'retrying') counts.waiting += 1;
      if (row.nextAttemptAt && (counts.nextAttemptAt === null || row.nextAttemptAt < counts.nextAttemptAt)) {
        counts.nextAttemptAt = row.nextAttemptAt;
      }
    }
  }
  return counts;
}

/** One row of the detail: the order, its CSV row, and where it stands (see bulkRowState). */
export function presentBulkRow(order: OrderRow): BulkOrderDetailResponse['orders'][number] {
  return { ...presentOrder(order), rowIndex: order.rowIndex, rowState: bulkRowState(order), ...bulkRowRetry(order) };
}

/**
 * A failed row as the details modal lists it. `recipient` and `recipientName` both carry the recipient's name (SPEC §3
 * reads "recipient or recipientName": clients read either); `error` is the customer-safe failure reason, `attempts`
 * how many times the provider was asked for the label.
 */
export function presentFailedRow(row: OrderRow): BulkFailedOrder {
  return {
    rowIndex: row.rowIndex ?? -1,
    orderId: row.id,
    recipient: row.recipientName,
    recipientName: row.recipientName,
    error: row.failureReason ?? '',
    attempts: row.purchaseAttempts,
  };
}

/**
 * GET /api/orders/bulk/{id} and GET /api/admin/bulk-orders/{id}: the bulk order, every row's order in row order (each
 * with its `rowIndex`; failed rows included, with their reason), and the failed rows. Another customer's bulk order
 * answers 404; an admin caller also gets the owner (`user`).
 */
export async function getBulkOrder(
  services: Services,
  input: { bulkOrderId: string; caller: ModeCaller },
): Promise<BulkOrderDetailResponse> {
  const { row, owner } = await readableBulkOrder(services, input);
  const admin = input.caller.isAdmin;
  const [rows, user] = await Promise.all([
    bulkOrderRows(services, row.id),
    admin
      ? services.db
          .select({
            _id: users.id,
            name: users.name,
            email: users.email,
            createdAt: users.createdAt,
            isAdmin: users.isAdmin,
          })
          .from(users)
          .where(eq(users.id, row.userId))
          .limit(1)
          .then((found) => found[0])
      : Promise.resolve(undefined),
  ]);
  const printable = rows.filter((order) => order.status === 'completed' && order.voidStatus === null);
  return {
    bulkOrder: presentBulkOrder(row, countRows(rows), owner, { admin }),
    orders: rows.map(presentBulkRow),
    failedOrders: rows.filter((order) => order.status === 'failed').map(presentFailedRow),
    ...(user ? { user } : {}),
    labelFormats: await bulkLabelFormatsOf(services, printable),
  };
}
