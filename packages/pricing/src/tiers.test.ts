import { describe, expect, it } from 'vitest';
import { PricingError } from './errors';
import {
  defaultAdminTiers,
  defaultTier,
  describeTier,
  describeTiers,
  findGaps,
  findTier,
  isContiguous,
  nextTier,
  normalizeTiers,
  type Tier,
  tiersToDto,
  toTierDto,
  validateTiers,
} from './tiers';

/** Tiers from decimal numbers, as an admin types them. */
const t = (start: number, end: number, price: number): Tier => {
  const [tier] = normalizeTiers([{ start, end, price }]);
  if (!tier) throw new Error('unreachable');
  return tier;
};
const messages = (tiers: readonly Tier[]) => validateTiers(tiers).map((issue) => issue.message);

describe('normalizeTiers', () => {
  it('reads SPEC names into integer hundredths and cents', () => {
    expect(normalizeTiers([{ start: 1.01, end: 5, price: 8.99 }])).toEqual([
      { startHundredths: 101, endHundredths: 500, priceCents: 899 },
    ]);
  });

  it('accepts the older names minWeight/maxWeight and fromWeight/toWeight', () => {
    expect(
      normalizeTiers([
        { minWeight: 0, maxWeight: 1, price: 5 },
        { fromWeight: 1.01, toWeight: 5, price: '7.5' },
      ]),
    ).toEqual([
      { startHundredths: 0, endHundredths: 100, priceCents: 500 },
      { startHundredths: 101, endHundredths: 500, priceCents: 750 },
    ]);
  });

  it('prefers start/end over older names and keeps list order', () => {
    expect(
      normalizeTiers([
        { start: 6, minWeight: 1, end: 9, toWeight: 2, price: 1 },
        { start: 0, end: 1, price: 1 },
      ]),
    ).toEqual([
      { startHundredths: 600, endHundredths: 900, priceCents: 100 },
      { startHundredths: 0, endHundredths: 100, priceCents: 100 },
    ]);
  });

  it('rounds half-up to 0.01 and keeps negatives for validation to report', () => {
    expect(
      normalizeTiers([
        { start: 1.005, end: ' 2 ', price: 1.005 },
        { start: -1, end: 0, price: -2 },
      ]),
    ).toEqual([
      { startHundredths: 101, endHundredths: 200, priceCents: 101 },
      { startHundredths: -100, endHundredths: 0, priceCents: -200 },
    ]);
  });

  it('reads anything that is not a list as no tiers', () => {
    expect(normalizeTiers(undefined)).toEqual([]);
    expect(normalizeTiers(null)).toEqual([]);
    expect(normalizeTiers({ start: 0 })).toEqual([]);
  });

  it('throws a numbered message for a missing or non-numeric value', () => {
    expect(() =>
      normalizeTiers([
        { start: 0, end: 1, price: 1 },
        { start: '', end: 2, price: 1 },
      ]),
    ).toThrow(new PricingError('invalid_tier', 'Tier 2: Values must be numbers'));
    expect(() => normalizeTiers([{ start: 0, end: 1 }])).toThrow('Tier 1: Values must be numbers');
    expect(() => normalizeTiers([{ start: 0, end: 'abc', price: 1 }])).toThrow('Tier 1: Values must be numbers');
    expect(() => normalizeTiers(['x'])).toThrow('Tier 1: Values must be numbers');
  });

  it('reads text values as plain decimals only: 0x10, 1e3, Infinity and inner spaces are not numbers', () => {
    for (const bad of ['0x10', '1e3', 'Infinity', '1 0']) {
      expect(() => normalizeTiers([{ start: 0, end: bad, price: 1 }]), bad).toThrow('Tier 1: Values must be numbers');
    }
    expect(normalizeTiers([{ start: '0', end: ' 16 ', price: '4.5' }])).toEqual([
      { startHundredths: 0, endHundredths: 1600, priceCents: 450 },
    ]);
  });

  it('goes back to the API shape', () => {
    expect(toTierDto(t(1.01, 5, 8.99))).toEqual({ start: 1.01, end: 5, price: 8.99 });
    expect(tiersToDto(defaultAdminTiers(450))).toEqual([
      { start: 0, end: 1, price: 4.5 },
      { start: 1.01, end: 5, price: 4.5 },
      { start: 5.01, end: 10, price: 4.5 },
    ]);
  });
});

