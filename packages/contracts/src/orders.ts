import { z } from 'zod';
import { AddressInput } from './addresses';
import { requiredText } from './common';
import { LabelFormat, ORDER_REFERENCE_MAX, ORDER_REFERENCE_MESSAGE, USPS_TEMPLATE_TEXT } from './labels';
import { ListQueryFields, Pagination, withDateOrder } from './money';
import { ORDER_MESSAGES } from './order-messages';
import { AdminStatusFilter, CustomerStatusFilter, DeliveryStatus, OrderStatus, VoidStatus } from './order-status';
import { Carrier, WeightUnit } from './providers';

/**
 * Orders, labels, tracking and label statistics (SPEC §2 Dashboard, My Orders, Manual Order, Admin Overview, Admin All
 * Orders; §3 Order, Tracking info, Order stats, Label stats; §4 delivery statuses; §5 manual order rules; §7 calls).
 * Money is decimal USD on the wire, integer cents behind it.
 */

export { ORDER_MESSAGES } from './order-messages';

// Order --------------------------------------------------------------------------------------------------------------

/** Sender or recipient of an order (SPEC §3): name, company, street1, street2, city, state, zip, country, phone, email. */
export const OrderParty = z.object({
  name: z.string(),
  company: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type OrderParty = z.infer<typeof OrderParty>;

export const PackageDetails = z.object({
  weight: z.number(),
  weightUnit: WeightUnit,
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  description: z.string(),
  /** Declared value, USD. */
  value: z.number(),
  /** USPS label template; null for UPS and FedEx. */
  template: z.string().nullable(),
});
export type PackageDetails = z.infer<typeof PackageDetails>;

export const TrackingEvent = z.object({
  status: DeliveryStatus,
  description: z.string(),
  location: z.string().nullable(),
  /** ISO date-time. */
  date: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** SPEC §3 userDetails (admin views only). */
export const OrderUserDetails = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
});

/** One provider API asked while buying an order's label (admins only); see order_attempts for the outcomes. */
export const OrderAttempt = z.object({
  apiId: z.string(),
  apiName: z.string(),
  outcome: z.enum(['bought', 'failed_over', 'skipped', 'not_bought', 'unknown', 'refused']),
  /** What went wrong (admin-facing), or null. */
  error: z.string().nullable(),
  /** ISO 8601. */
  at: z.string(),
});
export type OrderAttempt = z.infer<typeof OrderAttempt>;

/** SPEC §3 Order. */
export const Order = z.object({
  _id: z.string(),
  orderId: z.string(),
  createdAt: z.string(),
  /** 'PENDING' until the provider has issued the label. */
  trackingNumber: z.string(),
  carrier: Carrier,
  serviceType: z.string(),
  serviceName: z.string(),
  /** What the customer paid, USD. */
  price: z.number(),
  deliveryStatus: DeliveryStatus,
  status: OrderStatus,
  recipient: OrderParty,
  sender: OrderParty,
  packageDetails: PackageDetails,
  /** YYYY-MM-DD, or null when unknown. */
  estimatedDelivery: z.string().nullable(),
  userDetails: OrderUserDetails.optional(),
  trackingEvents: z.array(TrackingEvent),
  lastChecked: z.string().nullable(),
  /** The API the customer chose (it priced the order; the customer pays its price). */
  apiId: z.string(),
  apiName: z.string(),
  /**
   * The API the label was bought through once it is bought: the chosen one, or another when a failover moved the
   * purchase there (it failed on the chosen API before any label existed). Null until a label exists.
   */
  boughtVia: z.object({ apiId: z.string(), apiName: z.string() }).nullable(),
  /** Admin order details only: every provider API asked for this label, oldest first. */
  attempts: z.array(OrderAttempt).optional(),
  /** 'City, ST'. */
  destination: z.string(),
  amazonOrderId: z.string().nullable(),
  sku: z.string().nullable(),
  /** The customer's reference printed on the label (issue 24), or null. */
  reference: z.string().nullable().optional(),
  /** The bulk order this label was bought in, or null for a single purchase. */
  bulkOrderId: z.string().nullable(),
  /**
   * The formats this label can be had in (issue 24): those of the API that bought it (LABEL_FORMATS_BY_KIND), empty
   * without a label. Sent with one order (GET /api/orders/{id}), not with lists.
   */
  labelFormats: z.array(LabelFormat).optional(),
  /** A label document can be opened (the order is completed). */
  hasLabel: z.boolean(),
  /** Why the purchase failed (customer-safe text), when status is failed. */
  failureReason: z.string().nullable(),
  /** The label was voided (order-void.ts): refund pending or refunded; null (or absent) when not voided. */
  voidStatus: VoidStatus.nullable().optional(),
});
export type Order = z.infer<typeof Order>;

// Create and price ---------------------------------------------------------------------------------------------------

const MAX_PACKAGE_NUMBER = 10_000;
const packageNumber = (required: string) =>
  z
    .number({ error: required })
    .refine((v) => Number.isFinite(v), required)
    .min(0.1, ORDER_MESSAGES.minPackageNumber)
    .max(MAX_PACKAGE_NUMBER, `Must be at most ${MAX_PACKAGE_NUMBER}`);

const optionalText = (max: number) => z.string().trim().max(max).default('');

/** SPEC §5 address form in an order: the saved-address fields and texts (Name required; 'Street address is
 * required'; ...), plus an optional email; no type or default flag. */
export const OrderPartyInput = AddressInput.omit({ type: true, isDefault: true }).extend({ email: optionalText(254) });
export type OrderPartyInput = z.input<typeof OrderPartyInput>;

/** The package's fields, dimensions flat (what the server works with). */
export const PackageFields = z.object({
  weight: packageNumber(ORDER_MESSAGES.weightRequired),
  weightUnit: WeightUnit.default('lbs'),
  length: packageNumber(ORDER_MESSAGES.dimensionRequired),
  width: packageNumber(ORDER_MESSAGES.dimensionRequired),
  height: packageNumber(ORDER_MESSAGES.dimensionRequired),
  description: optionalText(200),
  /** Declared value in USD; defaults to 0 (SPEC §5). */
  value: z
    .number({ error: ORDER_MESSAGES.invalidValue })
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, ORDER_MESSAGES.invalidValue)
    .default(0),
  /** USPS template (SPEC §9); ignored for UPS and FedEx. Default BASIC. */
  template: z.string().trim().max(40).optional().describe(USPS_TEMPLATE_TEXT),
});

const DIMENSIONS = ['length', 'width', 'height'] as const;
type Dimension = (typeof DIMENSIONS)[number];
/** SPEC §3's nesting, `packageDetails.dimensions.{length,width,height}` (what order answers carry). */
export type PackageDimensionsInput = { [K in Dimension]?: number };

/**
 * Accepts SPEC §3's `dimensions: { length, width, height }` as well as flat `length`/`width`/`height`, and lifts the
 * nested ones into the flat fields the rest of the schema (and its messages) checks. Both given and different → an
 * issue on `dimensions.<name>`.
 */
function liftDimensions(raw: unknown, ctx: z.RefinementCtx): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || !('dimensions' in raw)) return raw;
  const { dimensions, ...flat } = raw as Record<string, unknown>;
  if (dimensions === undefined) return flat;
  if (dimensions === null || typeof dimensions !== 'object' || Array.isArray(dimensions)) {
    ctx.addIssue({ code: 'custom', path: ['dimensions'], message: ORDER_MESSAGES.dimensionsShape });
    return flat;
  }
  const nested = dimensions as Record<string, unknown>;
  const lifted: Record<string, unknown> = { ...flat };
  for (const name of DIMENSIONS) {
    if (nested[name] === undefined) continue;
    if (flat[name] !== undefined && flat[name] !== nested[name]) {
      ctx.addIssue({ code: 'custom', path: ['dimensions', name], message: ORDER_MESSAGES.dimensionsConflict(name) });
    }
    lifted[name] = nested[name];
  }
  return lifted;
}

