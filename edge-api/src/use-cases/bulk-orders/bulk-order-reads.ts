import { BULK_MESSAGES } from '@labeldesk/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { type BulkOrderRow, bulkOrders, orders, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { type BulkOrderOwner, type BulkRowCounts, NO_BULK_ROWS } from '../../lib/presenters/bulk-order';
import { inCallersMode, type ModeCaller } from '../test-mode/test-mode';

/** Reads shared by the bulk order views (history, detail, failed rows, combined labels). */

/** The owner columns every bulk view selects. */
export const bulkOwnerColumns = { id: users.id, name: users.name, email: users.email } as const;

/**
 * The rows of each bulk order counted by outcome, in ONE grouped query for any number of bulk orders (a page of
 * history costs one read, not one per bulk order). It reads the `orders_bulk_row_unique` index on
 * (bulk_order_id, row_index). Bulk orders without rows get {@link NO_BULK_ROWS}.
 */
export async function countBulkRows(services: Services, bulkOrderIds: string[]): Promise<Map<string, BulkRowCounts>> {
  const out = new Map<string, BulkRowCounts>();
  if (bulkOrderIds.length === 0) return out;
  const rows = await services.db
    .select({
      bulkOrderId: orders.bulkOrderId,
      completed: sql<number>`COALESCE(SUM(CASE WHEN ${orders.status} = 'completed' THEN 1 ELSE 0 END), 0)`,
      failed: sql<number>`COALESCE(SUM(CASE WHEN ${orders.status} = 'failed' THEN 1 ELSE 0 END), 0)`,
      open: sql<number>`COALESCE(SUM(CASE WHEN ${orders.status} IN ('processing', 'pending_reconciliation') THEN 1 ELSE 0 END), 0)`,
      refundedCents: sql<number>`COALESCE(SUM(CASE WHEN ${orders.status} = 'failed' THEN ${orders.priceCents} ELSE 0 END), 0)`,
      waiting: sql<number>`COALESCE(SUM(CASE WHEN ${orders.status} = 'pending_reconciliation' OR (${orders.status} = 'processing' AND ${orders.lastAttemptError} IS NOT NULL) THEN 1 ELSE 0 END), 0)`,
      nextAttemptAt: sql<
        string | null
      >`MIN(CASE WHEN ${orders.status} IN ('processing', 'pending_reconciliation') THEN ${orders.nextAttemptAt} END)`,
    })
    .from(orders)
    .where(inArray(orders.bulkOrderId, bulkOrderIds))
    .groupBy(orders.bulkOrderId);
  for (const id of bulkOrderIds) out.set(id, NO_BULK_ROWS);
  for (const row of rows) {
    if (!row.bulkOrderId) continue;
    out.set(row.bulkOrderId, {
      completed: Number(row.completed),
      failed: Number(row.failed),
      open: Number(row.open),
      refundedCents: Number(row.refundedCents),
      waiting: Number(row.waiting),
      nextAttemptAt: row.nextAttemptAt ?? null,
    });
  }
  return out;
}

export interface ReadableBulkOrder {
  row: BulkOrderRow;
  owner: BulkOrderOwner;
}

/**
 * One bulk order the caller may read: their own, or any for an admin. Another customer's bulk order answers exactly
 * like one that does not exist (404 'Bulk order not found'), so ids cannot be probed; so does one of the other mode
 * (a test key's bulk orders are read by test keys only, see ModeCaller).
 */
export async function readableBulkOrder(
  services: Services,
  input: { bulkOrderId: string; caller: ModeCaller },
): Promise<ReadableBulkOrder> {
  const [found] = await services.db
    .select({ row: bulkOrders, owner: bulkOwnerColumns })
    .from(bulkOrders)
    .innerJoin(users, eq(users.id, bulkOrders.userId))
    .where(eq(bulkOrders.id, input.bulkOrderId))
    .limit(1);
  if (
    !found ||
    (found.row.userId !== input.caller.id && !input.caller.isAdmin) ||
    !inCallersMode(found.row, input.caller)
  ) {
    throw new ApiError('not_found', BULK_MESSAGES.bulkOrderNotFound);
  }
  return found;
}

/** A bulk order by id, whoever owns it (jobs). */
export async function readBulkOrder(services: Services, bulkOrderId: string): Promise<BulkOrderRow | undefined> {
  const [row] = await services.db.select().from(bulkOrders).where(eq(bulkOrders.id, bulkOrderId)).limit(1);
  return row;
}
