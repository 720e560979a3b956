import { describe, expect, it } from 'vitest';
import { centsToUsd } from './money';
import {
  basePriceFor,
  type CustomServicePricing,
  customerPrice,
  normalizeCustomServicePricing,
  type PricedService,
  type PriceResult,
  selectCustomServicePricing,
  validateCustomServicePricing,
} from './price';
import { normalizeTiers } from './tiers';

const ground: PricedService = { name: 'UPS Ground', basePriceCents: 1000, maxWeight: 70 };
const tiered: PricedService = {
  name: 'USPS Priority',
  basePriceCents: 700,
  maxWeight: 70,
  hasDynamicPricing: true,
  pricingTiers: normalizeTiers([
    { start: 0, end: 1, price: 5 },
    { start: 1.01, end: 5, price: 8.99 },
    { start: 5.01, end: 10, price: 12 },
  ]),
};
const firstClass: PricedService = {
  name: 'USPS First Class 15.99 oz',
  basePriceCents: 400,
  maxWeight: 15.99,
  hasDynamicPricing: true,
  pricingTiers: normalizeTiers([
    { start: 0, end: 8, price: 3.5 },
    { start: 8.01, end: 15.99, price: 4.75 },
  ]),
};

/** The charged cents, or the failure reason — what a user ends up seeing. */
const charged = (result: PriceResult): number | string => (result.ok ? result.cents : result.reason);

describe('basePriceFor', () => {
  it('charges the base price without dynamic pricing', () => {
    expect(basePriceFor(ground, 3, 'lbs')).toEqual({
      ok: true,
      cents: 1000,
      basis: 'base_price',
      tier: null,
      serviceCents: 1000,
      override: null,
      clamped: false,
      weightHundredths: 300,
      serviceUnit: 'lbs',
    });
  });

  it('charges the tier containing the weight, bounds inclusive, fractions rounded up', () => {
    expect(charged(basePriceFor(tiered, 0.1, 'lbs'))).toBe(500);
    expect(charged(basePriceFor(tiered, 1, 'lbs'))).toBe(500);
    expect(charged(basePriceFor(tiered, 1.001, 'lbs'))).toBe(899);
    expect(charged(basePriceFor(tiered, 5, 'lbs'))).toBe(899);
    expect(charged(basePriceFor(tiered, 5.01, 'lbs'))).toBe(1200);
    expect(charged(basePriceFor(tiered, 10, 'lbs'))).toBe(1200);
    const result = basePriceFor(tiered, 3, 'lbs');
    expect(result.ok && result.basis).toBe('service_tier');
    expect(result.ok && result.tier).toEqual({ startHundredths: 101, endHundredths: 500, priceCents: 899 });
  });

  it('converts an oz weight to a lbs service before matching', () => {
    expect(charged(basePriceFor(tiered, 16, 'oz'))).toBe(500);
    expect(charged(basePriceFor(tiered, 17, 'oz'))).toBe(899); // 1.0625 lbs → 1.07
  });

  it('matches an oz service in ounces', () => {
    expect(charged(basePriceFor(firstClass, 8, 'oz'))).toBe(350);
    expect(charged(basePriceFor(firstClass, 8.001, 'oz'))).toBe(475);
    expect(charged(basePriceFor(firstClass, 0.5, 'lbs'))).toBe(350); // 8 oz
    const result = basePriceFor(firstClass, 0.75, 'lbs');
    expect(result.ok && [result.cents, result.weightHundredths, result.serviceUnit]).toEqual([475, 1200, 'oz']);
  });

  it('never makes up a price above the last tier, below the first or in a gap', () => {
    expect(basePriceFor(tiered, 10.01, 'lbs')).toEqual({
      ok: false,
      reason: 'no_tier',
      position: 'above',
      message: 'No price is set for this weight',
    });
    const gapped: PricedService = {
      ...tiered,
      pricingTiers: normalizeTiers([
        { start: 0.5, end: 1, price: 5 },
        { start: 2, end: 5, price: 8 },
      ]),
    };
    const gap = basePriceFor(gapped, 1.5, 'lbs');
    expect(!gap.ok && gap.reason === 'no_tier' && gap.position).toBe('gap');
    const below = basePriceFor(gapped, 0.2, 'lbs');
    expect(!below.ok && below.reason === 'no_tier' && below.position).toBe('below');
    expect(charged(basePriceFor(gapped, 1.01, 'lbs'))).toBe('no_tier');
  });

  it('uses the base price when the dynamic flag has no tiers, or tiers lack the flag', () => {
    expect(charged(basePriceFor({ ...tiered, pricingTiers: [] }, 3, 'lbs'))).toBe(700);
    expect(charged(basePriceFor({ ...tiered, pricingTiers: undefined }, 3, 'lbs'))).toBe(700);
    expect(charged(basePriceFor({ ...tiered, hasDynamicPricing: false }, 3, 'lbs'))).toBe(700);
  });

  it('refuses a weight above the maximum with the SPEC text', () => {
    expect(basePriceFor(ground, 70.5, 'lbs')).toEqual({
      ok: false,
      reason: 'exceeds_max',
      message: 'Weight exceeds maximum allowed (70 lbs) for UPS Ground',
    });
    expect(charged(basePriceFor(ground, 70, 'lbs'))).toBe(1000);
    expect(charged(basePriceFor(firstClass, 16, 'oz'))).toBe('exceeds_max');
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-9])('refuses the weight %d', (weight) => {
    expect(basePriceFor(ground, weight, 'lbs')).toEqual({
      ok: false,
      reason: 'invalid_weight',
      message: 'Please enter a valid weight',
    });
  });

  it('refuses an unknown unit coming from untyped input', () => {
    expect(charged(basePriceFor(ground, 1, 'kg' as 'lbs'))).toBe('invalid_weight');
  });

  it('charges a negative stored price as 0 and says so', () => {
    const result = basePriceFor({ ...ground, basePriceCents: -100 }, 1, 'lbs');
    expect(result.ok && [result.cents, result.clamped]).toEqual([0, true]);
  });
});

