import {
  BULK_MESSAGES,
  type BulkCancelResponse,
  type BulkHistoryResponse,
  type BulkOrderDetailResponse,
  type BulkProcessingStatus,
  type BulkProcessResponse,
  type BulkValidateResponse,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { centsToUsd } from '../../lib/money';
import { requireUser } from '../../middleware/auth';
import { buildFailedRowsCsv } from '../../use-cases/bulk-orders/build-failed-rows-csv';
import { cancelBulkOrder } from '../../use-cases/bulk-orders/cancel-bulk-order';
import { createBulkOrder } from '../../use-cases/bulk-orders/create-bulk-order';
import { getBulkOrder } from '../../use-cases/bulk-orders/get-bulk-order';
import { listBulkOrders } from '../../use-cases/bulk-orders/list-bulk-orders';
import type { BulkRowCounts } from '../../use-cases/bulk-orders/settle-bulk-order';
import { validateBulkOrder } from '../../use-cases/bulk-orders/validate-bulk-order';
import { bulkOrdersValidators } from './bulk-orders.routes';

const factory = createFactory<AppEnv>();

function processingStatus(counts: BulkRowCounts, status: string): BulkProcessingStatus {
  return {
    isProcessing: status === 'processing',
    totalLabels: counts.total,
    labelsProcessed: counts.completed + counts.failed,
    labelsRemaining: counts.open,
    labelsFailed: counts.failed,
    // Just created: no row has been tried yet.
    labelsWaiting: 0,
    nextAttemptAt: null,
  };
}

export const validate = factory.createHandlers(
  requireUser,
  bulkOrdersValidators.bodyLimit,
  bulkOrdersValidators.validate,
  async (c) => {
    const result = await validateBulkOrder(c.get('services'), {
      userId: c.get('user').id,
      request: c.req.valid('json'),
    });
    const body: BulkValidateResponse = {
      results: result.rows.map((r) => ({
        rowIndex: r.rowIndex,
        isValid: r.valid,
        errors: r.errors,
        price: r.valid ? centsToUsd(r.priceCents) : null,
      })),
      validCount: result.validCount,
      invalidCount: result.invalidCount,
      totalPrice: centsToUsd(result.totalPriceCents),
    };
    return c.json(body, 200);
  },
);

export const processBulk = factory.createHandlers(
  requireUser,
  bulkOrdersValidators.bodyLimit,
  bulkOrdersValidators.idempotencyKey,
  bulkOrdersValidators.process,
  async (c) => {
    const result = await createBulkOrder(c.get('services'), {
      userId: c.get('user').id,
      request: c.req.valid('json'),
      idempotencyKey: c.get('idempotencyKey'),
    });
    const body: BulkProcessResponse = {
      bulkOrderId: result.bulkOrder.id,
      isBackgroundProcessing: true,
      processingStatus: processingStatus(result.counts, result.bulkOrder.status),
      totalPrice: centsToUsd(result.bulkOrder.totalPriceCents),
      newBalance: centsToUsd(result.balanceCents),
      message: BULK_MESSAGES.started,
    };
    return c.json(body, result.kind === 'created' ? 201 : 200);
  },
);

export const history = factory.createHandlers(requireUser, bulkOrdersValidators.history, async (c) => {
  const body: BulkHistoryResponse = await listBulkOrders(c.get('services'), {
    scope: { kind: 'owner', userId: c.get('user').id },
    query: c.req.valid('query'),
  });
  return c.json(body, 200);
});

export const get = factory.createHandlers(requireUser, bulkOrdersValidators.id, async (c) => {
  const body: BulkOrderDetailResponse = await getBulkOrder(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    caller: c.get('user'),
  });
  return c.json(body, 200);
});

export const failedCsv = factory.createHandlers(requireUser, bulkOrdersValidators.id, async (c) => {
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

/** The owner, or an admin for any bulk order (readableBulkOrder); another customer's id answers 404. */
export const cancel = factory.createHandlers(requireUser, bulkOrdersValidators.id, async (c) => {
  const body: BulkCancelResponse = await cancelBulkOrder(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    caller: c.get('user'),
  });
  return c.json(body, 200);
});
