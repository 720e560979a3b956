import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usdToCents } from './money';
import {
  basePriceFor,
  type CustomServicePricing,
  customerPrice,
  type PricedService,
  selectCustomServicePricing,
} from './price';
import { defaultAdminTiers, findGaps, findTier, isContiguous, nextTier, type Tier, validateTiers } from './tiers';
import { toServiceUnit, type WeightUnit, weightToHundredths } from './weight';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const unit = fc.constantFrom<WeightUnit>('lbs', 'oz');
/** Package weights with up to 3 decimals, as typed or converted (0.001-150). */
const weight = fc.integer({ min: 1, max: 150_000 }).map((n) => n / 1000);
const percentage = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);

/** Any tier, malformed ones included (small range so overlaps and gaps are common). */
const anyTier: fc.Arbitrary<Tier> = fc.record({
  startHundredths: fc.integer({ min: -3, max: 40 }),
  endHundredths: fc.integer({ min: -3, max: 40 }),
  priceCents: fc.integer({ min: -2, max: 2000 }),
});

/** A valid tier list: sorted, disjoint, start < end, non-negative; random gaps; shuffled list order. */
const validTiers: fc.Arbitrary<Tier[]> = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 300 }), span: fc.integer({ min: 1, max: 800 }), price: cents }), {
    minLength: 1,
    maxLength: 8,
  })
  .chain((parts) => {
    let end = -1;
    const tiers = parts.map(({ gap, span, price }) => {
      const startHundredths = end + gap;
      end = startHundredths + span;
      return { startHundredths, endHundredths: end, priceCents: price };
    });
    return fc.shuffledSubarray(tiers, { minLength: tiers.length, maxLength: tiers.length });
  });

const service: fc.Arbitrary<PricedService> = fc.record({
  name: fc.constantFrom('UPS Ground', 'USPS First Class 15 oz', 'Priority 8oz', 'FedEx Home'),
  basePriceCents: cents,
  maxWeight: fc.option(fc.integer({ min: 1, max: 20_000 }).map((n) => n / 100)),
  hasDynamicPricing: fc.boolean(),
  pricingTiers: fc.oneof(validTiers, fc.array(anyTier, { maxLength: 6 })),
});

const rule: fc.Arbitrary<CustomServicePricing> = fc.oneof(
  fc.record({ type: fc.constant('fixed' as const), fixedPriceCents: cents, applyToAllTiers: fc.boolean() }),
  fc.record({
    type: fc.constant('discount_percentage' as const),
    discountPercentage: percentage,
    applyToAllTiers: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('discount_amount' as const),
    discountAmountCents: cents,
    applyToAllTiers: fc.boolean(),
  }),
  fc.record({ type: fc.constant('dynamic' as const), dynamicTiers: fc.oneof(validTiers, fc.array(anyTier)) }),
);

