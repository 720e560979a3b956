import { decimalOf } from '@labeldesk/contracts';
import { hundredthsToNumber, hundredthsToText, toHundredths } from './decimal';
import { PricingError } from './errors';
import {
  PRICING_MESSAGES,
  tierNegativeMessage,
  tierNotNumberMessage,
  tierOrderMessage,
  tierOverlapMessage,
} from './messages';
import { formatUsd } from './money';
import type { WeightUnit } from './weight';

/**
 * One weight band of a dynamic price list, in integers: weights in hundredths of the service's unit (lbs, or oz for an
 * oz service), both ends INCLUSIVE; price in cents. { startHundredths: 101, endHundredths: 500, priceCents: 899 } is
 * "$8.99 (1.01-5 lbs)".
 */
export interface Tier {
  startHundredths: number;
  endHundredths: number;
  priceCents: number;
}

/** A tier as the API and the editor speak it (SPEC §3: start, end, price; decimal weight and USD). */
export interface TierDto {
  start: number;
  end: number;
  price: number;
}

type RawValue = number | string | null | undefined;

/** A stored or received tier: SPEC names (start, end) or the older ones (minWeight/maxWeight, fromWeight/toWeight). */
export interface RawTier {
  start?: RawValue;
  end?: RawValue;
  minWeight?: RawValue;
  maxWeight?: RawValue;
  fromWeight?: RawValue;
  toWeight?: RawValue;
  price?: RawValue;
}

/** SPEC §9: tiers are edited at 0.01 precision; a new tier starts one step above the previous end. */
export const TIER_STEP_HUNDREDTHS = 1;
/** SPEC §9: a new tier spans 5 units (end − start = 5). */
export const NEW_TIER_SPAN_HUNDREDTHS = 500;

const START_KEYS = ['start', 'minWeight', 'fromWeight'] as const;
const END_KEYS = ['end', 'maxWeight', 'toWeight'] as const;

/**
 * Reads tiers from the API, the editor or stored JSON into integer {@link Tier}s, in the given order (tier numbers in
 * messages follow it). Start is the first present of start, minWeight, fromWeight; end of end, maxWeight, toWeight.
 * Values may be numbers or plain-decimal text and are rounded half-up to 0.01 (weights) and to the cent (price); negatives
 * and reversed bands are kept as given so {@link validateTiers} can report them. Anything that is not an array reads as
 * no tiers. A missing, blank or non-numeric value throws {@link PricingError} 'Tier N: Values must be numbers'.
 */
export function normalizeTiers(raw: unknown): Tier[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry: unknown, index) => {
    const tierNumber = index + 1;
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const pick = (keys: readonly string[]): unknown => {
      const key = keys.find((k) => record[k] !== undefined && record[k] !== null);
      return key === undefined ? undefined : record[key];
    };
    const read = (value: unknown): number => {
      // Texts must be plain decimals ('0x10' is not 16): @labeldesk/contracts' one reader of numbers in text.
      const number = decimalOf(value);
      const hundredths = toHundredths(number);
      if (hundredths === null) throw new PricingError('invalid_tier', tierNotNumberMessage(tierNumber));
      return hundredths;
    };
    return {
      startHundredths: read(pick(START_KEYS)),
      endHundredths: read(pick(END_KEYS)),
      priceCents: read(record.price),
    };
  });
}

/** A tier for the API / editor: { start: 1.01, end: 5, price: 8.99 }. */
export function toTierDto(tier: Tier): TierDto {
  return {
    start: hundredthsToNumber(tier.startHundredths),
    end: hundredthsToNumber(tier.endHundredths),
    price: hundredthsToNumber(tier.priceCents),
  };
}

export function tiersToDto(tiers: readonly Tier[]): TierDto[] {
  return tiers.map(toTierDto);
}

export type TierRule = 'empty' | 'negative' | 'order' | 'overlap';

/** One problem of a tier list. `tier` and `other` are 1-based positions in the list; `message` is the SPEC text. */
export interface TierIssue {
  rule: TierRule;
  tier: number;
  other?: number;
  message: string;
}