type FlatPackageInput = z.input<typeof PackageFields>;
/** What a client may send: flat dimensions, nested ones (SPEC §3), or both when they agree. */
export type PackageInput = Omit<FlatPackageInput, Dimension> &
  Partial<Pick<FlatPackageInput, Dimension>> & { dimensions?: PackageDimensionsInput };

export const PackageInput = z.preprocess((raw: PackageInput, ctx) => liftDimensions(raw, ctx), PackageFields);

const PriceFields = PackageFields.pick({ weight: true, weightUnit: true, length: true, width: true, height: true });
type PricePackageInput = Omit<z.input<typeof PriceFields>, Dimension> &
  Partial<Pick<z.input<typeof PriceFields>, Dimension>> & { dimensions?: PackageDimensionsInput };
const PricePackageInput = z.preprocess((raw: PricePackageInput, ctx) => liftDimensions(raw, ctx), PriceFields);

/** Which service: the API, carrier and service name (SPEC §3 order payload: carrier, serviceType, apiId). */
const ServiceRef = z.object({
  apiId: requiredText(ORDER_MESSAGES.apiRequired, 100),
  carrier: Carrier,
  serviceType: requiredText(ORDER_MESSAGES.serviceRequired, 200),
});

/** POST /api/orders/calculate-price. Addresses are optional (the price does not depend on them here). */
export const CalculatePriceRequest = ServiceRef.extend({
  packageDetails: PricePackageInput,
  sender: z
    .object({ zip: z.string().trim().max(20) })
    .partial()
    .optional(),
  recipient: z
    .object({ zip: z.string().trim().max(20) })
    .partial()
    .optional(),
});
export type CalculatePriceRequest = z.input<typeof CalculatePriceRequest>;

export const CalculatePriceResponse = z.object({
  price: z.number(),
  /** YYYY-MM-DD. */
  estimatedDelivery: z.string().nullable(),
});
export type CalculatePriceResponse = z.infer<typeof CalculatePriceResponse>;

/**
 * The customer's own text printed on the label in every format (issue 24); stored, listed and searchable. Optional;
 * trimmed; blank is none. The same field on POST /api/orders, a bulk CSV's `reference` column and the public API.
 */
