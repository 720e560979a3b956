import { CreateOrderRequest, type V1BulkLabelOrder } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { RowCheck, RowChecker } from '../bulk-orders/validate-bulk-order';

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
    ...(order.reference ? { reference: order.reference } : {}),
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    return { errors, request: null, row: null };
  }
  return { errors: [], request: parsed.data, row: null };
};