describe('validateTiers', () => {
  it('accepts well-ordered, non-overlapping tiers, in any list order, gaps included', () => {
    expect(validateTiers([t(0, 1, 5), t(1.01, 5, 8), t(5.01, 10, 12)])).toEqual([]);
    expect(validateTiers([t(5.01, 10, 12), t(0, 1, 5)])).toEqual([]);
    expect(validateTiers([t(0, 1, 5), t(3, 5, 8)])).toEqual([]);
    expect(validateTiers([t(0, 0.01, 0)])).toEqual([]);
  });

  it('needs at least one tier', () => {
    expect(messages([])).toEqual(['At least one tier must remain']);
  });

  it('requires start < end', () => {
    expect(messages([t(0, 1, 5), t(5, 5, 8)])).toEqual(['Tier 2: Start weight must be less than end weight']);
    expect(messages([t(3, 2, 5)])).toEqual(['Tier 1: Start weight must be less than end weight']);
  });

  it('refuses negative weights or prices, once per tier', () => {
    expect(messages([t(0, 1, 5), t(-1, 2, 3)])).toEqual(['Tier 2: Values cannot be negative']);
    expect(messages([t(0, 1, -0.01)])).toEqual(['Tier 1: Values cannot be negative']);
    expect(messages([t(-2, -1, -3)])).toEqual(['Tier 1: Values cannot be negative']);
  });

  it('refuses tiers that share a weight, bounds being inclusive', () => {
    expect(validateTiers([t(0, 1, 5), t(1, 5, 8)])).toEqual([
      { rule: 'overlap', tier: 2, other: 1, message: 'Tier 2 overlaps with Tier 1' },
    ]);
    expect(messages([t(0, 1, 5), t(1.01, 5, 8)])).toEqual([]);
    expect(messages([t(2, 8, 5), t(0, 10, 8)])).toEqual(['Tier 2 overlaps with Tier 1']);
  });

  it('names the first earlier tier a tier overlaps', () => {
    expect(messages([t(0, 2, 1), t(3, 5, 1), t(1, 4, 1)])).toEqual(['Tier 3 overlaps with Tier 1']);
  });

  it('lists every problem, tier by tier, each rule once per tier', () => {
    expect(validateTiers([t(0, 5, 1), t(-1, -3, 1), t(4, 6, 1), t(7, 7, 1), t(8, 9, -1), t(5.5, 8.5, 2)])).toEqual([
      { rule: 'negative', tier: 2, message: 'Tier 2: Values cannot be negative' },
      { rule: 'order', tier: 2, message: 'Tier 2: Start weight must be less than end weight' },
      { rule: 'overlap', tier: 3, other: 1, message: 'Tier 3 overlaps with Tier 1' },
      { rule: 'order', tier: 4, message: 'Tier 4: Start weight must be less than end weight' },
      { rule: 'negative', tier: 5, message: 'Tier 5: Values cannot be negative' },
      { rule: 'overlap', tier: 6, other: 3, message: 'Tier 6 overlaps with Tier 3' },
    ]);
  });
});

describe('defaults and new tiers (SPEC §9)', () => {
  it('starts a list with 0-1 at the base price', () => {
    expect(defaultTier(450)).toEqual(t(0, 1, 4.5));
    expect(nextTier([], 450)).toEqual(t(0, 1, 4.5));
  });

  it('gives the admin 0-1, 1.01-5, 5.01-10 at the base price', () => {
    expect(defaultAdminTiers(999)).toEqual([t(0, 1, 9.99), t(1.01, 5, 9.99), t(5.01, 10, 9.99)]);
  });

  it('adds a tier 0.01 above the highest end with a 5 unit span', () => {
    expect(nextTier(defaultAdminTiers(999), 500)).toEqual(t(10.01, 15.01, 5));
    expect(nextTier([t(20, 30, 1), t(0, 1, 1)], 500)).toEqual(t(30.01, 35.01, 5));
    expect(nextTier([t(0, 2.5, 1)], 100)).toEqual(t(2.51, 7.51, 1));
  });
});

