import type { BulkHistoryResponse, BulkOrderDetailResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { totalPages } from '../../lib/list-query';
import { presentBulkOrder } from '../../lib/presenters/bulk-order';
import { requireUser } from '../../middleware/auth';
import { buildFailedRowsCsv } from '../../use-cases/bulk-orders/build-failed-rows-csv';
import { getBulkOrder } from '../../use-cases/bulk-orders/get-bulk-order';
import { listBulkOrders } from '../../use-cases/bulk-orders/list-bulk-orders';
import { bulkHistoryValidators } from './bulk-history.routes';

const factory = createFactory<AppEnv>();

export const history = factory.createHandlers(requireUser, bulkHistoryValidators.history, async (c) => {
  const query = c.req.valid('query');
  const { items, total } = await listBulkOrders(c.get('services'), {
    scope: { kind: 'owner', userId: c.get('user').id },
    query,
  });
  const body: BulkHistoryResponse = {
    bulkOrders: items.map((item) => presentBulkOrder(item.row, item.counts, item.owner)),
    totalBulkOrders: total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
  return c.json(body, 200);
});

export const get = factory.createHandlers(requireUser, bulkHistoryValidators.id, async (c) => {
  const body: BulkOrderDetailResponse = await getBulkOrder(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    caller: c.get('user'),
  });
  return c.json(body, 200);
});

export const failedCsv = factory.createHandlers(requireUser, bulkHistoryValidators.id, async (c) => {
  const { fileName, csv } = await buildFailedRowsCsv(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    caller: c.get('user'),
  });
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  });
});
