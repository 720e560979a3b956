import type { AdminBulkListQuery, BulkHistoryResponse } from '@labeldesk/contracts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type BulkOrderRow, bulkOrders, users } from '../../db/schema';
import type { Services } from '../../env';
import { contains, dayRange, totalPages } from '../../lib/list-query';
import { NO_BULK_ROWS, presentBulkOrder } from '../../lib/presenters/bulk-order';
import { LIVE_BULK_ORDERS } from '../test-mode/test-mode';
import { bulkOwnerColumns, countBulkRows } from './bulk-order-reads';

/** A parsed history query; the customer's has no status filter (it is then 'all'). */
type ParsedQuery = Omit<z.output<typeof AdminBulkListQuery>, 'status'> & { status?: string | undefined };

/** Whose bulk orders: the caller's own (customer history) or everyone's (admin Bulk Orders tab). */
export type BulkListScope = { kind: 'owner'; userId: string } | { kind: 'all' };

/**
 * GET /api/orders/bulk/history and GET /api/admin/bulk-orders: one page of bulk orders, newest first, filtered by a
 * case-insensitive search over the bulk order id, the status (admin) and UTC days (end inclusive), with the number
 * matching the filters. Three reads whatever the page size: the page, its total, and the rows counted for the page.
 * Everyone's list (the admin's) also shows each owner's email.
 */
export async function listBulkOrders(
  services: Services,
  input: { scope: BulkListScope; query: ParsedQuery },
): Promise<BulkHistoryResponse> {
  const { query, scope } = input;
  // Web and admin lists: live bulk orders only (a test key's are read through v1 with that key).
  const terms: SQL[] = [LIVE_BULK_ORDERS];
  if (scope.kind === 'owner') terms.push(eq(bulkOrders.userId, scope.userId));
  if (query.status && query.status !== 'all') {
    terms.push(eq(bulkOrders.status, query.status as BulkOrderRow['status']));
  }
  const search = query.search?.trim();
  if (search) terms.push(contains(bulkOrders.id, search));
  const range = dayRange(query.from, query.to);
  if (range.start) terms.push(gte(bulkOrders.createdAt, range.start));
  if (range.end) terms.push(lt(bulkOrders.createdAt, range.end));
  const where = and(...terms);

  const [page, totals] = await Promise.all([
    services.db
      .select({ row: bulkOrders, owner: bulkOwnerColumns })
      .from(bulkOrders)
      .innerJoin(users, eq(users.id, bulkOrders.userId))
      .where(where)
      .orderBy(desc(bulkOrders.createdAt), desc(bulkOrders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    services.db.select({ n: count() }).from(bulkOrders).where(where),
  ]);
  const counts = await countBulkRows(
    services,
    page.map((p) => p.row.id),
  );
  const total = totals[0]?.n ?? 0;
  return {
    bulkOrders: page.map((p) =>
      presentBulkOrder(p.row, counts.get(p.row.id) ?? NO_BULK_ROWS, p.owner, { admin: scope.kind === 'all' }),
    ),
    totalBulkOrders: total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
}
