import type { BulkProcessingStatus, V1CreateBulkLabelsRequest, V1RejectedBulkOrder } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { Services } from '../../env';
import { bulkProcessingStatus, NO_BULK_ROWS } from '../../lib/presenters/bulk-order';
import type { BulkProcessData } from '../bulk-orders/bulk-purchase';
import { createBulkOrder } from '../bulk-orders/create-bulk-order';
import { checkApiBulkRow } from './check-api-bulk-row';
import { serviceRefOf } from './create-api-label';
import { nothingValid, splitPartialBulkOrders } from './split-partial-bulk-orders';

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
  /** `partial: true` only: the orders not bought, with their reasons. */
  rejected?: V1RejectedBulkOrder[];
}

/**
 * POST /api/v1/create-bulk-labels. A LIVE key runs the web app's bulk engine (createBulkOrder, source 'api') with the
 * orders in the POST /api/orders shape instead of CSV rows: every row checked and priced again on the server (an
 * invalid one → 400 naming the rows, nothing written), one hold of the total (an overdraft → 402, nothing written),
 * one queued job per row, failed rows refunded as they settle. A TEST key runs the same engine with `livemode: false`
 * (README "Test mode": the sandbox of the API's kind, the daily test quota, no hold). An Idempotency-Key replays the first bulk order (same body) or answers 409.
 * With `partial: true` the orders that cannot be bought are set aside first (splitPartialBulkOrders) and returned in
 * `rejected`; the rest go through the same engine (400 only when none is left).
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
  const selection = { apiId: ref.apiId, carrier: ref.carrier, service: ref.serviceType, template: request.template };
  let rows: { rowIndex: number; data: unknown }[];
  let rejected: V1RejectedBulkOrder[] | undefined;
  if (request.partial) {
    const split = await splitPartialBulkOrders(services, { userId, selection, orders: request.orders });
    if (split.valid.length === 0) throw nothingValid(split.rejected);
    // Each order keeps its index as its row, so the bulk order's rows name the request's own orders.
    rows = split.valid;
    rejected = split.rejected;
  } else {
    rows = request.orders.map((data, rowIndex) => ({ rowIndex, data }));
  }
  const engineRequest: BulkProcessData = { ...selection, orders: rows };
  const partial = rejected ? { rejected } : {};
  const result = await createBulkOrder(services, {
    userId,
    request: engineRequest,
    idempotencyKey,
    source: 'api',
    // A partial request's key is bound to all of it, rejected orders included (the engine sees the valid ones only).
    ...(request.partial ? { requestFingerprint: request } : {}),
    checkRow: checkApiBulkRow,
    livemode: input.mode === 'live',
  });
  return {
    ...partial,
    kind: result.kind,
    bulkOrderId: result.bulkOrder.id,
    totalPriceCents: result.bulkOrder.totalPriceCents,
    balanceCents: result.balanceCents,
    background: true,
    processingStatus: bulkProcessingStatus(result.bulkOrder, { ...NO_BULK_ROWS, ...result.counts }),
  };
}
