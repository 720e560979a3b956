import type { BulkProcessingStatus, V1CreateBulkLabelsRequest } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { Services } from '../../env';
import { bulkProcessingStatus, NO_BULK_ROWS } from '../../lib/presenters/bulk-order';
import type { BulkProcessData } from '../bulk-orders/bulk-purchase';
import { createBulkOrder } from '../bulk-orders/create-bulk-order';
import { checkApiBulkRow } from './check-api-bulk-row';
import { serviceRefOf } from './create-api-label';
import { createTestBulkLabels } from './create-test-bulk-labels';

export type V1CreateBulkLabelsData = z.output<typeof V1CreateBulkLabelsRequest>;

export interface ApiBulkLabelsResult {
  /** created: 201; replayed: the bulk order an earlier request with the same Idempotency-Key and body created (200). */
  kind: 'created' | 'replayed';
  bulkOrderId: string;
  totalPriceCents: number;
  /** The caller's balance after the hold (live), or untouched (test). */
  balanceCents: number;
  /** Live: rows are bought in the background; test: complete at once. */
  background: boolean;
  processingStatus: BulkProcessingStatus;
}

/**
 * POST /api/v1/create-bulk-labels. A LIVE key runs the web app's bulk engine (createBulkOrder, source 'api') with the
 * orders in the POST /api/orders shape instead of CSV rows: every row checked and priced again on the server (an
 * invalid one → 400 naming the rows, nothing written), one hold of the total (an overdraft → 402, nothing written),
 * one queued job per row, failed rows refunded as they settle. A TEST key runs createTestBulkLabels (the same checks
 * and prices, specimens, no money). An Idempotency-Key replays the first bulk order (same body) or answers 409.
 */
export async function createApiBulkLabels(
  services: Services,
  input: {
    userId: string;
    mode: 'live' | 'test';
    request: V1CreateBulkLabelsData;
    idempotencyKey?: string | undefined;
  },
): Promise<ApiBulkLabelsResult> {
  const { request, userId, idempotencyKey } = input;
  const ref = await serviceRefOf(services, request);
  const engineRequest: BulkProcessData = {
    apiId: ref.apiId,
    carrier: ref.carrier,
    service: ref.serviceType,
    template: request.template,
    orders: request.orders.map((data, rowIndex) => ({ rowIndex, data })),
  };
  if (input.mode === 'test') {
    const result = await createTestBulkLabels(services, { userId, request: engineRequest, idempotencyKey });
    const { bulkOrder } = result;
    const all = bulkOrder.orderCount;
    return {
      kind: result.kind,
      bulkOrderId: bulkOrder.id,
      totalPriceCents: bulkOrder.totalPriceCents,
      balanceCents: result.balanceCents,
      background: false,
      processingStatus: bulkProcessingStatus(
        { status: 'completed', orderCount: all },
        { ...NO_BULK_ROWS, completed: all },
      ),
    };
  }
  const result = await createBulkOrder(services, {
    userId,
    request: engineRequest,
    idempotencyKey,
    source: 'api',
    checkRow: checkApiBulkRow,
  });
  return {
    kind: result.kind,
    bulkOrderId: result.bulkOrder.id,
    totalPriceCents: result.bulkOrder.totalPriceCents,
    balanceCents: result.balanceCents,
    background: true,
    processingStatus: bulkProcessingStatus(result.bulkOrder, { ...NO_BULK_ROWS, ...result.counts }),
  };
}