/** Non-negative bounds and price, and start < end: the tier can take part in overlap checks and lookups. */
function isWellFormed(tier: Tier): boolean {
  return (
    tier.startHundredths >= 0 &&
    tier.endHundredths >= 0 &&
    tier.priceCents >= 0 &&
    tier.startHundredths < tier.endHundredths
  );
}

/** Inclusive bands [a.start, a.end] and [b.start, b.end] share at least one weight: 0-1 and 1-5 overlap at 1. */
function overlaps(a: Tier, b: Tier): boolean {
  return a.startHundredths <= b.endHundredths && b.startHundredths <= a.endHundredths;
}

/**
 * All problems of a tier list (SPEC §5), tier by tier in list order, each rule at most once per tier:
 * 1. 'Tier N: Values cannot be negative' — start, end or price below 0;
 * 2. 'Tier N: Start weight must be less than end weight' — start ≥ end;
 * 3. 'Tier N overlaps with Tier M' — M is the first earlier tier sharing a weight with N (bounds are inclusive, so 0-1
 *    and 1-5 overlap, 0-1 and 1.01-5 do not). Only tiers passing 1 and 2 are compared.
 * An empty list gives 'At least one tier must remain'. Gaps between tiers are allowed (see {@link findGaps}); list order
 * does not matter. An empty result means the list is valid.
 */
export function validateTiers(tiers: readonly Tier[]): TierIssue[] {
  if (tiers.length === 0) return [{ rule: 'empty', tier: 0, message: PRICING_MESSAGES.atLeastOneTier }];
  const issues: TierIssue[] = [];
  tiers.forEach((tier, index) => {
    const number = index + 1;
    if (tier.startHundredths < 0 || tier.endHundredths < 0 || tier.priceCents < 0) {
      issues.push({ rule: 'negative', tier: number, message: tierNegativeMessage(number) });
    }
    if (tier.startHundredths >= tier.endHundredths) {
      issues.push({ rule: 'order', tier: number, message: tierOrderMessage(number) });
    }
    if (!isWellFormed(tier)) return;
    const earlier = tiers.findIndex((other, j) => j < index && isWellFormed(other) && overlaps(tier, other));
    if (earlier >= 0) {
      issues.push({
        rule: 'overlap',
        tier: number,
        other: earlier + 1,
        message: tierOverlapMessage(number, earlier + 1),
      });
    }
  });
  return issues;
}

/** SPEC §9: the tier a new list starts with — 0-1 (lb, or oz for an oz service) at the base price. */
export function defaultTier(basePriceCents: number): Tier {
  return { startHundredths: 0, endHundredths: 100, priceCents: basePriceCents };
}

/** SPEC §9: the admin editor's defaults — 0-1, 1.01-5, 5.01-10, all at the base price. */
export function defaultAdminTiers(basePriceCents: number): Tier[] {
  return [
    { startHundredths: 0, endHundredths: 100, priceCents: basePriceCents },
    { startHundredths: 101, endHundredths: 500, priceCents: basePriceCents },
    { startHundredths: 501, endHundredths: 1000, priceCents: basePriceCents },
  ];
}

/**
 * SPEC §9: the tier "Add tier" appends — 0.01 above the highest end in the list with a 5-unit span (after 5.01-10 comes
 * 10.01-15.01), at the base price; {@link defaultTier} for an empty list. It never overlaps an existing tier.
 */
export function nextTier(tiers: readonly Tier[], basePriceCents: number): Tier {
  if (tiers.length === 0) return defaultTier(basePriceCents);
  const highest = Math.max(...tiers.flatMap((t) => [t.startHundredths, t.endHundredths]));
  const startHundredths = Math.max(highest + TIER_STEP_HUNDREDTHS, 0);
  return { startHundredths, endHundredths: startHundredths + NEW_TIER_SPAN_HUNDREDTHS, priceCents: basePriceCents };
}

/** Weights no tier covers between two neighbouring tiers, inclusive, in hundredths (1.02-1.04 between 0-1.01, 1.05-5). */
export interface TierGap {
  /** 1-based list position of the tier below the gap. */
  afterTier: number;
  /** 1-based list position of the tier above the gap. */
  beforeTier: number;
  fromHundredths: number;
  toHundredths: number;
}

