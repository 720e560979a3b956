import type { AdminOrderListQuery } from '@labeldesk/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type OrderRow, orders, users } from '../../db/schema';
import type { Services } from '../../env';
import type { OrderOwner } from '../order-history/get-order';
import { allOf, orderFilterConditions } from '../order-history/order-filters';

type ParsedQuery = z.output<typeof AdminOrderListQuery>;

export interface AdminOrderRow {
  order: OrderRow;
  owner: OrderOwner;
}

/**
 * GET /api/admin/orders (SPEC §2 Admin All Orders, Individual Orders): one page of every customer's listed orders,
 * newest first, each with its owner. Filters: delivery status (processing = pending + processing), search over the
 * order id, tracking number, recipient name, destination and the owner's name and email, and UTC days (end
 * inclusive).
 */
export async function listAllOrders(
  services: Services,
  input: { query: ParsedQuery },
): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const { query } = input;
  const where = allOf(orderFilterConditions(query, [users.name, users.email]));
  const [rows, totals] = await Promise.all([
    services.db
      .select({
        order: orders,
        owner: {
          id: users.id,
          name: users.name,
          email: users.email,
          createdAt: users.createdAt,
          isAdmin: users.isAdmin,
        },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    services.db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
