import type { ProviderKind } from '@labeldesk/contracts';
import { z } from 'zod';

/**
 * An upstream label provider (one "shipping API config"): its service catalogue, quotes, label purchase, tracking and
 * void. One adapter per kind of provider, each over `fetch`, the same code on Node and Workers
 * (src/adapters/label-provider/): generic (the sandbox-carrier protocol, http-label-provider.ts), EasyPost, Shippo. Money crosses this port in integer cents; weights in the service's unit.
 *
 * Provider text never reaches a customer: every failure is a {@link ProviderError} whose `message` is ours and safe to
 * show, while the provider's own words go to `logMessage`.
 */

export const ProviderCarrier = z.enum(['UPS', 'USPS', 'FEDEX']);
export type ProviderCarrier = z.infer<typeof ProviderCarrier>;
export const ProviderWeightUnit = z.enum(['lbs', 'oz']);
export type ProviderWeightUnit = z.infer<typeof ProviderWeightUnit>;

/** One tier of the provider's price list: `fromWeight < w <= toWeight`, in the service's unit. */
export const ProviderPriceTier = z.object({
  fromWeight: z.number().nonnegative(),
  toWeight: z.number().positive(),
  priceCents: z.number().int().nonnegative(),
});
export type ProviderPriceTier = z.infer<typeof ProviderPriceTier>;

/** A service as the provider lists it. */
export const ProviderServiceInfo = z.object({
  carrier: ProviderCarrier,
  name: z.string().min(1).max(200),
  serviceCode: z.string().min(1).max(200),
  status: z.enum(['active', 'inactive']),
  /** In `weightUnit`; null when the provider gives none (or 0). */
  maxWeight: z.number().positive().nullable(),
  weightUnit: ProviderWeightUnit,
  prices: z.array(ProviderPriceTier),
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** USPS label templates the provider accepts for it (first = default); [] otherwise. */
  templates: z.array(z.string()),
});
export type ProviderServiceInfo = z.infer<typeof ProviderServiceInfo>;

export const QuoteInput = z.object({
  serviceCode: z.string().min(1),
  fromZip: z.string().min(1),
  toZip: z.string().min(1),
  weight: z.number().positive(),
  weightUnit: ProviderWeightUnit,
});
export type QuoteInput = z.infer<typeof QuoteInput>;

export const ProviderQuote = z.object({
  serviceCode: z.string(),
  carrier: ProviderCarrier,
  serviceName: z.string(),
  priceCents: z.number().int().nonnegative(),
  billedWeight: z.number(),
  billedWeightUnit: ProviderWeightUnit,
  transitDays: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  estimatedDelivery: z.string().nullable(),
});
export type ProviderQuote = z.infer<typeof ProviderQuote>;

export const ProviderAddress = z.object({
  name: z.string(),
  company: z.string().nullable().optional(),
  street1: z.string(),
  street2: z.string().nullable().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string().default('US'),
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});
export type ProviderAddress = z.input<typeof ProviderAddress>;

export const CreateLabelInput = z.object({
  serviceCode: z.string().min(1),
  /** USPS template; dropped for UPS and FedEx by the caller. */
  template: z.string().nullable().optional(),
  from: ProviderAddress,
  to: ProviderAddress,
  package: z.object({
    weight: z.number().positive(),
    weightUnit: ProviderWeightUnit,
    length: z.number().positive(),
    width: z.number().positive(),
    height: z.number().positive(),
    description: z.string().nullable().optional(),
    valueCents: z.number().int().nonnegative().nullable().optional(),
  }),
  /** Our order id, printed on the label. */
  reference: z.string().max(100).optional(),
  /**
   * An earlier attempt of this very purchase may have reached the provider (a retry, the reconciliation, the sweep).
   * Adapters of providers without idempotent purchases (EasyPost, Shippo) then look the purchase up by the
   * idempotency key (kept as the provider's reference) before they buy anything.
   */
  mayExist: z.boolean().optional(),
  /**
   * One key per order (e.g. the order id): the provider returns the same label for a retry, so the adapter may retry a
   * timed-out or failed purchase. Without it a purchase is never retried.
   */
  idempotencyKey: z.string().min(1).max(255).optional(),
  /**
   * The caller has another API to buy through (failover): a failure known to have bought nothing
   * (`ProviderError.nothingBought`) is thrown at once instead of being retried here. Adapters that ignore it are only
   * slower to fail over.
   */
  failFast: z.boolean().optional(),
});
export type CreateLabelInput = z.input<typeof CreateLabelInput>;

/**
 * `created`: the label stands. `void_pending`: the provider accepted a void but settles its refund later (EasyPost's
 * `submitted`, Shippo's `REFUNDPENDING`/`QUEUED`, the carrier sandbox in its pending void mode); the label can no longer
 * be used, but the refund may still be rejected (the carrier scanned it). `voided`: the refund is settled.
 */
