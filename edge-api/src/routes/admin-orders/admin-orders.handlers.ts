import type { LabelStats, OrderListResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { totalPages } from '../../lib/list-query';
import { presentOrder } from '../../lib/presenters/order';
import { requireAdmin } from '../../middleware/auth';
import { getLabelStats } from '../../use-cases/admin-orders/get-label-stats';
import { listAllOrders } from '../../use-cases/admin-orders/list-all-orders';
import { adminOrdersValidators } from './admin-orders.routes';

const factory = createFactory<AppEnv>();

export const list = factory.createHandlers(requireAdmin, adminOrdersValidators.list, async (c) => {
  const query = c.req.valid('query');
  const { rows, total } = await listAllOrders(c.get('services'), { query });
  const body: OrderListResponse = {
    orders: rows.map((r) => presentOrder(r.order, r.owner)),
    totalOrders: total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
  return c.json(body, 200);
});

export const labelStats = factory.createHandlers(requireAdmin, adminOrdersValidators.labelStats, async (c) => {
  const body: LabelStats = await getLabelStats(c.get('services'), { period: c.req.valid('query').period });
  return c.json(body, 200);
});
