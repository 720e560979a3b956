import type { ApiKeyMode, BulkOrder, V1BulkOrderListQuery } from '@labeldesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { testBulkOrders } from '../../db/schema/api-keys';
import { bulkOrders } from '../../db/schema/bulk-orders';
import { users } from '../../db/schema/users';
import type { Services } from '../../env';
import { cursorPage, cursorPosition, keysetTerms, statusIs } from '../../lib/cursor-page';
import { NO_BULK_ROWS, presentBulkOrder } from '../../lib/presenters/bulk-order';
import { bulkOwnerColumns, countBulkRows } from '../bulk-orders/bulk-order-reads';
import { presentTestBulkOrder } from './get-test-bulk-order';
import type { ApiListPage } from './list-api-orders';

/**
 * GET /api/v1/bulk-orders: the key owner's bulk orders in the key's mode (web and API ones for a live key; a test
 * key's test bulk orders, complete at once), newest first, one cursor page at a time. Each item is the `bulkOrder` of
 * GET /api/v1/bulk-orders/{id} (status, counts, progress) without its rows, counted for the whole page in one read.
 */
export async function listApiBulkOrders(
  services: Services,
  input: { userId: string; mode: ApiKeyMode; query: V1BulkOrderListQuery },
): Promise<ApiListPage<BulkOrder>> {
  const { query, userId } = input;
  return input.mode === 'live' ? listLive(services, userId, query) : listTest(services, userId, query);
}

async function listLive(
  services: Services,
  userId: string,
  query: V1BulkOrderListQuery,
): Promise<ApiListPage<BulkOrder>> {
  const after = await cursorPosition(services.db, bulkOrders, query.starting_after, userId);
  const found = await services.db
    .select({ row: bulkOrders, owner: bulkOwnerColumns })
    .from(bulkOrders)
    .innerJoin(users, eq(users.id, bulkOrders.userId))
    .where(
      and(
        eq(bulkOrders.userId, userId),
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

async function listTest(
  services: Services,
  userId: string,
  query: V1BulkOrderListQuery,
): Promise<ApiListPage<BulkOrder>> {
  const after = await cursorPosition(services.db, testBulkOrders, query.starting_after, userId);
  // A test bulk order is complete when it is created (presentTestBulkOrder): no other status has any.
  if (query.status && query.status !== 'completed') return { data: [], hasMore: false, nextCursor: null };
  const found = await services.db
    .select({ row: testBulkOrders, ownerName: users.name })
    .from(testBulkOrders)
    .innerJoin(users, eq(users.id, testBulkOrders.userId))
    .where(and(eq(testBulkOrders.userId, userId), ...keysetTerms(testBulkOrders, query, after)))
    .orderBy(desc(testBulkOrders.createdAt), desc(testBulkOrders.id))
    .limit(query.limit + 1);
  const page = cursorPage(
    found.map((f) => ({ ...f, id: f.row.id })),
    query.limit,
  );
  return {
    data: page.rows.map((p) => presentTestBulkOrder(p.row, p.ownerName, p.row.orderCount)),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
