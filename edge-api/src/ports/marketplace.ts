import { z } from 'zod';

/**
 * The marketplace a seller sells on (Amazon Seller Central): confirming that orders shipped, with the seller's own
 * browser session (cookies + anti-CSRF token). Adapter: HTTP against a base URL from configuration
 * (src/adapters/marketplace/http-marketplace.ts; the embedded marketplace sandbox by default on Node).
 *
 * Marketplace text never reaches the customer raw except a per-order refusal reason (e.g. 'Order not found'), which is
 * the marketplace's word about the customer's own order.
 */

export interface MarketplaceSession {
  /** A Cookie header: 'name=value; name2=value2'. */
  cookies: string;
  csrfToken: string;
}

export const ShipmentConfirmation = z.object({
  amazonOrderId: z.string().min(1),
  carrier: z.string().min(1),
  service: z.string().min(1),
  trackingNumber: z.string().min(1),
  /** ISO 8601. */
  shipDate: z.string().min(1),
});
export type ShipmentConfirmation = z.infer<typeof ShipmentConfirmation>;

export const ShipmentResult = z.discriminatedUnion('status', [
  z.object({ amazonOrderId: z.string(), status: z.literal('confirmed') }),
  z.object({ amazonOrderId: z.string(), status: z.literal('refused'), reason: z.string().max(500) }),
]);
export type ShipmentResult = z.infer<typeof ShipmentResult>;

export type MarketplaceErrorKind =
  /** Cookies missing, signed out or expired, or the CSRF token does not match: the seller must export fresh ones. */
  | 'session_invalid'
  | 'rate_limited'
  /** Down, unreachable, timed out, or an answer we cannot read. */
  | 'unavailable'
  /** Not configured on this deployment. */
  | 'unconfigured';

export class MarketplaceError extends Error {
  readonly kind: MarketplaceErrorKind;
  readonly retryAfterSeconds: number | undefined;
  /** The marketplace's own words, for the log. */
  readonly logMessage: string | undefined;
  constructor(
    kind: MarketplaceErrorKind,
    message: string,
    opts: { retryAfterSeconds?: number; logMessage?: string } = {},
  ) {
    super(message);
    this.name = 'MarketplaceError';
    this.kind = kind;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.logMessage = opts.logMessage;
  }
}

export interface Marketplace {
  /** At most {@link MARKETPLACE_BATCH_SIZE} shipments per call; one result per shipment, in order. */
  confirmShipments(session: MarketplaceSession, shipments: ShipmentConfirmation[]): Promise<ShipmentResult[]>;
}

export const MARKETPLACE_BATCH_SIZE = 50;

export const unconfiguredMarketplace: Marketplace = {
  confirmShipments: () =>
    Promise.reject(new MarketplaceError('unconfigured', 'Amazon confirmation is not configured on this server')),
};