/** Well-formed tiers with their 1-based list positions, by start (ties keep list order). */
function byStart(tiers: readonly Tier[]): Array<{ tier: Tier; number: number }> {
  return tiers
    .map((tier, index) => ({ tier, number: index + 1 }))
    .filter(({ tier }) => isWellFormed(tier))
    .sort((a, b) => a.tier.startHundredths - b.tier.startHundredths || a.number - b.number);
}

/**
 * Gaps between tiers at 0.01 precision. Tiers are contiguous when the next starts exactly 0.01 above the previous end
 * (0-1 then 1.01-5); a bigger step leaves the weights in between unpriced (0-1 then 1.02-5 leaves 1.01). Weights below
 * the first start and above the last end are not gaps: they are outside the list. Malformed tiers are ignored.
 */
export function findGaps(tiers: readonly Tier[]): TierGap[] {
  const sorted = byStart(tiers);
  const gaps: TierGap[] = [];
  let reach = sorted[0];
  for (const current of sorted.slice(1)) {
    if (!reach) break;
    if (current.tier.startHundredths > reach.tier.endHundredths + TIER_STEP_HUNDREDTHS) {
      gaps.push({
        afterTier: reach.number,
        beforeTier: current.number,
        fromHundredths: reach.tier.endHundredths + TIER_STEP_HUNDREDTHS,
        toHundredths: current.tier.startHundredths - TIER_STEP_HUNDREDTHS,
      });
    }
    if (current.tier.endHundredths > reach.tier.endHundredths) reach = current;
  }
  return gaps;
}

/**
 * True when the list is valid ({@link validateTiers}) and every weight from the first start to the last end, at 0.01
 * precision, falls in exactly one tier: sorted by start, each tier begins exactly 0.01 after the previous one ends.
 */
export function isContiguous(tiers: readonly Tier[]): boolean {
  return validateTiers(tiers).length === 0 && findGaps(tiers).length === 0;
}

export type TierLookup =
  | { found: true; tier: Tier; index: number }
  | { found: false; position: 'none' | 'below' | 'gap' | 'above' };

/**
 * The tier whose inclusive band contains `weightHundredths` (see `weightToHundredths`). With overlapping tiers (invalid,
 * but possible in old data) the one with the lowest start wins. Not found: 'none' (no usable tier), 'below' the first
 * start, 'above' the last end, or in a 'gap'. Malformed tiers (negative values, start ≥ end) are never matched.
 */
export function findTier(tiers: readonly Tier[], weightHundredths: number): TierLookup {
  const sorted = byStart(tiers);
  const hit = sorted.find(
    ({ tier }) => tier.startHundredths <= weightHundredths && weightHundredths <= tier.endHundredths,
  );
  if (hit) return { found: true, tier: hit.tier, index: hit.number - 1 };
  const first = sorted[0];
  if (!first) return { found: false, position: 'none' };
  if (weightHundredths < first.tier.startHundredths) return { found: false, position: 'below' };
  const lastEnd = Math.max(...sorted.map(({ tier }) => tier.endHundredths));
  return { found: false, position: weightHundredths > lastEnd ? 'above' : 'gap' };
}

/** SPEC §2 service report: '$price (from-to lbs)', e.g. '$8.99 (1.01-5 lbs)'; pass 'oz' for an oz service. */
export function describeTier(tier: Tier, unit: WeightUnit = 'lbs'): string {
  return `${formatUsd(tier.priceCents)} (${hundredthsToText(tier.startHundredths)}-${hundredthsToText(tier.endHundredths)} ${unit})`;
}

/** One {@link describeTier} line per tier in list order; ['No pricing data'] for an empty list. */
export function describeTiers(tiers: readonly Tier[], unit: WeightUnit = 'lbs'): string[] {
  return tiers.length === 0 ? [PRICING_MESSAGES.noPricingData] : tiers.map((tier) => describeTier(tier, unit));
}
