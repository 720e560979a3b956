import { z } from 'zod';
import { DATE_ORDER_MESSAGE } from './money';
import { Carrier, CustomPricingType, WeightUnit } from './providers';

/**
 * Admin: the margin view of /admin/pricing (issue 13). GET /api/admin/pricing/margins?from=YYYY-MM-DD&to=YYYY-MM-DD.
 *
 * Two kinds of figures, never mixed:
 * - **listed** (`listed`, `customers[].listed`): from the provider's CURRENT rates, asked live as the Service Pricing tab
 *   does, against our current base price / tiers (and a customer's current rule). Prices depend on weight, so they
 *   come as weight bands where both prices are constant; `marginCents` is the band with the smallest margin (the worst
 *   case for us), `marginMaxCents` the best.
 * - **sold** (`sold`, `customers[].sold`, `byCarrier`, `totals`): from stored purchases created in the period: only
 *   labels actually bought (status completed; refused/refunded, in-flight and test-key orders are not counted), the
 *   price each customer paid and the provider cost recorded on the order when the label was bought. Labels without a
 *   recorded cost are counted in `labelsWithoutCost` and left out of cost and margin (never guessed).
 *
 * Money is integer cents. Percentages are margin ÷ price × 100, one decimal; null when the price is 0.
 */

export const MARGINS_MESSAGES = {
  invalidDate: 'Dates must be real calendar days in the form YYYY-MM-DD',
  dateOrder: DATE_ORDER_MESSAGE,
  rangeTooLong: 'The period can be at most 366 days',
  loadFailed: 'Failed to load margin data',
} as const;

/** The longest period one request may cover (the figures are aggregated in SQL, but a bound keeps it cheap). */
export const MARGINS_MAX_DAYS = 366;
/** The period when none is given: the last 30 days, today (UTC) included. */
export const MARGINS_DEFAULT_DAYS = 30;

/** A YYYY-MM-DD that is a real calendar day (2026-02-30 is refused). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const day = z.string({ error: MARGINS_MESSAGES.invalidDate }).refine(isCalendarDay, MARGINS_MESSAGES.invalidDate);

/** Days between two calendar days, both included. */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Query: `from` and `to` are UTC days, both included; either may be omitted (see the use-case for the defaults). */
export const MarginsQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: MARGINS_MESSAGES.dateOrder, path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from > q.to || daysInPeriod(q.from, q.to) <= MARGINS_MAX_DAYS, {
    message: MARGINS_MESSAGES.rangeTooLong,
    path: ['to'],
  });
export type MarginsQuery = z.input<typeof MarginsQuery>;

const percent = z.number().nullable();

/** One weight band where our price and the provider's cost are both constant (weights in the service's unit). */
export const MarginBand = z.object({
  fromWeight: z.number(),
  toWeight: z.number(),
  priceCents: z.number().int(),
  providerCostCents: z.number().int(),
  marginCents: z.number().int(),
  marginPercent: percent,
});
export type MarginBand = z.infer<typeof MarginBand>;

/** Listed margin over the bands (see the module comment). */
export const ListedMargin = z.object({
  bands: z.array(MarginBand),
  providerCostMinCents: z.number().int(),
  providerCostMaxCents: z.number().int(),
  priceMinCents: z.number().int(),
  priceMaxCents: z.number().int(),
  /** The smallest margin of any band (worst case), and its percentage. */
  marginCents: z.number().int(),
  marginPercent: percent,
  /** The largest margin of any band. */
  marginMaxCents: z.number().int(),
});
export type ListedMargin = z.infer<typeof ListedMargin>;

/** Sold in the period, from stored purchases. */
export const SoldMargin = z.object({
  labelsSold: z.number().int(),
  /** Σ price paid by customers. */
  revenueCents: z.number().int(),
  /** Σ provider cost recorded on the orders (labels with a recorded cost only). */
  providerCostCents: z.number().int(),
  /** Labels bought whose provider cost was not recorded: not in cost or margin. */
  labelsWithoutCost: z.number().int(),
  /** Σ (price − provider cost) over the labels with a recorded cost. */
  grossMarginCents: z.number().int(),
  marginPercent: percent,
  /** Average stored provider cost and gross margin per label (rounded half up to the cent); null without labels. */
  avgProviderCostCents: z.number().int().nullable(),
  avgMarginCents: z.number().int().nullable(),
});
export type SoldMargin = z.infer<typeof SoldMargin>;

/** Why the provider's current rates are missing for a row. */
export const RatesStatus = z.enum(['ok', 'unavailable', 'not_listed', 'no_price']);
export type RatesStatus = z.infer<typeof RatesStatus>;

export const CustomerMargin = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  ruleType: CustomPricingType,
  /** The rule in words: 'Fixed $5.00', '10% off', '$1.00 off', 'Own tiers'. */
  rule: z.string(),
  /** With this customer's rule, against the provider's current rates; null when those are not available. */
  listed: ListedMargin.nullable(),
  sold: SoldMargin,
  /** Listed worst-case margin or the period's gross margin below zero. */
  loss: z.boolean(),
});
export type CustomerMargin = z.infer<typeof CustomerMargin>;

export const MarginRow = z.object({
  apiId: z.string(),
  apiName: z.string(),
  serviceId: z.string(),
  /** False for a service sold in the period but since removed from our catalogue (its sales still count). */
  inCatalogue: z.boolean(),
  carrier: Carrier,
  serviceName: z.string(),
  serviceCode: z.string(),
  enabled: z.boolean(),
  weightUnit: WeightUnit,
  /** Our price list (null when the service is no longer in our catalogue). */
  basePriceCents: z.number().int().nullable(),
  hasDynamicPricing: z.boolean(),
  tiers: z.array(z.object({ start: z.number(), end: z.number(), priceCents: z.number().int() })),
  ratesStatus: RatesStatus,
  listed: ListedMargin.nullable(),
  sold: SoldMargin,
  customers: z.array(CustomerMargin),
  /** How many of those customers have a loss. */
  customersAtLoss: z.number().int(),
  /** Our base price list sells below the provider's current cost in some band, or the period's gross margin is < 0. */
  loss: z.boolean(),
});
export type MarginRow = z.infer<typeof MarginRow>;

export const CarrierMargin = z.object({
  carrier: Carrier,
  labelsSold: z.number().int(),
  revenueCents: z.number().int(),
  providerCostCents: z.number().int(),
  grossMarginCents: z.number().int(),
  marginPercent: percent,
});
export type CarrierMargin = z.infer<typeof CarrierMargin>;

export const MarginsResponse = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** Each API's provider rates: asked live; `error` says why they are missing (its rows then have no listed margin). */
  apis: z.array(
    z.object({ apiId: z.string(), apiName: z.string(), ratesAvailable: z.boolean(), error: z.string().nullable() }),
  ),
  rows: z.array(MarginRow),
  /** Sold figures per carrier (always UPS, USPS, FEDEX) and in total. */
  byCarrier: z.array(CarrierMargin),
  totals: CarrierMargin.omit({ carrier: true }).extend({ labelsWithoutCost: z.number().int() }),
});
export type MarginsResponse = z.infer<typeof MarginsResponse>;
