import { and, eq, gt, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { orders, PENDING_TRACKING_NUMBER, shippingApis, type TrackingRefreshRunRow } from '../../db/schema';
import { LIVE_ORDERS } from '../test-mode/test-mode';

/**
 * The orders an admin's tracking refresh of one customer looks at: bought labels (with a real tracking number) of a
 * shipping API that still exists; without forceAll, not delivered or cancelled and not checked since `checkedBefore`
 * (the run's start minus an hour).
 */
export function userRefreshOrdersWhere(
  run: Pick<TrackingRefreshRunRow, 'userId' | 'forceAll' | 'checkedBefore'>,
  afterId?: string | null,
): SQL {
  const parts: (SQL | undefined)[] = [
    eq(orders.userId, run.userId),
    LIVE_ORDERS,
    eq(orders.status, 'completed'),
    ne(orders.trackingNumber, PENDING_TRACKING_NUMBER),
    sql`COALESCE(${orders.providerApiId}, ${orders.apiId}) IN (SELECT ${shippingApis.id} FROM ${shippingApis})`,
  ];
  if (!run.forceAll) {
    parts.push(notInArray(orders.deliveryStatus, ['delivered', 'cancelled']));
    parts.push(or(isNull(orders.lastCheckedAt), lt(orders.lastCheckedAt, run.checkedBefore)));
  }
  if (afterId) parts.push(gt(orders.id, afterId));
  return and(...parts) as SQL;
}