describe('customerPrice', () => {
  const fixed = (cents: number, applyToAllTiers = false): CustomServicePricing => ({
    type: 'fixed',
    fixedPriceCents: cents,
    applyToAllTiers,
  });
  const percent = (p: number, applyToAllTiers = false): CustomServicePricing => ({
    type: 'discount_percentage',
    discountPercentage: p,
    applyToAllTiers,
  });
  const amount = (cents: number, applyToAllTiers = false): CustomServicePricing => ({
    type: 'discount_amount',
    discountAmountCents: cents,
    applyToAllTiers,
  });

  it('without a rule is the service price', () => {
    expect(customerPrice(ground, undefined, 3, 'lbs')).toEqual(basePriceFor(ground, 3, 'lbs'));
    expect(customerPrice(tiered, undefined, 3, 'lbs')).toEqual(basePriceFor(tiered, 3, 'lbs'));
  });

  it('fixed replaces the price', () => {
    const result = customerPrice(ground, fixed(650), 3, 'lbs');
    expect(result).toMatchObject({ ok: true, cents: 650, serviceCents: 1000, override: 'fixed', clamped: false });
  });

  it('discount_percentage takes p % off, half-up on the cent', () => {
    expect(charged(customerPrice(ground, percent(10), 3, 'lbs'))).toBe(900);
    expect(charged(customerPrice({ ...ground, basePriceCents: 999 }, percent(12.5), 3, 'lbs'))).toBe(874);
    expect(charged(customerPrice({ ...ground, basePriceCents: 15 }, percent(50), 3, 'lbs'))).toBe(8);
    expect(charged(customerPrice(ground, percent(0), 3, 'lbs'))).toBe(1000);
    expect(charged(customerPrice(ground, percent(100), 3, 'lbs'))).toBe(0);
  });

  it('discount_amount subtracts and clamps at 0', () => {
    expect(charged(customerPrice(ground, amount(300), 3, 'lbs'))).toBe(700);
    expect(customerPrice(ground, amount(1500), 3, 'lbs')).toMatchObject({ ok: true, cents: 0, clamped: true });
  });

  it('applies a rule to a service tier price only with applyToAllTiers', () => {
    expect(charged(customerPrice(tiered, fixed(650, true), 3, 'lbs'))).toBe(650);
    expect(charged(customerPrice(tiered, percent(10, true), 3, 'lbs'))).toBe(809); // 899 × 0.9 = 809.1
    expect(charged(customerPrice(tiered, amount(100, true), 7, 'lbs'))).toBe(1100);

    const untouched = customerPrice(tiered, percent(10, false), 3, 'lbs');
    expect(untouched).toEqual(basePriceFor(tiered, 3, 'lbs'));
    expect(untouched.ok && untouched.override).toBeNull();
    expect(charged(customerPrice(tiered, { type: 'fixed', fixedPriceCents: 1 }, 3, 'lbs'))).toBe(899);
  });

  it('applies a rule to a base price whatever applyToAllTiers says', () => {
    expect(charged(customerPrice(ground, percent(10, false), 3, 'lbs'))).toBe(900);
    expect(charged(customerPrice(ground, percent(10, true), 3, 'lbs'))).toBe(900);
  });

  it('cannot discount a weight the service has no tier for', () => {
    expect(charged(customerPrice(tiered, fixed(650, true), 12, 'lbs'))).toBe('no_tier');
  });

  describe('dynamic', () => {
    const rule: CustomServicePricing = {
      type: 'dynamic',
      dynamicTiers: normalizeTiers([
        { start: 0, end: 2, price: 4 },
        { start: 10.01, end: 20, price: 15 },
      ]),
    };

    it("charges the customer's tier containing the weight", () => {
      expect(customerPrice(tiered, rule, 1.5, 'lbs')).toMatchObject({
        ok: true,
        cents: 400,
        basis: 'custom_tier',
        serviceCents: 899,
        override: 'dynamic',
        tier: { startHundredths: 0, endHundredths: 200, priceCents: 400 },
      });
      expect(charged(customerPrice(ground, rule, 1.5, 'lbs'))).toBe(400);
    });

    it('falls back to the service price when no customer tier contains the weight', () => {
      expect(customerPrice(tiered, rule, 3, 'lbs')).toEqual(basePriceFor(tiered, 3, 'lbs'));
      expect(customerPrice(tiered, { type: 'dynamic', dynamicTiers: [] }, 3, 'lbs')).toEqual(
        basePriceFor(tiered, 3, 'lbs'),
      );
      expect(charged(customerPrice(ground, rule, 5, 'lbs'))).toBe(1000);
    });

    it("prices with the customer's tier even above the service's last tier", () => {
      expect(customerPrice(tiered, rule, 15, 'lbs')).toMatchObject({ ok: true, cents: 1500, serviceCents: null });
    });

    it('still refuses a weight above the maximum', () => {
      expect(charged(customerPrice(tiered, rule, 18, 'oz'))).toBe(400);
      expect(charged(customerPrice({ ...tiered, maxWeight: 12 }, rule, 15, 'lbs'))).toBe('exceeds_max');
    });
  });

  it.each<[string, CustomServicePricing, string]>([
    ['percentage above 100', percent(101), 'Discount percentage must be between 0 and 100'],
    ['negative percentage', percent(-1), 'Discount percentage must be between 0 and 100'],
    ['percentage NaN', percent(Number.NaN), 'Discount percentage must be between 0 and 100'],
    ['fixed price missing', { type: 'fixed' }, 'Please enter a valid price'],
    ['negative fixed price', fixed(-1), 'Please enter a valid price'],
    ['fractional cents', fixed(1.5), 'Please enter a valid price'],
    ['negative amount', amount(-100), 'Please enter a valid amount'],
    ['unknown type', { type: 'markup' as 'fixed' }, 'Unknown pricing type'],
  ])('refuses a rule with %s rather than guessing', (_, rule, error) => {
    expect(customerPrice(ground, rule, 3, 'lbs')).toEqual({
      ok: false,
      reason: 'invalid_custom_pricing',
      message: 'Custom pricing for this service is invalid',
      errors: [error],
    });
  });

  it('reports weight problems before rule problems', () => {
    expect(charged(customerPrice(ground, percent(500), 0, 'lbs'))).toBe('invalid_weight');
    expect(charged(customerPrice(ground, percent(500), 80, 'lbs'))).toBe('exceeds_max');
  });
});