export const ProviderLabelStatus = z.enum(['created', 'void_pending', 'voided']);
export type ProviderLabelStatus = z.infer<typeof ProviderLabelStatus>;

export const ProviderLabel = z.object({
  labelId: z.string(),
  status: ProviderLabelStatus,
  carrier: ProviderCarrier,
  serviceName: z.string(),
  serviceCode: z.string(),
  trackingNumber: z.string(),
  priceCents: z.number().int().nonnegative(),
  estimatedDelivery: z.string().nullable(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  /** True when the provider answered a replay of an earlier purchase with the same idempotency key. */
  replayed: z.boolean(),
});
export type ProviderLabel = z.infer<typeof ProviderLabel>;

/** A bought label with its 4x6 PDF. */
export interface PurchasedLabel extends ProviderLabel {
  pdf: Uint8Array;
}

export const ProviderTrackingStatus = z.enum([
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'cancelled',
]);
export type ProviderTrackingStatus = z.infer<typeof ProviderTrackingStatus>;

export const ProviderTracking = z.object({
  trackingNumber: z.string(),
  status: ProviderTrackingStatus,
  estimatedDelivery: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Oldest first. */
  events: z.array(
    z.object({
      status: ProviderTrackingStatus,
      description: z.string(),
      location: z.string().nullable(),
      occurredAt: z.string(),
    }),
  ),
  checkedAt: z.string(),
});
export type ProviderTracking = z.infer<typeof ProviderTracking>;

/**
 * Our taxonomy for provider failures (mapped 1:1 onto API error codes):
 * - upstream_unavailable (503): unreachable, timed out, 503/5xx, rate limited — try again later;
 * - upstream_error (502): answered but refused or garbled the call for a reason that is ours or theirs, not the
 *   customer's (bad API key, unknown route, unexpected body, redirect);
 * - invalid_input (400): the shipment itself was refused (weight above the maximum, inactive service, invalid
 *   address fields) — the customer can fix it;
 * - not_found (404): no such label or tracking number at the provider;
 * - conflict (409): the label can no longer be voided (already scanned).
 *
 * A purchase may also fail with `outcomeUnknown` set: the provider answered in a way that may mean it made (and billed)
 * a label we cannot use — a 2xx that is not JSON, has the wrong shape, has no readable PDF or is too large, or a 5xx
 * other than 502/503/504 after the retries. Such an answer is neither a refusal nor a label: the label must be voided
 * (by `labelId` when the answer named one, else looked up by the Idempotency-Key) before the customer is refunded.
 *
 * `nothingBought` is the adapter's word that the failed call certainly bought and changed nothing, so the caller may
 * buy the same label through another API at once (failover). Only failures known to come before the provider acted
 * qualify: no connection was made (refused, DNS, TLS), the provider refused us up front (401/403/429), a 502/503 from a
 * call that buys nothing, or a purchase answer the provider's protocol documents as buying nothing. Never a timeout
 * after the request was sent, a dropped connection, or a 5xx from the purchase call that the protocol does not vouch
 * for: those are unclear outcomes (lookup and reconciliation). Each adapter decides from its own wire format; callers
 * read only this flag.
 */
export type ProviderErrorCode = 'upstream_unavailable' | 'upstream_error' | 'invalid_input' | 'not_found' | 'conflict';

export interface ProviderErrorDetail {
  /** Dotted field path of the request (our names), e.g. `to.zip`. */
  path: string;
  message: string;
}

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  /** For the log only: what the provider said (status, its code and message). Never shown to customers. */
  readonly logMessage: string;
  /** Customer-safe details (field paths with our own texts). */
  readonly details: ProviderErrorDetail[];
  /** The provider's error code (`weight_exceeds_max`, `service_inactive`, ...), if it answered one. */
  readonly providerCode: string | undefined;
  /** Seconds the provider asked us to wait (Retry-After), if any. */
  readonly retryAfterSeconds: number | undefined;
  /** The provider's HTTP status when it answered (429: rate limited); undefined for network errors and timeouts. */
  readonly httpStatus: number | undefined;
  /** For `weight_exceeds_max`: the service's limit in its unit. */
  readonly maxWeight: { value: number; unit: ProviderWeightUnit } | undefined;
  /**
   * Set on a purchase that may have made a label we cannot use (see above); `labelId` when the answer named one.
   * Undefined on every other failure.
   */
  readonly outcomeUnknown: { labelId: string | undefined } | undefined;
  /** True when the call certainly bought nothing (see above): safe to buy elsewhere. */
  readonly nothingBought: boolean;

  constructor(
    code: ProviderErrorCode,
    message: string,
    opts: {
      logMessage?: string;
      details?: ProviderErrorDetail[];
      providerCode?: string;
      retryAfterSeconds?: number;
      httpStatus?: number;
      maxWeight?: { value: number; unit: ProviderWeightUnit };
      outcomeUnknown?: { labelId: string | undefined };
      nothingBought?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ProviderError';
    this.code = code;
    this.logMessage = opts.logMessage ?? message;
    this.details = opts.details ?? [];
    this.providerCode = opts.providerCode;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.httpStatus = opts.httpStatus;
    this.maxWeight = opts.maxWeight;
    this.outcomeUnknown = opts.outcomeUnknown;
    this.nothingBought = opts.outcomeUnknown === undefined && opts.nothingBought === true;
  }
}

/** Customer-safe texts (ours, not the provider's). 'Service currently unavailable' is SPEC §5. */
export const PROVIDER_ERROR_MESSAGES = {
  unavailable: 'The shipping provider is temporarily unavailable. Please try again later.',
  rejected: 'The shipping provider could not handle the request. Please try again later.',
  keyRefused: 'The shipping provider refused the API key. Check the key (and that it is for this provider).',
  weightExceedsMax: 'Weight exceeds the maximum allowed for this service',
  serviceInactive: 'Service currently unavailable',
  invalidShipment: 'The shipping provider refused the shipment details. Please check the addresses and package.',
  invalidField: 'is invalid',
  labelNotFound: 'Label not found at the shipping provider',
  trackingNotFound: 'Tracking number not found at the shipping provider',
  cannotVoid: 'This label can no longer be voided',
  unsafeUrl: 'The API base URL is not allowed',
} as const;

export interface LabelProvider {
  /** Every service the provider lists now (active and inactive). */
  listServices(): Promise<ProviderServiceInfo[]>;
  /**
   * One authenticated call that buys nothing, to tell a refused key (ProviderError with MSG.keyRefused) before a config
   * is saved. Optional: the generic kind has none (its configs are saved as typed, as the SPEC says).
   */
  checkKey?(): Promise<void>;
  /** A price for one package; buys nothing. */
  quote(input: QuoteInput): Promise<ProviderQuote>;
  /**
   * Buys a label and returns it with its PDF (one call). An answer that may hide a label we cannot use throws a
   * ProviderError with `outcomeUnknown`.
   */
  createLabel(input: CreateLabelInput): Promise<PurchasedLabel>;
  /**
   * The label bought with this Idempotency-Key, or null when the provider has none for it: its proof that a purchase
   * made nothing. Valid while the provider remembers the key (24 hours).
   */
  findLabelByIdempotencyKey(idempotencyKey: string): Promise<ProviderLabel | null>;
  /** The PDF of a label bought earlier. */
  getLabelPdf(labelId: string): Promise<Uint8Array>;
  /**
   * The same label as a 1200x1800 PNG or as ZPL II for a 4x6 thermal printer at `dpi`, rendered by the provider itself
   * (never converted here). Only adapters whose kind lists the format in LABEL_FORMATS_BY_KIND implement it.
   */
  getLabelFile?(labelId: string, format: 'png' | 'zpl', opts: { dpi: 203 | 300 }): Promise<Uint8Array>;
  getTracking(trackingNumber: string): Promise<ProviderTracking>;
  /**
   * Voids (refunds) a label before the carrier's first scan; idempotent: asking again answers where the void stands
   * (`void_pending` until the provider settles it, then `voided`), or a `conflict` ProviderError once it is refused.
   */
  voidLabel(labelId: string): Promise<ProviderLabel>;
}

/** Where a provider lives and how we authenticate (the decrypted key never leaves the server). */
export interface ProviderEndpoint {
  baseUrl: string;
  apiKey: string;
  /** The protocol it speaks; default generic. */
  kind?: ProviderKind;
}

/** Builds provider clients and checks base URLs; one per runtime (see the adapters). */
export interface LabelProviders {
  /**
   * Refuses a base URL we must not call (SSRF guard: scheme, private/loopback/link-local/metadata addresses, and on
   * Node the addresses the host name resolves to). Throws ProviderError('invalid_input', ...) with a message an admin
   * can act on; returns the normalized URL (no trailing slash). An EasyPost or Shippo URL must moreover be the
   * provider's official host or the embedded sandbox of that kind.
   */
  checkBaseUrl(raw: string, kind?: ProviderKind): Promise<string>;
  /** A client for one provider; every call re-checks the base URL first (DNS may have changed since it was saved). */
  connect(endpoint: ProviderEndpoint): LabelProvider;
  /**
   * Test mode (README "Test mode"): where a TEST-key order of an API with this base URL and kind is bought, voided and
   * tracked. `{ useOwnKey: true }`: the API already lives at a sandbox of its kind (the embedded ones, or the one
   * configured for test mode), so its own endpoint is used; an endpoint: the sandbox configured for the kind (with its
   * own key); undefined: no sandbox of that kind, so test mode is unavailable for the API. A real upstream is never
   * answered for a test order.
   */
  testEndpoint(api: { baseUrl: string; kind: ProviderKind }): { useOwnKey: true } | TestSandbox | undefined;
}

/** A sandbox a test order of some provider kind is sent to. */
export interface TestSandbox {
  baseUrl: string;
  apiKey: string;
}