describe('gaps and contiguity at 0.01 precision', () => {
  it('calls tiers contiguous when each starts exactly 0.01 after the previous end', () => {
    expect(isContiguous([t(0, 1, 5), t(1.01, 5, 8)])).toBe(true);
    expect(isContiguous([t(5.01, 10, 8), t(0, 1, 5), t(1.01, 5, 8)])).toBe(true);
    expect(isContiguous(defaultAdminTiers(100))).toBe(true);
    expect(isContiguous([t(2, 3, 1)])).toBe(true);
    expect(findGaps([t(0, 1, 5), t(1.01, 5, 8)])).toEqual([]);
  });

  it('finds the weights left between tiers', () => {
    expect(findGaps([t(0, 1, 5), t(1.02, 5, 8)])).toEqual([
      { afterTier: 1, beforeTier: 2, fromHundredths: 101, toHundredths: 101 },
    ]);
    expect(findGaps([t(10, 20, 5), t(0, 1, 5), t(3, 5, 8)])).toEqual([
      { afterTier: 2, beforeTier: 3, fromHundredths: 101, toHundredths: 299 },
      { afterTier: 3, beforeTier: 1, fromHundredths: 501, toHundredths: 999 },
    ]);
    expect(isContiguous([t(0, 1, 5), t(1.02, 5, 8)])).toBe(false);
  });

  it('is not contiguous when tiers overlap or the list is empty or invalid', () => {
    expect(isContiguous([t(0, 1, 5), t(1, 5, 8)])).toBe(false);
    expect(isContiguous([])).toBe(false);
    expect(isContiguous([t(0, 1, -5)])).toBe(false);
  });

  it('does not count a tier swallowed by a longer one as ending the coverage', () => {
    expect(findGaps([t(0, 10, 1), t(2, 3, 1), t(10.5, 12, 1)])).toEqual([
      { afterTier: 1, beforeTier: 3, fromHundredths: 1001, toHundredths: 1049 },
    ]);
  });
});

describe('findTier', () => {
  const tiers = [t(0.5, 1, 5), t(1.01, 5, 8), t(6, 10, 12)];

  it('matches inclusive bounds', () => {
    expect(findTier(tiers, 50)).toEqual({ found: true, tier: tiers[0], index: 0 });
    expect(findTier(tiers, 100)).toEqual({ found: true, tier: tiers[0], index: 0 });
    expect(findTier(tiers, 101)).toEqual({ found: true, tier: tiers[1], index: 1 });
    expect(findTier(tiers, 1000)).toEqual({ found: true, tier: tiers[2], index: 2 });
  });

  it('says where an unmatched weight lies', () => {
    expect(findTier(tiers, 49)).toEqual({ found: false, position: 'below' });
    expect(findTier(tiers, 501)).toEqual({ found: false, position: 'gap' });
    expect(findTier(tiers, 1001)).toEqual({ found: false, position: 'above' });
    expect(findTier([], 100)).toEqual({ found: false, position: 'none' });
    expect(findTier([t(2, 1, 5)], 150)).toEqual({ found: false, position: 'none' });
  });

  it('picks the lowest start when old data overlaps', () => {
    const overlapping = [t(1, 5, 8), t(0, 2, 5)];
    expect(findTier(overlapping, 150)).toEqual({ found: true, tier: overlapping[1], index: 1 });
  });
});

describe('describeTiers', () => {
  it("writes '$price (from-to lbs)' per tier", () => {
    expect(describeTiers([t(0, 1, 5), t(1.01, 5, 8.99), t(5.01, 10.5, 1234.5)])).toEqual([
      '$5.00 (0-1 lbs)',
      '$8.99 (1.01-5 lbs)',
      '$1,234.50 (5.01-10.5 lbs)',
    ]);
    expect(describeTier(t(0, 8, 3.1), 'oz')).toBe('$3.10 (0-8 oz)');
  });

  it("says 'No pricing data' without tiers", () => {
    expect(describeTiers([])).toEqual(['No pricing data']);
  });
});
