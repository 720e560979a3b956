import type { OrderListQuery } from '@labeldesk/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { allOf, orderFilterConditions } from './order-filters';

type ParsedQuery = z.output<typeof OrderListQuery>;

/**
 * GET /api/orders: one page of the caller's own listed orders (see LISTED_ORDER_STATUSES), newest first, filtered by
 * delivery status, search (order id, tracking number, recipient name, destination) and UTC days (end inclusive), with
 * the number of orders matching the filters.
 */
export async function listOrders(
  services: Services,
  input: { userId: string; query: ParsedQuery },
): Promise<{ rows: OrderRow[]; total: number }> {
  const { query } = input;
  const where = allOf([eq(orders.userId, input.userId), ...orderFilterConditions(query)]);
  const [rows, totals] = await Promise.all([
    services.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    services.db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
