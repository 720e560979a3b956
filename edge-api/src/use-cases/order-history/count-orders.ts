import type { OrderCounts } from '@labeldesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Services } from '../../env';
import { isListed } from './order-filters';

/**
 * GET /api/orders/counts: the caller's listed orders by My Orders tab, counted in SQL (index on user_id):
 * all, pending (delivery status pending or processing), in_transit, delivered.
 */
export async function countOrders(services: Services, input: { userId: string }): Promise<OrderCounts> {
  const [row] = await services.db
    .select({
      all: sql<number>`COUNT(*)`,
      pending: sql<number>`COALESCE(SUM(CASE WHEN ${orders.deliveryStatus} IN ('pending', 'processing') THEN 1 ELSE 0 END), 0)`,
      inTransit: sql<number>`COALESCE(SUM(CASE WHEN ${orders.deliveryStatus} = 'in_transit' THEN 1 ELSE 0 END), 0)`,
      delivered: sql<number>`COALESCE(SUM(CASE WHEN ${orders.deliveryStatus} = 'delivered' THEN 1 ELSE 0 END), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), isListed()));
  return {
    all: Number(row?.all ?? 0),
    pending: Number(row?.pending ?? 0),
    in_transit: Number(row?.inTransit ?? 0),
    delivered: Number(row?.delivered ?? 0),
  };
}