describe('selectCustomServicePricing', () => {
  const rule: CustomServicePricing = { type: 'fixed', fixedPriceCents: 500 };
  const pricing = {
    enabled: true,
    carriers: {
      UPS: { enabled: true, services: { 'UPS Ground': rule } },
      USPS: { enabled: false, services: { Priority: rule } },
      FEDEX: { enabled: true, services: { 'FedEx Home': rule } },
    },
  };

  it('finds the rule only when the API, the carrier and the service all have it', () => {
    expect(selectCustomServicePricing(pricing, 'UPS', 'UPS Ground')).toBe(rule);
    expect(selectCustomServicePricing({ ...pricing, enabled: false }, 'UPS', 'UPS Ground')).toBeUndefined();
    expect(selectCustomServicePricing(pricing, 'USPS', 'Priority')).toBeUndefined();
    expect(selectCustomServicePricing(pricing, 'UPS', 'UPS Next Day Air')).toBeUndefined();
    expect(selectCustomServicePricing(pricing, 'DHL', 'UPS Ground')).toBeUndefined();
    expect(selectCustomServicePricing(null, 'UPS', 'UPS Ground')).toBeUndefined();
    expect(selectCustomServicePricing(undefined, 'UPS', 'UPS Ground')).toBeUndefined();
  });

  it('matches keys case-insensitively but never inherited ones', () => {
    expect(selectCustomServicePricing(pricing, 'FedEx', 'fedex home')).toBe(rule);
    expect(selectCustomServicePricing(pricing, 'UPS', 'constructor')).toBeUndefined();
    expect(selectCustomServicePricing(pricing, 'toString', 'x')).toBeUndefined();
  });

  it('then prices like the base price when nothing applies', () => {
    const selected = selectCustomServicePricing({ ...pricing, enabled: false }, 'UPS', 'UPS Ground');
    expect(customerPrice(ground, selected, 2, 'lbs')).toEqual(basePriceFor(ground, 2, 'lbs'));
    const enabled = selectCustomServicePricing(pricing, 'UPS', 'UPS Ground');
    expect(charged(customerPrice(ground, enabled, 2, 'lbs'))).toBe(500);
  });
});

