import type { OrderCounts } from '@labeldesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Services } from '../../env';
import { bucketCounts, isListed } from './order-filters';

/**
 * GET /api/orders/counts: the caller's listed orders by My Orders tab, counted in SQL (index on user_id): all, and
 * each order in exactly one of pending (delivery status pending or processing), in_transit, delivered, exception,
 * cancelled, so the five add up to all.
 */
export async function countOrders(services: Services, input: { userId: string }): Promise<OrderCounts> {
  const [row] = await services.db
    .select({
      all: sql<number>`COUNT(*)`,
      ...bucketCounts(),
    })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), isListed()));
  return {
    all: Number(row?.all ?? 0),
    pending: Number(row?.pending ?? 0),
    in_transit: Number(row?.inTransit ?? 0),
    delivered: Number(row?.delivered ?? 0),
    exception: Number(row?.exception ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}
