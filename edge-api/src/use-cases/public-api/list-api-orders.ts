import type { ApiKeyMode, Order, V1OrderListQuery } from '@labeldesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { testOrders } from '../../db/schema/api-keys';
import { orders } from '../../db/schema/orders';
import type { Services } from '../../env';
import { cursorPage, cursorPosition, keysetTerms, statusIs } from '../../lib/cursor-page';
import { presentOrder } from '../../lib/presenters/order';
import { presentTestOrder } from './get-test-order';

export interface ApiListPage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * GET /api/v1/orders: the key owner's orders in the key's mode, newest first, one cursor page at a time, each item
 * presented exactly as GET /api/v1/orders/{id} presents it. A live key lists every order of the account (web, API and
 * bulk rows; `failed` ones too: an integrator reconciles against them); a test key lists its specimens, which are
 * `completed` by definition. `starting_after` must name an order of the same list, else 400.
 */
export async function listApiOrders(
  services: Services,
  input: { userId: string; mode: ApiKeyMode; query: V1OrderListQuery },
): Promise<ApiListPage<Order>> {
  const { query, userId } = input;
  return input.mode === 'live' ? listLive(services, userId, query) : listTest(services, userId, query);
}

async function listLive(services: Services, userId: string, query: V1OrderListQuery): Promise<ApiListPage<Order>> {
  const after = await cursorPosition(services.db, orders, query.starting_after, userId);
  const rows = await services.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        ...(query.status ? [statusIs(orders.status, query.status)] : []),
        ...keysetTerms(orders, query, after),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = cursorPage(rows, query.limit);
  return { data: page.rows.map((row) => presentOrder(row)), hasMore: page.hasMore, nextCursor: page.nextCursor };
}

async function listTest(services: Services, userId: string, query: V1OrderListQuery): Promise<ApiListPage<Order>> {
  const after = await cursorPosition(services.db, testOrders, query.starting_after, userId);
  // A specimen is made complete (presentTestOrder): no other status has any.
  if (query.status && query.status !== 'completed') return { data: [], hasMore: false, nextCursor: null };
  const rows = await services.db
    .select()
    .from(testOrders)
    .where(and(eq(testOrders.userId, userId), ...keysetTerms(testOrders, query, after)))
    .orderBy(desc(testOrders.createdAt), desc(testOrders.id))
    .limit(query.limit + 1);
  const page = cursorPage(rows, query.limit);
  return { data: page.rows.map(presentTestOrder), hasMore: page.hasMore, nextCursor: page.nextCursor };
}