describe('pricing properties', () => {
  it('a charged price is always a whole, non-negative number of cents', () => {
    fc.assert(
      fc.property(service, fc.option(rule, { nil: undefined }), weight, unit, (s, r, w, u) => {
        const result = customerPrice(s, r, w, u);
        if (result.ok) {
          expect(Number.isSafeInteger(result.cents)).toBe(true);
          expect(result.cents).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('without an override the customer pays exactly the base price', () => {
    fc.assert(
      fc.property(service, weight, unit, fc.boolean(), fc.boolean(), rule, (s, w, u, apiOn, carrierOn, r) => {
        const pricing = { enabled: apiOn, carriers: { UPS: { enabled: carrierOn, services: { Other: r } } } };
        const selected = selectCustomServicePricing(pricing, 'UPS', s.name);
        expect(selected).toBeUndefined();
        expect(customerPrice(s, selected, w, u)).toEqual(basePriceFor(s, w, u));
      }),
    );
  });

  it('a bigger percentage discount never costs more', () => {
    fc.assert(
      fc.property(service, weight, unit, percentage, percentage, fc.boolean(), (s, w, u, p1, p2, all) => {
        const [low, high] = p1 <= p2 ? [p1, p2] : [p2, p1];
        const a = customerPrice(
          s,
          { type: 'discount_percentage', discountPercentage: low, applyToAllTiers: all },
          w,
          u,
        );
        const b = customerPrice(
          s,
          { type: 'discount_percentage', discountPercentage: high, applyToAllTiers: all },
          w,
          u,
        );
        expect(a.ok).toBe(b.ok);
        if (a.ok && b.ok) expect(b.cents).toBeLessThanOrEqual(a.cents);
      }),
    );
  });

  it('a tier-priced weight gets the price of a tier that contains it', () => {
    fc.assert(
      fc.property(validTiers, weight, unit, (tiers, w, u) => {
        const s: PricedService = {
          name: 'UPS Ground',
          basePriceCents: 1,
          hasDynamicPricing: true,
          pricingTiers: tiers,
        };
        const result = basePriceFor(s, w, u);
        const h = weightToHundredths(w, u, 'lbs') ?? -1;
        const containing = tiers.filter((t) => t.startHundredths <= h && h <= t.endHundredths);
        if (containing.length === 0) expect(result.ok).toBe(false);
        else expect(result.ok && result.cents).toBe(containing[0]?.priceCents);
      }),
    );
  });
});

describe('tier list properties', () => {
  /** Reference model: every tier sound, and no hundredth covered twice (checked point by point). */
  const soundAndDisjoint = (tiers: readonly Tier[]): boolean => {
    if (tiers.length === 0) return false;
    const sound = tiers.every(
      (t) => t.startHundredths >= 0 && t.priceCents >= 0 && t.endHundredths >= 0 && t.startHundredths < t.endHundredths,
    );
    if (!sound) return false;
    for (let point = 0; point <= 40; point++) {
      if (tiers.filter((t) => t.startHundredths <= point && point <= t.endHundredths).length > 1) return false;
    }
    return true;
  };

  it('validateTiers accepts exactly the well-ordered, non-negative, non-overlapping lists', () => {
    fc.assert(
      fc.property(fc.array(anyTier, { maxLength: 6 }), (tiers) => {
        expect(validateTiers(tiers).length === 0).toBe(soundAndDisjoint(tiers));
      }),
      { numRuns: 5000 },
    );
  });

  it('every message names a tier that exists', () => {
    fc.assert(
      fc.property(fc.array(anyTier, { minLength: 1, maxLength: 6 }), (tiers) => {
        for (const issue of validateTiers(tiers)) {
          expect(issue.tier).toBeGreaterThanOrEqual(1);
          expect(issue.tier).toBeLessThanOrEqual(tiers.length);
          expect(issue.message).toMatch(new RegExp(`^Tier ${issue.tier}[ :]`));
          if (issue.other !== undefined) expect(issue.other).toBeLessThan(issue.tier);
        }
      }),
    );
  });

  it('defaultAdminTiers and any number of nextTier calls always validate and stay contiguous', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 20 }), fc.boolean(), (base, adds, fromDefaults) => {
        const tiers = fromDefaults ? defaultAdminTiers(base) : [];
        for (let i = 0; i < adds; i++) tiers.push(nextTier(tiers, base));
        if (tiers.length === 0) return;
        expect(validateTiers(tiers)).toEqual([]);
        expect(isContiguous(tiers)).toBe(true);
      }),
    );
  });

  it('nextTier keeps any valid list valid', () => {
    fc.assert(
      fc.property(validTiers, cents, (tiers, base) => {
        expect(validateTiers([...tiers, nextTier(tiers, base)])).toEqual([]);
      }),
    );
  });

  it('contiguous tiers price every weight from the first start to the last end', () => {
    fc.assert(
      fc.property(validTiers, (tiers) => {
        const lo = Math.min(...tiers.map((t) => t.startHundredths));
        const hi = Math.max(...tiers.map((t) => t.endHundredths));
        let unpriced = 0;
        for (let h = lo; h <= hi; h++) if (!findTier(tiers, h).found) unpriced++;
        const gapWeights = findGaps(tiers).reduce((sum, g) => sum + g.toHundredths - g.fromHundredths + 1, 0);
        expect(unpriced).toBe(gapWeights);
        expect(isContiguous(tiers)).toBe(unpriced === 0);
      }),
    );
  });
});

describe('unit and money properties', () => {
  it('lbs → oz → lbs and oz → lbs → oz give back the same number', () => {
    fc.assert(
      // Dividing a subnormal double (< 2^-1022, far below any weight) by 16 underflows; everything else is exact.
      fc.property(fc.oneof(fc.constant(0), fc.double({ min: 2 ** -1000, max: 1e6, noNaN: true })), (w) => {
        expect(toServiceUnit(toServiceUnit(w, 'lbs', 'oz'), 'oz', 'lbs')).toBe(w);
        expect(toServiceUnit(toServiceUnit(w, 'oz', 'lbs'), 'lbs', 'oz')).toBe(w);
      }),
    );
  });

  it('a weight in lbs and the same weight in oz match the same hundredths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), unit, (hundredthsLbs, serviceUnit) => {
        const lbs = hundredthsLbs / 100;
        expect(weightToHundredths(lbs * 16, 'oz', serviceUnit)).toBe(weightToHundredths(lbs, 'lbs', serviceUnit));
      }),
    );
  });

  it('usdToCents reads back any amount written with 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (c) => {
        const text = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        expect(usdToCents(text)).toEqual({ ok: true, cents: c });
      }),
    );
  });
});
