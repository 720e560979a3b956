import { z } from 'zod';
import { DELIVERY_BUCKETS } from './order-status';
import { Order } from './orders';
import type { Carrier } from './providers';

/**
 * Voiding a bought label (issue 22): POST /api/v1/orders/{id}/void for integrators, POST /api/orders/{id}/void for the
 * web (the customer's My Orders, and the admin's order details for any customer's order). The refund follows the
 * purchase refund's rules: one `label_refund` credit of the price, at most once per order.
 */

/**
 * How long after the purchase a label may be voided, per carrier: the refund windows EasyPost and Shippo apply (USPS
 * 30 days; UPS and FedEx 90). Inside it the carrier's own rule decides ("not scanned yet": the provider answers a
 * conflict once it has the parcel, and so does our tracking once it shows the parcel moving).
 */
export const VOID_WINDOW_DAYS: Record<Carrier, number> = { USPS: 30, UPS: 90, FEDEX: 90 };

export const VOID_MESSAGES = {
  refunded: 'Label voided. The amount was refunded to your balance.',
  pending:
    'Void requested. The carrier settles this refund later: the amount is credited to your balance once it is accepted.',
  testVoided: 'Test label voided. Nothing was charged, so nothing was refunded.',
  alreadyVoided: 'This label has already been voided',
  alreadyPending: 'This label is already being voided; the refund is credited once the carrier accepts it',
  notBought: 'Only a label that was bought can be voided',
  tooLate: (days: number) => `This label can no longer be voided: labels can be voided within ${days} days of purchase`,
  scanned: 'This label can no longer be voided: the carrier already has the package',
  apiGone: 'This label can no longer be voided: its shipping API was removed',
  /** A voided label (or one being voided) is not served: printed and shipped, the carrier would bill it again. */
  labelVoided: 'This label was voided and can no longer be printed',
  /** Web texts. */
  action: 'Void label',
  confirmTitle: 'Void this label?',
  confirmBody: (price: string) =>
    `The label can no longer be used once it is voided. ${price} is refunded to your balance (when the carrier settles the refund, if it does so later).`,
  confirm: 'Void label',
  failed: 'Failed to void label',
  pendingBadge: 'Refund pending',
  voidedBadge: 'Voided',
} as const;

/** When a label's void window closes (ISO 8601). */
export function voidableUntil(order: Pick<Order, 'createdAt' | 'carrier'>): string {
  return new Date(Date.parse(order.createdAt) + VOID_WINDOW_DAYS[order.carrier] * 86_400_000).toISOString();
}

/**
 * Why this order cannot be voided now (a VOID_MESSAGES text), or null when it can: a bought label, not voided (nor
 * being voided), whose parcel has not moved in our tracking, inside its carrier's window. The server decides with the
 * same function; the provider may still refuse (it has scanned the parcel).
 */
export function whyNotVoidable(
  order: Pick<Order, 'status' | 'voidStatus' | 'deliveryStatus' | 'createdAt' | 'carrier'>,
  now: Date,
): string | null {
  if (order.voidStatus === 'refunded') return VOID_MESSAGES.alreadyVoided;
  if (order.voidStatus === 'pending') return VOID_MESSAGES.alreadyPending;
  if (order.status !== 'completed') return VOID_MESSAGES.notBought;
  if (!(DELIVERY_BUCKETS.pending as readonly string[]).includes(order.deliveryStatus)) return VOID_MESSAGES.scanned;
  if (now.getTime() > Date.parse(voidableUntil(order))) return VOID_MESSAGES.tooLate(VOID_WINDOW_DAYS[order.carrier]);
  return null;
}

export const canVoidOrder = (
  order: Pick<Order, 'status' | 'voidStatus' | 'deliveryStatus' | 'createdAt' | 'carrier'>,
  now: Date,
): boolean => whyNotVoidable(order, now) === null;

/**
 * POST /api/orders/{id}/void (200 refunded or replayed, 202 pending): the order afterwards, what was credited now (USD;
 * 0 while the refund is pending, and for a test label) and the owner's balance afterwards.
 */
export const VoidOrderResponse = z.object({
  order: Order,
  message: z.string(),
  refunded: z.number(),
  newBalance: z.number(),
});
export type VoidOrderResponse = z.infer<typeof VoidOrderResponse>;

/** POST /api/v1/orders/{id}/void: the same in the v1 envelope. */
export const V1VoidOrderResponse = z.object({
  status: z.literal('success'),
  livemode: z.boolean(),
  data: VoidOrderResponse,
});
export type V1VoidOrderResponse = z.infer<typeof V1VoidOrderResponse>;
