import type { ApiKeyMode, Order, V1OrderListQuery } from '@labeldesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import type { Services } from '../../env';
import { cursorPage, cursorPosition, keysetTerms, statusIs } from '../../lib/cursor-page';
import { presentOrder } from '../../lib/presenters/order';

export interface ApiListPage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * GET /api/v1/orders: the key owner's orders in the key's mode (`livemode`), newest first, one cursor page at a time,
 * each item presented exactly as GET /api/v1/orders/{id} presents it. A live key lists every live order of the account
 * (web, API and bulk rows; `failed` ones too: an integrator reconciles against them); a test key its test orders, by
 * the same rules. `starting_after` must name an order of the same list (owner and mode), else 400.
 */
export async function listApiOrders(
  services: Services,
  input: { userId: string; mode: ApiKeyMode; query: V1OrderListQuery },
): Promise<ApiListPage<Order>> {
  const { query, userId } = input;
  const mode = eq(orders.livemode, input.mode === 'live');
  const after = await cursorPosition(services.db, orders, query.starting_after, userId, mode);
  const rows = await services.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        mode,
        ...(query.status ? [statusIs(orders.status, query.status)] : []),
        ...keysetTerms(orders, query, after),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = cursorPage(rows, query.limit);
  return { data: page.rows.map((row) => presentOrder(row)), hasMore: page.hasMore, nextCursor: page.nextCursor };
}
