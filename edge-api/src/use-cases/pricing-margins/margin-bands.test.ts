import type { PricedService, Tier } from '@labeldesk/pricing';
import { describe, expect, it } from 'vitest';
import { averageCents, describeRule, isLoss, listedMargin, marginPercent, soldMargin } from './margin-bands';

const t = (start: number, end: number, priceCents: number): Tier => ({
  startHundredths: Math.round(start * 100),
  endHundredths: Math.round(end * 100),
  priceCents,
});

// The provider's list for a 150 lbs service, as tiersFromProvider gives it: 0-1, 1.01-5, 5.01-150.
const providerTiers = [t(0, 1, 800), t(1.01, 5, 1100), t(5.01, 150, 2000)];

describe('listedMargin (current rates vs our price list)', () => {
  it('a flat base price against tiered provider costs gives one band per provider tier, worst first in marginCents', () => {
    const service: PricedService = { name: 'UPS Ground', basePriceCents: 1200, maxWeight: 150 };
    const m = listedMargin(service, providerTiers);
    expect(m?.bands).toEqual([
      {
        fromWeight: 0.01,
        toWeight: 1,
        priceCents: 1200,
        providerCostCents: 800,
        marginCents: 400,
        marginPercent: 33.3,
      },
      {
        fromWeight: 1.01,
        toWeight: 5,
        priceCents: 1200,
        providerCostCents: 1100,
        marginCents: 100,
        marginPercent: 8.3,
      },
      {
        fromWeight: 5.01,
        toWeight: 150,
        priceCents: 1200,
        providerCostCents: 2000,
        marginCents: -800,
        marginPercent: -66.7,
      },
    ]);
    expect(m).toMatchObject({
      providerCostMinCents: 800,
      providerCostMaxCents: 2000,
      priceMinCents: 1200,
      priceMaxCents: 1200,
      marginCents: -800,
      marginPercent: -66.7,
      marginMaxCents: 400,
    });
  });

  it('our own tiers cut the bands where either list changes, and stop at our last tier', () => {
    const service: PricedService = {
      name: 'UPS Ground',
      basePriceCents: 900,
      maxWeight: 150,
      hasDynamicPricing: true,
      pricingTiers: [t(0, 2, 1000), t(2.01, 10, 1500)],
    };
    const m = listedMargin(service, providerTiers);
    expect(m?.bands.map((b) => [b.fromWeight, b.toWeight, b.priceCents, b.providerCostCents])).toEqual([
      [0.01, 1, 1000, 800],
      [1.01, 2, 1000, 1100],
      [2.01, 5, 1500, 1100],
      [5.01, 10, 1500, 2000],
    ]);
    expect(m?.marginCents).toBe(-500);
  });

  it("a customer's rule changes the price side only", () => {
    const service: PricedService = { name: 'UPS Ground', basePriceCents: 1200, maxWeight: 5 };
    const fixed = listedMargin(service, providerTiers, { type: 'fixed', fixedPriceCents: 1000 });
    expect(fixed?.bands.map((b) => b.marginCents)).toEqual([200, -100]);
    const pct = listedMargin(service, providerTiers, { type: 'discount_percentage', discountPercentage: 10 });
    expect(pct?.bands.map((b) => b.priceCents)).toEqual([1080, 1080]);
  });

  it('is null when no weight has both prices', () => {
    expect(listedMargin({ name: 'X', basePriceCents: 100 }, [])).toBeNull();
    const gapOnly: PricedService = {
      name: 'X',
      basePriceCents: 100,
      hasDynamicPricing: true,
      pricingTiers: [t(200, 300, 100)],
    };
    expect(listedMargin(gapOnly, providerTiers)).toBeNull();
  });
});

describe('sold figures', () => {
  it('leave labels without a recorded cost out of cost and margin, and average per costed label', () => {
    const s = soldMargin({
      labels: 3,
      revenueCents: 3000,
      costedRevenueCents: 2000,
      providerCostCents: 1500,
      labelsWithoutCost: 1,
    });
    expect(s).toEqual({
      labelsSold: 3,
      revenueCents: 3000,
      providerCostCents: 1500,
      labelsWithoutCost: 1,
      grossMarginCents: 500,
      marginPercent: 25,
      avgProviderCostCents: 750,
      avgMarginCents: 250,
    });
  });

  it('percent and averages round half away from zero; nothing charged gives null', () => {
    expect(marginPercent(1, 3)).toBe(33.3);
    expect(marginPercent(-2, 3)).toBe(-66.7);
    expect(marginPercent(5, 0)).toBeNull();
    expect(averageCents(5, 2)).toBe(3);
    expect(averageCents(-5, 2)).toBe(-3);
    expect(averageCents(0, 0)).toBeNull();
  });

  it('a loss is a negative worst band or a negative gross margin on labels sold', () => {
    const none = soldMargin({
      labels: 0,
      revenueCents: 0,
      costedRevenueCents: 0,
      providerCostCents: 0,
      labelsWithoutCost: 0,
    });
    expect(isLoss(null, none)).toBe(false);
    const lossy = soldMargin({
      labels: 1,
      revenueCents: 900,
      costedRevenueCents: 900,
      providerCostCents: 1000,
      labelsWithoutCost: 0,
    });
    expect(isLoss(null, lossy)).toBe(true);
  });
});

describe('describeRule', () => {
  it('says what the customer pays, and when tier prices stay unchanged', () => {
    const flat: PricedService = { name: 'S', basePriceCents: 100 };
    const tiered: PricedService = { ...flat, hasDynamicPricing: true, pricingTiers: [t(0, 1, 100)] };
    expect(describeRule({ type: 'fixed', fixedPriceCents: 500 }, flat)).toBe('Fixed $5.00');
    expect(describeRule({ type: 'discount_percentage', discountPercentage: 12.5 }, flat)).toBe('12.5% off');
    expect(describeRule({ type: 'discount_amount', discountAmountCents: 100 }, tiered)).toBe(
      '$1.00 off (tier prices unchanged)',
    );
    expect(describeRule({ type: 'dynamic', dynamicTiers: [t(0, 1, 100)] }, tiered)).toBe('Own tiers (1)');
  });
});
