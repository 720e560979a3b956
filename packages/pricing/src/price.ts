import { toHundredths, toMicro } from './decimal';
import { PRICE_FAILURE_MESSAGES, PRICING_MESSAGES } from './messages';
import { applyPercentageDiscount, assertCents } from './money';
import { findTier, normalizeTiers, type Tier, type TierLookup, validateTiers } from './tiers';
import {
  exceedsMax,
  maxWeightMessage,
  WEIGHT_UNITS,
  type WeightLimitedService,
  type WeightUnit,
  weightToHundredths,
  weightUnitFor,
} from './weight';

/**
 * What pricing needs of a service (SPEC §3), money in cents. Tiers and maxWeight are in the service's unit (oz when the
 * name says so, else lbs). Build `pricingTiers` with `normalizeTiers`.
 */
export interface PricedService extends WeightLimitedService {
  name: string;
  basePriceCents: number;
  maxWeight?: number | null;
  hasDynamicPricing?: boolean;
  pricingTiers?: readonly Tier[];
}

/** SPEC §3 custom pricing types. */
export const CUSTOM_PRICING_TYPES = ['fixed', 'discount_percentage', 'discount_amount', 'dynamic'] as const;
export type CustomPricingType = (typeof CUSTOM_PRICING_TYPES)[number];

/**
 * One customer's override for one service (SPEC §3), money in cents. Only the field of `type` is read:
 * fixed → fixedPriceCents; discount_percentage → discountPercentage (0-100, read to 0.01 %); discount_amount →
 * discountAmountCents; dynamic → dynamicTiers (same units as the service's tiers).
 */
export interface CustomServicePricing {
  type: CustomPricingType;
  fixedPriceCents?: number | null;
  discountPercentage?: number | null;
  discountAmountCents?: number | null;
  dynamicTiers?: readonly Tier[];
  applyToAllTiers?: boolean;
}

/** Custom pricing of one user for one API (SPEC §3): enabled, carriers map with enabled and services (by name). */
export interface CustomPricingFor<S> {
  enabled?: boolean;
  carriers?: Readonly<Record<string, { enabled?: boolean; services?: Readonly<Record<string, S>> } | undefined>>;
}

function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  if (!record) return undefined;
  if (Object.hasOwn(record, key)) return record[key];
  const lower = key.toLowerCase();
  const match = Object.keys(record).find((k) => k.toLowerCase() === lower);
  return match === undefined ? undefined : record[match];
}

/**
 * The customer's rule for one service, or undefined when none applies (SPEC §3): custom pricing must be enabled for the
 * API AND for the carrier AND have an entry for the service. Carrier and service keys match exactly, else
 * case-insensitively ('FedEx' finds 'FEDEX'). Works on stored (decimal) or normalized shapes alike.
 */
export function selectCustomServicePricing<S>(
  customPricing: CustomPricingFor<S> | null | undefined,
  carrier: string,
  serviceName: string,
): S | undefined {
  if (customPricing?.enabled !== true) return undefined;
  const carrierPricing = ownValue(customPricing.carriers, carrier);
  if (carrierPricing?.enabled !== true) return undefined;
  return ownValue(carrierPricing.services, serviceName);
}

/**
 * A rule as the API and the database hold it (decimal USD: fixedPrice, discountAmount; tiers with any of the tier
 * field names) → {@link CustomServicePricing}. Money is rounded half-up to the cent; an unreadable amount becomes null
 * (the rule is then reported invalid if its type needs it). May throw `PricingError` for unreadable tiers.
 */
export function normalizeCustomServicePricing(raw: unknown): CustomServicePricing {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const cents = (value: unknown): number | null => (typeof value === 'number' ? toHundredths(value) : null);
  return {
    type: record.type as CustomPricingType,
    fixedPriceCents: cents(record.fixedPrice),
    discountPercentage: typeof record.discountPercentage === 'number' ? record.discountPercentage : null,
    discountAmountCents: cents(record.discountAmount),
    dynamicTiers: normalizeTiers(record.dynamicTiers),
    applyToAllTiers: record.applyToAllTiers === true,
  };
}