describe('normalizeCustomServicePricing and validateCustomServicePricing', () => {
  it('reads the stored decimal shape into cents', () => {
    expect(
      normalizeCustomServicePricing({
        type: 'discount_amount',
        fixedPrice: 5.5,
        discountPercentage: 12.5,
        discountAmount: 1.005,
        dynamicTiers: [{ minWeight: 0, maxWeight: 1, price: 3 }],
        applyToAllTiers: 'yes',
      }),
    ).toEqual({
      type: 'discount_amount',
      fixedPriceCents: 550,
      discountPercentage: 12.5,
      discountAmountCents: 101,
      dynamicTiers: [{ startHundredths: 0, endHundredths: 100, priceCents: 300 }],
      applyToAllTiers: false,
    });
  });

  it('leaves unreadable amounts empty so the rule is refused, not guessed', () => {
    const rule = normalizeCustomServicePricing({ type: 'fixed', fixedPrice: 'abc' });
    expect(rule.fixedPriceCents).toBeNull();
    expect(validateCustomServicePricing(rule)).toEqual(['Please enter a valid price']);
    expect(charged(customerPrice(ground, rule, 1, 'lbs'))).toBe('invalid_custom_pricing');
  });

  it('checks only the field of the type', () => {
    expect(validateCustomServicePricing({ type: 'fixed', fixedPriceCents: 0, discountPercentage: 900 })).toEqual([]);
    expect(validateCustomServicePricing({ type: 'discount_percentage', discountPercentage: 100 })).toEqual([]);
    expect(validateCustomServicePricing({ type: 'discount_percentage', discountPercentage: 100.01 })).toEqual([
      'Discount percentage must be between 0 and 100',
    ]);
    expect(validateCustomServicePricing({ type: 'discount_amount', discountAmountCents: 0 })).toEqual([]);
    expect(validateCustomServicePricing({ type: 'discount_amount' })).toEqual(['Please enter a valid amount']);
  });

  it('validates dynamic tiers with the SPEC tier texts', () => {
    expect(validateCustomServicePricing({ type: 'dynamic', dynamicTiers: [] })).toEqual([
      'At least one tier must remain',
    ]);
    expect(
      validateCustomServicePricing({
        type: 'dynamic',
        dynamicTiers: normalizeTiers([
          { start: 0, end: 1, price: 1 },
          { start: 1, end: 3, price: 2 },
          { start: 4, end: 3, price: 2 },
        ]),
      }),
    ).toEqual(['Tier 2 overlaps with Tier 1', 'Tier 3: Start weight must be less than end weight']);
  });
});

describe('a customer order, end to end', () => {
  it('prices 20 oz on a tiered lbs service with a 15 % customer discount on all tiers, for the API', () => {
    const pricing = {
      enabled: true,
      carriers: {
        USPS: {
          enabled: true,
          services: {
            'USPS Priority': { type: 'discount_percentage', discountPercentage: 15, applyToAllTiers: true },
          },
        },
      },
    };
    const stored = selectCustomServicePricing(pricing, 'USPS', 'USPS Priority');
    const rule = stored === undefined ? undefined : normalizeCustomServicePricing(stored);
    const result = customerPrice(tiered, rule, 20, 'oz'); // 1.25 lbs → tier 1.01-5 at $8.99
    expect(result.ok && centsToUsd(result.cents)).toBe(7.64); // 764.15 → 764
    expect(result.ok && centsToUsd(result.serviceCents ?? -1)).toBe(8.99);
  });
});
