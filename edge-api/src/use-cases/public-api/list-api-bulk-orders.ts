import type { ApiKeyMode, BulkOrder, V1BulkOrderListQuery } from '@labeldesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { bulkOrders } from '../../db/schema/bulk-orders';
import { users } from '../../db/schema/users';
import type { Services } from '../../env';
import { cursorPage, cursorPosition, keysetTerms, statusIs } from '../../lib/cursor-page';
import { NO_BULK_ROWS, presentBulkOrder } from '../../lib/presenters/bulk-order';
import { bulkOwnerColumns, countBulkRows } from '../bulk-orders/bulk-order-reads';
import type { ApiListPage } from './list-api-orders';

/**
 * GET /api/v1/bulk-orders: the key owner's bulk orders in the key's mode (`livemode`: web and API ones for a live key,
 * the test key's own for a test key), newest first, one cursor page at a time. Each item is the `bulkOrder` of
 * GET /api/v1/bulk-orders/{id} (status, counts, progress) without its rows, counted for the whole page in one read.
 */
export async function listApiBulkOrders(
  services: Services,
  input: { userId: string; mode: ApiKeyMode; query: V1BulkOrderListQuery },
): Promise<ApiListPage<BulkOrder>> {
  const { query, userId } = input;
  const mode = eq(bulkOrders.livemode, input.mode === 'live');
  const after = await cursorPosition(services.db, bulkOrders, query.starting_after, userId, mode);
  const found = await services.db
    .select({ row: bulkOrders, owner: bulkOwnerColumns })
    .from(bulkOrders)
    .innerJoin(users, eq(users.id, bulkOrders.userId))
    .where(
      and(
        eq(bulkOrders.userId, userId),
        mode,
        ...(query.status ? [statusIs(bulkOrders.status, query.status)] : []),
        ...keysetTerms(bulkOrders, query, after),
      ),
    )
    .orderBy(desc(bulkOrders.createdAt), desc(bulkOrders.id))
    .limit(query.limit + 1);
  const page = cursorPage(
    found.map((f) => ({ ...f, id: f.row.id })),
    query.limit,
  );
  const counts = await countBulkRows(
    services,
    page.rows.map((p) => p.id),
  );
  return {
    data: page.rows.map((p) => presentBulkOrder(p.row, counts.get(p.id) ?? NO_BULK_ROWS, p.owner)),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