const isCents = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Problems of the fields the rule's type uses, tiers excepted (checked on write, looked up leniently on read). */
function scalarProblems(rule: CustomServicePricing): string[] {
  switch (rule.type) {
    case 'fixed':
      return isCents(rule.fixedPriceCents) ? [] : [PRICING_MESSAGES.invalidPrice];
    case 'discount_amount':
      return isCents(rule.discountAmountCents) ? [] : [PRICING_MESSAGES.invalidAmount];
    case 'discount_percentage': {
      const p = rule.discountPercentage;
      return typeof p === 'number' && Number.isFinite(p) && p >= 0 && p <= 100
        ? []
        : [PRICING_MESSAGES.invalidPercentage];
    }
    case 'dynamic':
      return [];
    default:
      return [PRICING_MESSAGES.unknownPricingType];
  }
}

/**
 * Checks a rule before it is saved (SPEC §5: percentage 0-100; fixed price, amount and tier weights ≥ 0). Only the field
 * of the rule's type is checked: fixed → 'Please enter a valid price'; discount_amount → 'Please enter a valid amount';
 * discount_percentage → 'Discount percentage must be between 0 and 100'; dynamic → the {@link validateTiers} messages
 * (at least one tier). Empty list = valid.
 */
export function validateCustomServicePricing(rule: CustomServicePricing): string[] {
  if (rule.type === 'dynamic') return validateTiers(rule.dynamicTiers ?? []).map((issue) => issue.message);
  return scalarProblems(rule);
}

/** A priced weight. `cents` is what is charged: a whole number of cents, never negative. */
export interface Price {
  ok: true;
  cents: number;
  /** Where the price before any override came from. */
  basis: 'base_price' | 'service_tier' | 'custom_tier';
  /** The tier that gave that price (a service tier or the customer's), null for the base price. */
  tier: Tier | null;
  /** The service's own price for this weight (what the customer pays without an override); null if it has none. */
  serviceCents: number | null;
  /** The custom rule that changed the price, null when the service price is charged as is. */
  override: CustomPricingType | null;
  /** True when a discount went below zero and the price was raised to 0. */
  clamped: boolean;
  /** The weight used, in hundredths of `serviceUnit`, rounded up. */
  weightHundredths: number;
  serviceUnit: WeightUnit;
}

export type PriceFailure =
  | { ok: false; reason: 'invalid_weight'; message: string }
  | { ok: false; reason: 'exceeds_max'; message: string }
  | { ok: false; reason: 'no_tier'; position: Exclude<TierLookup, { found: true }>['position']; message: string }
  | { ok: false; reason: 'invalid_custom_pricing'; message: string; errors: string[] };

export type PriceResult = Price | PriceFailure;

function clampCents(cents: number): { cents: number; clamped: boolean } {
  return cents < 0 ? { cents: 0, clamped: true } : { cents, clamped: false };
}

/**
 * The service's own price for a package (SPEC §3), in this order:
 * 1. weight not a finite number > 0 (or unit not lbs/oz) → `invalid_weight`;
 * 2. above the service's maxWeight (exactly, see `exceedsMax`) → `exceeds_max` with the SPEC §5 message;
 * 3. hasDynamicPricing with at least one tier → the price of the tier containing the weight, converted to the service
 *    unit and rounded UP to 0.01 (17 oz on a lbs service is 1.07 lbs). No tier contains it → `no_tier` with `position`
 *    'below' the first tier, 'above' the last, or in a 'gap' — never a made-up price;
 * 4. otherwise (no dynamic pricing, or the flag without any tier) → basePriceCents.
 * A negative stored price is charged as 0 (`clamped`).
 */
