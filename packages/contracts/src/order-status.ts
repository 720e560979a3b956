import { z } from 'zod';

/**
 * Order and delivery statuses (SPEC §4): the statuses a label moves through, the buckets every count adds up in, the
 * customer's and the admin's filters and labels. Split from orders.ts (the order shapes and calls).
 */

// Delivery status (SPEC §4) ------------------------------------------------------------------------------------------

export const DELIVERY_STATUSES = [
  'pending',
  'processing',
  'in_transit',
  'delivered',
  'cancelled',
  'exception',
] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/**
 * The purchase itself (not the parcel): `processing` while the balance is held and the provider is asked;
 * `completed` once the label is bought; `pending_reconciliation` when the provider's answer was lost (timeout) and a
 * job is asking it; `failed` when the provider refused (the hold was refunded at once).
 */
export const ORDER_STATUSES = ['processing', 'completed', 'pending_reconciliation', 'failed'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * A bought label the customer voided: `pending` while the provider settles the refund (nothing credited yet),
 * `refunded` once the price came back (its delivery status is then `cancelled`).
 */
export const VoidStatus = z.enum(['pending', 'refunded']);
export type VoidStatus = z.infer<typeof VoidStatus>;

/**
 * The figures' buckets: every delivery status in exactly one, so the counts of the dashboard cards, the My Orders tabs
 * and the tracking refresh statistics add up to their totals. "Pending" means one thing everywhere: the label is made
 * and the parcel not dropped off yet (pending, or processing: SPEC §4 maps processing to pending). An exception
 * covers the carrier's returned, failed and undeliverable parcels (the providers' return_to_sender/failure/error).
 */
export const DELIVERY_BUCKETS = {
  pending: ['pending', 'processing'],
  in_transit: ['in_transit'],
  delivered: ['delivered'],
  exception: ['exception'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly DeliveryStatus[]>;
export type DeliveryBucket = keyof typeof DELIVERY_BUCKETS;
export const DELIVERY_BUCKET_NAMES = Object.keys(DELIVERY_BUCKETS) as DeliveryBucket[];

/** The bucket of a stored delivery status (unknown text counts as pending, as the customer view shows it). */
export function deliveryBucketOf(status: string): DeliveryBucket {
  for (const bucket of DELIVERY_BUCKET_NAMES) {
    if ((DELIVERY_BUCKETS[bucket] as readonly string[]).includes(status)) return bucket;
  }
  return 'pending';
}

/**
 * Customer tabs (SPEC §2 My Orders): all, pending, in_transit, delivered; `exception` and `cancelled` (the dashboard's
 * Exceptions and Cancelled cards link to them) extend them. `processing` is accepted and means pending.
 */
export const CUSTOMER_STATUS_FILTERS = ['all', 'pending', 'in_transit', 'delivered', 'exception', 'cancelled'] as const;
export const CustomerStatusFilter = z
  .enum(['all', 'pending', 'processing', 'in_transit', 'delivered', 'exception', 'cancelled'])
  .transform((v) => (v === 'processing' ? 'pending' : v));
/** Admin filter (SPEC §2 All Orders): All, Delivered, In Transit, Processing, Cancelled. */
export const ADMIN_STATUS_FILTERS = ['all', 'delivered', 'in_transit', 'processing', 'cancelled'] as const;
export const AdminStatusFilter = z.enum(['all', 'delivered', 'in_transit', 'processing', 'pending', 'cancelled']);

/**
 * Which stored delivery statuses a filter value selects (SPEC §4: "Filter value processing maps to pending; all is no
 * filter"; the customer view counts unknown statuses as pending/Processing). Null = no filter.
 */
export function deliveryStatusesFor(filter: string | undefined): DeliveryStatus[] | null {
  if (filter === 'processing') return [...DELIVERY_BUCKETS.pending];
  const bucket = DELIVERY_BUCKET_NAMES.find((b) => b === filter);
  return bucket ? [...DELIVERY_BUCKETS[bucket]] : null;
}

/** SPEC §4 customer view: unknown → pending ('Processing'). */
export function customerStatusLabel(status: string): string {
  switch (status) {
    case 'in_transit':
      return 'In Transit';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    case 'exception':
      return 'Exception';
    default:
      return 'Processing';
  }
}

/** SPEC §4 admin view: delivered, in_transit, processing, cancelled, else Unknown. */
export function adminStatusLabel(status: string): string {
  switch (status) {
    case 'delivered':
      return 'Delivered';
    case 'in_transit':
      return 'In Transit';
    case 'processing':
    case 'pending':
      return 'Processing';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'Unknown';
  }
}
