import { CreateOrderRequest, type V1BulkLabelOrder } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { BulkSelection, RowCheck, RowChecker } from '../bulk-orders/validate-bulk-order';
import { addressIssues } from '../orders/check-addresses';

export type V1BulkLabelOrderData = z.output<typeof V1BulkLabelOrder>;

/**
 * A v1 bulk row (already validated by V1BulkLabelOrder in the route) as the order it asks for: the POST /api/orders
 * body of the bulk selection, checked by CreateOrderRequest like a manual order. The request's `template` wins over
 * the row's own (the bulk order has one template, as on the web app). Its addresses must pass the carriers' US rules
 * (addressIssues), as a single label's do.
 */
export const checkApiBulkRow: RowChecker = (data, selection): RowCheck => {
  const parsed = apiBulkOrderRequest(data as V1BulkLabelOrderData, selection);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    return { errors, request: null, row: null };
  }
  // The US address rules POST /api/v1/create-label refuses an order by (assertShippableAddresses), on the same paths.
  const errors = addressIssues(parsed.data).map((issue) => `${issue.path}: ${issue.message}`);
  return { errors, request: errors.length === 0 ? parsed.data : null, row: null };
};

/** A v1 bulk row as the POST /api/orders body it asks for, checked by CreateOrderRequest (issues on its own paths). */
export function apiBulkOrderRequest(order: V1BulkLabelOrderData, selection: BulkSelection) {
  const template = selection.template || order.packageDetails.template;
  return CreateOrderRequest.safeParse({
    apiId: selection.apiId,
    carrier: selection.carrier,
    serviceType: selection.service,
    sender: order.sender,
    recipient: order.recipient,
    packageDetails: { ...order.packageDetails, ...(template ? { template } : {}) },
    ...(order.reference ? { reference: order.reference } : {}),
  });
}
