import { DELIVERY_BUCKETS, type DeliveryBucket, deliveryStatusesFor } from '@labeldesk/contracts';
import { and, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type OrderStatusValue, orders } from '../../db/schema';
import { contains, dayRange } from '../../lib/list-query';
import { LIVE_ORDERS } from '../test-mode/test-mode';

/**
 * Which orders the lists, counts and statistics show: labels bought (`completed`), purchases in flight
 * (`processing`) and purchases whose provider answer was lost (`pending_reconciliation`: the balance is held for
 * them). A `failed` purchase was refunded at once and is left out of every list, count and sum; GET /api/orders/{id}
 * still answers it (the ledger rows of its debit and refund name it). Live orders only: a test key's orders
 * (livemode false) are never listed, counted or summed here (only the test key's v1 reads see them).
 */
export const LISTED_ORDER_STATUSES = [
  'completed',
  'processing',
  'pending_reconciliation',
] as const satisfies readonly OrderStatusValue[];

export function isListed(): SQL {
  return and(LIVE_ORDERS, inArray(orders.status, LISTED_ORDER_STATUSES)) as SQL;
}

/** The delivery statuses counted as "pending" (SPEC §4: processing maps to pending). */
export const PENDING_DELIVERY_STATUSES = DELIVERY_BUCKETS.pending;

/** How many of the selected orders are in `bucket` (DELIVERY_BUCKETS), as a select field. */
export function bucketCount(bucket: DeliveryBucket): SQL<number> {
  return sql<number>`COALESCE(SUM(CASE WHEN ${inArray(orders.deliveryStatus, [...DELIVERY_BUCKETS[bucket]])} THEN 1 ELSE 0 END), 0)`;
}

/**
 * The select fields counting the selected orders in each of the five buckets: every order in exactly one, so they
 * add up to COUNT(*) (the dashboard cards, the My Orders tabs, the refresh statistics).
 */
export function bucketCounts() {
  return {
    pending: bucketCount('pending'),
    inTransit: bucketCount('in_transit'),
    delivered: bucketCount('delivered'),
    exception: bucketCount('exception'),
    cancelled: bucketCount('cancelled'),
  };
}

export interface OrderFilterInput {
  /** A customer or admin status filter value (`all` or undefined = no filter). */
  status?: string | undefined;
  search?: string | undefined;
  /** YYYY-MM-DD (UTC), first day included. */
  from?: string | undefined;
  /** YYYY-MM-DD (UTC), last day included. */
  to?: string | undefined;
}

/**
 * The WHERE terms of a filtered order list: delivery status (SPEC §4 filter values), a case-insensitive search over
 * the order id, tracking number, recipient name, destination and reference (plus `extraSearch` columns, e.g. the owner's name
 * and email for admins), and the created-at day range with the end day inclusive.
 */
export function orderFilterConditions(input: OrderFilterInput, extraSearch: SQLiteColumn[] = []): SQL[] {
  const out: SQL[] = [isListed()];
  const statuses = deliveryStatusesFor(input.status);
  if (statuses) out.push(inArray(orders.deliveryStatus, statuses));
  const search = input.search?.trim();
  if (search) {
    const columns = [
      orders.id,
      orders.trackingNumber,
      orders.recipientName,
      orders.destination,
      orders.reference,
      ...extraSearch,
    ];
    const any = or(...columns.map((column) => contains(column, search)));
    if (any) out.push(any);
  }
  const range = dayRange(input.from, input.to);
  if (range.start) out.push(gte(orders.createdAt, range.start));
  if (range.end) out.push(lt(orders.createdAt, range.end));
  return out;
}

/** `and` of the terms (never undefined: the listed-status term is always there). */
export function allOf(terms: SQL[]): SQL {
  return and(...terms) ?? isListed();
}