export const OrderReferenceInput = z.string().trim().max(ORDER_REFERENCE_MAX, ORDER_REFERENCE_MESSAGE).optional();

/**
 * POST /api/orders (SPEC §3 order payload). `price` is what the customer saw: the server prices the order itself and
 * refuses (409) when its price differs, so nobody is charged a price they did not see. `estimatedDelivery` is ignored.
 * An `Idempotency-Key` header makes retries safe.
 */
export const CreateOrderRequest = ServiceRef.extend({
  sender: OrderPartyInput,
  recipient: OrderPartyInput,
  packageDetails: PackageInput,
  price: z.number().nonnegative().optional(),
  estimatedDelivery: z.string().nullable().optional(),
  reference: OrderReferenceInput,
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const CreateOrderResponse = z.object({
  _id: z.string(),
  order: Order,
  message: z.string(),
  /** Balance after the purchase (USD). */
  newBalance: z.number(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

// Lists, counts, stats -----------------------------------------------------------------------------------------------

/** GET /api/orders?page&limit&status&search&from&to. */
export const OrderListQuery = withDateOrder(ListQueryFields.extend({ status: CustomerStatusFilter.default('all') }));
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** GET /api/admin/orders?page&limit&status&search&from&to. */
export const AdminOrderListQuery = withDateOrder(ListQueryFields.extend({ status: AdminStatusFilter.default('all') }));
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

export const OrderListResponse = Pagination.extend({
  orders: z.array(Order),
  totalOrders: z.number().int(),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

/** SPEC §3 Order counts. GET /api/orders/counts: every listed order in `all` and in exactly one of the other five (DELIVERY_BUCKETS). */
export const OrderCounts = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  in_transit: z.number().int(),
  delivered: z.number().int(),
  exception: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderCounts = z.infer<typeof OrderCounts>;

/** SPEC §3 Order stats (last 30 days). */
export const OrderStats = z.object({
  /** pending + inTransit + delivered + exception + cancelled (DELIVERY_BUCKETS). */
  totalOrders: z.number().int(),
  inTransit: z.number().int(),
  pending: z.number().int(),
  delivered: z.number().int(),
  /** Returned, failed or undeliverable parcels (delivery status exception). */
  exception: z.number().int(),
  /** Labels the carrier reports cancelled. */
  cancelled: z.number().int(),
  /** USD. */
  totalSpent: z.number(),
  /** One entry per day of the window, oldest first (YYYY-MM-DD, UTC). */
  dailyOrders: z.array(z.object({ date: z.string(), count: z.number().int(), spent: z.number() })),
});
export type OrderStats = z.infer<typeof OrderStats>;

/** GET /api/orders/date-range/{startDate}/{endDate}: the caller's orders created in the range (end day inclusive). */
export const OrderDateRangeResponse = z.array(Order);
export type OrderDateRangeResponse = z.infer<typeof OrderDateRangeResponse>;

export const OrderResponse = z.object({ order: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;

// Tracking -----------------------------------------------------------------------------------------------------------

/** SPEC §3 Tracking info. `trackingNumber` is null while it is the placeholder PENDING. */
export const TrackingInfo = z.object({
  orderId: z.string(),
  deliveryStatus: DeliveryStatus,
  events: z.array(TrackingEvent),
  lastChecked: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: Carrier,
  estimatedDelivery: z.string().nullable(),
});
export type TrackingInfo = z.infer<typeof TrackingInfo>;

export const TrackingRefreshResponse = TrackingInfo.extend({ message: z.string() });
export type TrackingRefreshResponse = z.infer<typeof TrackingRefreshResponse>;

// Labels -------------------------------------------------------------------------------------------------------------

/** Signed label links live at most this long. */
export const LABEL_LINK_TTL_SECONDS = 300;

/** POST /api/labels/{id}/link: short-lived links signed for one label (no session token in the URL). */
export const LabelLinkResponse = z.object({
  /** PDF inline. */
  url: z.string(),
  /** PDF as an attachment. */
  downloadUrl: z.string(),
  /** A print view of the PDF. */
  printUrl: z.string(),
  expiresAt: z.string(),
});
export type LabelLinkResponse = z.infer<typeof LabelLinkResponse>;

// Admin --------------------------------------------------------------------------------------------------------------

export const LABEL_STATS_PERIODS = ['today', 'week', 'month', 'all'] as const;
export const LabelStatsPeriod = z.enum(LABEL_STATS_PERIODS);
export type LabelStatsPeriod = z.infer<typeof LabelStatsPeriod>;
export const LabelStatsQuery = z.object({ period: LabelStatsPeriod.default('all') });

/** SPEC §3 Label stats: carrierStats (_id carrier, count, totalRevenue), totals. Revenue in USD. */
export const LabelStats = z.object({
  period: LabelStatsPeriod,
  carrierStats: z.array(z.object({ _id: Carrier, count: z.number().int(), totalRevenue: z.number() })),
  totals: z.object({ totalLabels: z.number().int(), totalRevenue: z.number() }),
});
export type LabelStats = z.infer<typeof LabelStats>;
