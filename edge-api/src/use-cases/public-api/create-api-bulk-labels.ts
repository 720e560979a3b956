import { CreateOrderRequest, type V1BulkLabelOrder, type V1CreateBulkLabelsRequest } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { Services } from '../../env';
import { type CreateBulkOrderResult, createBulkOrder } from '../bulk-orders/create-bulk-order';
import type { RowCheck, RowChecker } from '../bulk-orders/validate-bulk-order';
import { serviceRefOf } from './create-api-label';

export type V1CreateBulkLabelsData = z.output<typeof V1CreateBulkLabelsRequest>;
type V1BulkLabelOrderData = z.output<typeof V1BulkLabelOrder>;

/**
 * A v1 bulk row (already validated by V1BulkLabelOrder in the route) as the order it asks for: the POST /api/orders
 * body of the bulk selection, checked by CreateOrderRequest like a manual order. The request's `template` wins over
 * the row's own (the bulk order has one template, as on the web app).
 */
export const checkApiBulkRow: RowChecker = (data, selection): RowCheck => {
  const order = data as V1BulkLabelOrderData;
  const template = selection.template || order.packageDetails.template;
  const parsed = CreateOrderRequest.safeParse({
    apiId: selection.apiId,
    carrier: selection.carrier,
    serviceType: selection.service,
    sender: order.sender,
    recipient: order.recipient,
    packageDetails: { ...order.packageDetails, ...(template ? { template } : {}) },
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    return { errors, request: null, row: null };
  }
  return { errors: [], request: parsed.data, row: null };
};

/**
 * POST /api/v1/create-bulk-labels with a LIVE key: the web app's bulk engine (createBulkOrder, source 'api'), the
 * orders in the POST /api/orders shape instead of CSV rows. Every row is checked and priced again on the server (an
 * invalid one → 400 naming the rows, nothing written); one hold of the total (an overdraft → 402, nothing written);
 * one queued job per row; failed rows refunded as they settle. An Idempotency-Key replays the first bulk order (the
 * same body) or answers 409 (another body), so nothing is ever charged twice. Test keys: see createTestBulkLabels.
 */
export async function createApiBulkLabels(
  services: Services,
  input: { userId: string; request: V1CreateBulkLabelsData; idempotencyKey?: string | undefined },
): Promise<CreateBulkOrderResult> {
  const { request } = input;
  const ref = await serviceRefOf(services, request);
  return createBulkOrder(services, {
    userId: input.userId,
    request: {
      apiId: ref.apiId,
      carrier: ref.carrier,
      service: ref.serviceType,
      template: request.template,
      orders: request.orders.map((data, rowIndex) => ({ rowIndex, data })),
    },
    idempotencyKey: input.idempotencyKey,
    source: 'api',
    checkRow: checkApiBulkRow,
  });
}
