import type { AdminBulkListResponse, BulkOrderDetailResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { totalPages } from '../../lib/list-query';
import { presentBulkOrder } from '../../lib/presenters/bulk-order';
import { requireAdmin } from '../../middleware/auth';
import { getBulkOrder } from '../../use-cases/bulk-orders/get-bulk-order';
import { listBulkOrders } from '../../use-cases/bulk-orders/list-bulk-orders';
import { adminBulkOrdersValidators } from './admin-bulk-orders.routes';

const factory = createFactory<AppEnv>();

export const list = factory.createHandlers(requireAdmin, adminBulkOrdersValidators.list, async (c) => {
  const query = c.req.valid('query');
  const { items, total } = await listBulkOrders(c.get('services'), { scope: { kind: 'all' }, query });
  const body: AdminBulkListResponse = {
    bulkOrders: items.map((item) => presentBulkOrder(item.row, item.counts, item.owner, { admin: true })),
    totalBulkOrders: total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
  return c.json(body, 200);
});

export const get = factory.createHandlers(requireAdmin, adminBulkOrdersValidators.id, async (c) => {
  const body: BulkOrderDetailResponse = await getBulkOrder(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    caller: c.get('user'),
  });
  return c.json(body, 200);
});