export function basePriceFor(service: PricedService, weight: number, unit: WeightUnit): PriceResult {
  const serviceUnit = weightUnitFor(service.name);
  const micro = toMicro(weight);
  const weightHundredths = WEIGHT_UNITS.includes(unit) ? weightToHundredths(weight, unit, serviceUnit) : null;
  if (micro === null || micro <= 0 || weightHundredths === null) {
    return { ok: false, reason: 'invalid_weight', message: PRICE_FAILURE_MESSAGES.invalidWeight };
  }
  if (exceedsMax(weight, unit, service)) {
    return { ok: false, reason: 'exceeds_max', message: maxWeightMessage(service) ?? '' };
  }
  const tiers = service.hasDynamicPricing === true ? (service.pricingTiers ?? []) : [];
  if (tiers.length === 0) {
    const { cents, clamped } = clampCents(assertCents(service.basePriceCents, 'basePriceCents'));
    return {
      ok: true,
      cents,
      basis: 'base_price',
      tier: null,
      serviceCents: cents,
      override: null,
      clamped,
      weightHundredths,
      serviceUnit,
    };
  }
  const lookup = findTier(tiers, weightHundredths);
  if (!lookup.found) {
    return { ok: false, reason: 'no_tier', position: lookup.position, message: PRICE_FAILURE_MESSAGES.noTier };
  }
  const { cents, clamped } = clampCents(assertCents(lookup.tier.priceCents, 'tier priceCents'));
  return {
    ok: true,
    cents,
    basis: 'service_tier',
    tier: lookup.tier,
    serviceCents: cents,
    override: null,
    clamped,
    weightHundredths,
    serviceUnit,
  };
}

/**
 * What this customer pays (SPEC §3). `rule` is the customer's entry for this service as returned by
 * {@link selectCustomServicePricing} (undefined when custom pricing is off for the API or the carrier, or the service
 * has no entry — then the result equals {@link basePriceFor}). Weight refusals (`invalid_weight`, `exceeds_max`) come
 * first; a rule with an unusable value → `invalid_custom_pricing`. Then by type:
 * - dynamic: the customer's tier containing the weight (same lookup and units as service tiers); when none contains it,
 *   the service price as if there were no rule (which may be `no_tier`);
 * - fixed → fixedPriceCents; discount_percentage → price × (1 − p/100), half-up on the cent; discount_amount →
 *   price − amount, never below 0 (`clamped`). "price" is the service price for the weight, and the rule needs one:
 *   with `no_tier` there is nothing to discount and the failure is returned.
 *   applyToAllTiers: when the service price comes from one of its tiers, the rule applies to that tier price only if
 *   applyToAllTiers is true; otherwise the tier price is charged unchanged. A base price (no dynamic pricing) always
 *   takes the rule.
 */
export function customerPrice(
  service: PricedService,
  rule: CustomServicePricing | undefined,
  weight: number,
  unit: WeightUnit,
): PriceResult {
  const base = basePriceFor(service, weight, unit);
  if (!rule) return base;
  if (!base.ok && (base.reason === 'invalid_weight' || base.reason === 'exceeds_max')) return base;
  const errors = scalarProblems(rule);
  if (errors.length > 0) {
    return {
      ok: false,
      reason: 'invalid_custom_pricing',
      message: PRICE_FAILURE_MESSAGES.invalidCustomPricing,
      errors,
    };
  }
  const serviceUnit = weightUnitFor(service.name);
  if (rule.type === 'dynamic') {
    const weightHundredths = weightToHundredths(weight, unit, serviceUnit) ?? 0;
    const lookup = findTier(rule.dynamicTiers ?? [], weightHundredths);
    if (!lookup.found) return base;
    const { cents, clamped } = clampCents(assertCents(lookup.tier.priceCents, 'custom tier priceCents'));
    return {
      ok: true,
      cents,
      basis: 'custom_tier',
      tier: lookup.tier,
      serviceCents: base.ok ? base.serviceCents : null,
      override: 'dynamic',
      clamped,
      weightHundredths,
      serviceUnit,
    };
  }
  if (!base.ok) return base;
  if (base.basis === 'service_tier' && rule.applyToAllTiers !== true) return base;
  const raw = applyRule(rule, base.cents);
  const { cents, clamped } = clampCents(raw);
  return { ...base, cents, override: rule.type, clamped };
}

function applyRule(rule: CustomServicePricing, priceCents: number): number {
  switch (rule.type) {
    case 'fixed':
      return rule.fixedPriceCents ?? priceCents;
    case 'discount_amount':
      return priceCents - (rule.discountAmountCents ?? 0);
    case 'discount_percentage':
      return applyPercentageDiscount(priceCents, toHundredths(rule.discountPercentage ?? 0) ?? 0);
    default:
      return priceCents;
  }
}
