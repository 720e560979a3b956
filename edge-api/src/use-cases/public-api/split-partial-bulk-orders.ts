import { V1_PARTIAL_MESSAGES, V1BulkLabelOrder, type V1RejectedBulkOrder } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { type BulkSelection, findBulkService } from '../bulk-orders/validate-bulk-order';
import { addressIssues } from '../orders/check-addresses';
import { chargeablePrice } from '../orders/price-purchase';
import { apiBulkOrderRequest, type V1BulkLabelOrderData } from './check-api-bulk-row';

/** `orders[3].recipient.zip` for index 3 and the path ['recipient', 'zip'] (array items as `[i]`). */
export function rowPath(index: number, path: readonly PropertyKey[]): string {
  return `orders[${index}]${path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('')}`;
}

/**
 * POST /api/v1/create-bulk-labels with `partial: true`: each order checked on its own by the checks the bulk engine
 * runs on every row (V1BulkLabelOrder as the route validates it, CreateOrderRequest through apiBulkOrderRequest, the
 * carriers' US address rules (addressIssues), and the price through chargeablePrice for the request's service), so the orders passed on are exactly those the engine
 * accepts. The others come back with every reason on the request's own paths. The service itself being gone or
 * disabled refuses the whole request, as without `partial`.
 */
export async function splitPartialBulkOrders(
  services: Services,
  input: { userId: string; selection: BulkSelection; orders: unknown[] },
): Promise<{ valid: { rowIndex: number; data: V1BulkLabelOrderData }[]; rejected: V1RejectedBulkOrder[] }> {
  const found = await findBulkService(services, input.userId, input.selection);
  const valid: { rowIndex: number; data: V1BulkLabelOrderData }[] = [];
  const rejected: V1RejectedBulkOrder[] = [];
  for (const [index, raw] of input.orders.entries()) {
    const row = V1BulkLabelOrder.safeParse(raw);
    if (!row.success) {
      rejected.push({
        index,
        details: row.error.issues.map((i) => ({ path: rowPath(index, i.path), message: i.message })),
      });
      continue;
    }
    const order = apiBulkOrderRequest(row.data, input.selection);
    if (!order.success) {
      rejected.push({
        index,
        details: order.error.issues.map((i) => ({ path: rowPath(index, i.path), message: i.message })),
      });
      continue;
    }
    const addresses = addressIssues(order.data);
    if (addresses.length > 0) {
      rejected.push({
        index,
        details: addresses.map((d) => ({ path: rowPath(index, d.path.split('.')), message: d.message })),
      });
      continue;
    }
    try {
      chargeablePrice(found, order.data.packageDetails.weight, order.data.packageDetails.weightUnit);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'invalid_input') throw err;
      const details = err.details.length > 0 ? err.details : [{ path: '', message: err.message }];
      rejected.push({
        index,
        details: details.map((d) => ({ path: rowPath(index, d.path ? d.path.split('.') : []), message: d.message })),
      });
      continue;
    }
    valid.push({ rowIndex: index, data: row.data });
  }
  return { valid, rejected };
}

/** `partial: true` and not one order can be bought: 400 with every rejection, nothing bought. */
export function nothingValid(rejected: V1RejectedBulkOrder[]): ApiError {
  return new ApiError('invalid_input', V1_PARTIAL_MESSAGES.nothingValid, {
    details: rejected.flatMap((r) => r.details),
  });
}
