import type {
  OrderCounts,
  OrderDateRangeResponse,
  OrderListResponse,
  OrderResponse,
  OrderStats,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { totalPages } from '../../lib/list-query';
import { presentOrder } from '../../lib/presenters/order';
import { requireUser } from '../../middleware/auth';
import { countOrders } from '../../use-cases/order-history/count-orders';
import { getOrder } from '../../use-cases/order-history/get-order';
import { getOrderStats } from '../../use-cases/order-history/get-order-stats';
import { listOrders } from '../../use-cases/order-history/list-orders';
import { listOrdersInRange } from '../../use-cases/order-history/list-orders-in-range';
import { orderHistoryValidators } from './order-history.routes';

const factory = createFactory<AppEnv>();

export const list = factory.createHandlers(requireUser, orderHistoryValidators.list, async (c) => {
  const query = c.req.valid('query');
  const { rows, total } = await listOrders(c.get('services'), { userId: c.get('user').id, query });
  const body: OrderListResponse = {
    orders: rows.map((row) => presentOrder(row)),
    totalOrders: total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
  return c.json(body, 200);
});

export const counts = factory.createHandlers(requireUser, async (c) => {
  const body: OrderCounts = await countOrders(c.get('services'), { userId: c.get('user').id });
  return c.json(body, 200);
});

export const stats = factory.createHandlers(requireUser, async (c) => {
  const body: OrderStats = await getOrderStats(c.get('services'), { userId: c.get('user').id });
  return c.json(body, 200);
});

export const dateRange = factory.createHandlers(requireUser, orderHistoryValidators.dateRange, async (c) => {
  const { startDate, endDate } = c.req.valid('param');
  const rows = await listOrdersInRange(c.get('services'), { userId: c.get('user').id, startDate, endDate });
  const body: OrderDateRangeResponse = rows.map((row) => presentOrder(row));
  return c.json(body, 200);
});

export const get = factory.createHandlers(requireUser, orderHistoryValidators.id, async (c) => {
  const user = c.get('user');
  const { row, owner, attempts, labelFormats } = await getOrder(c.get('services'), {
    orderId: c.req.valid('param').id,
    caller: user,
  });
  const body: OrderResponse = {
    order: { ...presentOrder(row, owner), labelFormats, ...(attempts ? { attempts } : {}) },
  };
  return c.json(body, 200);
});
