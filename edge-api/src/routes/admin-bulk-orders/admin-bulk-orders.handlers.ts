import type { AdminBulkListResponse, BulkOrderDetailResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { getBulkOrder } from '../../use-cases/bulk-orders/get-bulk-order';
import { listBulkOrders } from '../../use-cases/bulk-orders/list-bulk-orders';
import { adminBulkOrdersValidators } from './admin-bulk-orders.routes';

const factory = createFactory<AppEnv>();

export const list = factory.createHandlers(requireAdmin, adminBulkOrdersValidators.list, async (c) => {
  const body: AdminBulkListResponse = await listBulkOrders(c.get('services'), {
    scope: { kind: 'all' },
    query: c.req.valid('query'),
  });
  return c.json(body, 200);
});

export const get = factory.createHandlers(requireAdmin, adminBulkOrdersValidators.id, async (c) => {
  const body: BulkOrderDetailResponse = await getBulkOrder(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    caller: c.get('user'),
  });
  return c.json(body, 200);
});
