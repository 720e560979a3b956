/**
 * User-facing texts. Those marked SPEC are quoted from SPEC §5/§2 and must not change; the others fill gaps the SPEC
 * leaves open (see README "Decisions").
 */
export const PRICING_MESSAGES = {
  /** SPEC §5: base price (and any other price ≥ 0) that is not a number. */
  invalidPrice: 'Please enter a valid price',
  /** SPEC §5: amounts (top-up, admin balance). */
  invalidAmount: 'Please enter a valid amount',
  /** SPEC §2 service report: a service without price ranges. */
  noPricingData: 'No pricing data',
  /** Not in the SPEC: the tier editor must keep one row ("at least one tier must remain"). */
  atLeastOneTier: 'At least one tier must remain',
  /** Not in the SPEC: custom percentage discount outside 0-100. */
  invalidPercentage: 'Discount percentage must be between 0 and 100',
  /** Not in the SPEC: a custom pricing type other than the four known ones. */
  unknownPricingType: 'Unknown pricing type',
} as const;

/** SPEC §5: 'Tier N: Start weight must be less than end weight' (N is 1-based). */
export const tierOrderMessage = (tier: number): string => `Tier ${tier}: Start weight must be less than end weight`;

/** SPEC §5: 'Tier N: Values cannot be negative' (N is 1-based). */
export const tierNegativeMessage = (tier: number): string => `Tier ${tier}: Values cannot be negative`;

/** SPEC §5: 'Tier N overlaps with Tier M' (both 1-based). */
export const tierOverlapMessage = (tier: number, other: number): string => `Tier ${tier} overlaps with Tier ${other}`;

/** Not in the SPEC: a tier value that is missing or not a number when reading raw tiers. */
export const tierNotNumberMessage = (tier: number): string => `Tier ${tier}: Values must be numbers`;

/** Not in the SPEC: pricing refusals the API maps to its error taxonomy. */
export const PRICE_FAILURE_MESSAGES = {
  invalidWeight: 'Please enter a valid weight',
  noTier: 'No price is set for this weight',
  invalidCustomPricing: 'Custom pricing for this service is invalid',
} as const;
