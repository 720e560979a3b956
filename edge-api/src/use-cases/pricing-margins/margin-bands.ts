import type { ListedMargin, MarginBand, SoldMargin } from '@labeldesk/contracts';
import {
  type CustomServicePricing,
  customerPrice,
  findTier,
  formatUsd,
  type PricedService,
  type Tier,
  weightUnitFor,
} from '@labeldesk/pricing';

/**
 * The arithmetic of the margin view (issue 13), free of I/O: listed margins from price lists, sold margins from
 * stored sums. Money in integer cents, weights in integer hundredths of the service's unit.
 */

/** margin ÷ price × 100, to one decimal (half away from zero); null when nothing was charged. */
export function marginPercent(marginCents: number, priceCents: number): number | null {
  if (priceCents <= 0) return null;
  const tenths = (Math.abs(marginCents) * 1000) / priceCents;
  return (Math.sign(marginCents) * Math.round(tenths)) / 10;
}

/** Whole-cent average, half up; null for no items. */
export function averageCents(totalCents: number, count: number): number | null {
  if (count <= 0) return null;
  const sign = totalCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(totalCents) * 2 + count) / (2 * count));
}

/**
 * The weights (hundredths) where our price or the provider's may change: every tier bound of both lists, the
 * smallest step (0.01) and the largest weight both sell. Between two consecutive points neither list changes, so
 * pricing each point gives every (price, cost) pair a customer can meet.
 */
function breakpoints(lists: readonly (readonly Tier[])[], limit: number): number[] {
  const points = new Set<number>([1, limit]);
  for (const tiers of lists) {
    for (const t of tiers) {
      points.add(t.startHundredths);
      points.add(t.endHundredths);
    }
  }
  return [...points].filter((h) => h >= 1 && h <= limit).sort((a, b) => a - b);
}

/** The largest weight (hundredths) we can price and the provider can sell, or null when there is none. */
function sellableLimit(service: PricedService, ours: readonly Tier[], costTiers: readonly Tier[]): number | null {
  const providerMax = Math.max(0, ...costTiers.map((t) => t.endHundredths));
  if (providerMax <= 0) return null;
  const candidates = [providerMax];
  if (typeof service.maxWeight === 'number' && service.maxWeight > 0) {
    candidates.push(Math.round(service.maxWeight * 100));
  }
  if (ours.length > 0) candidates.push(Math.max(...ours.map((t) => t.endHundredths)));
  const limit = Math.min(...candidates);
  return limit >= 1 ? limit : null;
}

/**
 * Our price (base price and tiers, with a customer's rule when given) against the provider's current price list
 * (`costTiers`, in our unit: see tiersFromProvider), as weight bands where both are constant. Null when no weight has
 * both a price of ours and a provider price.
 */
export function listedMargin(
  service: PricedService,
  costTiers: readonly Tier[],
  rule?: CustomServicePricing,
): ListedMargin | null {
  const ourTiers = service.hasDynamicPricing === true ? (service.pricingTiers ?? []) : [];
  const ruleTiers = rule?.type === 'dynamic' ? (rule.dynamicTiers ?? []) : [];
  const limit = sellableLimit(service, ourTiers, costTiers);
  if (limit === null) return null;
  const unit = weightUnitFor(service.name);

  const bands: MarginBand[] = [];
  let last: { from: number; to: number; price: number; cost: number } | null = null;
  const flush = () => {
    if (!last) return;
    const margin = last.price - last.cost;
    bands.push({
      fromWeight: last.from / 100,
      toWeight: last.to / 100,
      priceCents: last.price,
      providerCostCents: last.cost,
      marginCents: margin,
      marginPercent: marginPercent(margin, last.price),
    });
  };
  for (const h of breakpoints([ourTiers, ruleTiers, costTiers], limit)) {
    const price = customerPrice(service, rule, h / 100, unit);
    const cost = findTier(costTiers, h);
    if (!price.ok || !cost.found) {
      flush();
      last = null;
      continue;
    }
    if (last && last.price === price.cents && last.cost === cost.tier.priceCents) {
      last.to = h;
    } else {
      flush();
      last = { from: h, to: h, price: price.cents, cost: cost.tier.priceCents };
    }
  }
  flush();
  if (bands.length === 0) return null;

  const worst = bands.reduce((a, b) => (b.marginCents < a.marginCents ? b : a));
  return {
    bands,
    providerCostMinCents: Math.min(...bands.map((b) => b.providerCostCents)),
    providerCostMaxCents: Math.max(...bands.map((b) => b.providerCostCents)),
    priceMinCents: Math.min(...bands.map((b) => b.priceCents)),
    priceMaxCents: Math.max(...bands.map((b) => b.priceCents)),
    marginCents: worst.marginCents,
    marginPercent: worst.marginPercent,
    marginMaxCents: Math.max(...bands.map((b) => b.marginCents)),
  };
}

/** Stored sums of one group of bought labels. */
export interface SoldSums {
  labels: number;
  revenueCents: number;
  /** Σ price of the labels whose provider cost is recorded. */
  costedRevenueCents: number;
  providerCostCents: number;
  labelsWithoutCost: number;
}

export const NO_SALES: SoldSums = {
  labels: 0,
  revenueCents: 0,
  costedRevenueCents: 0,
  providerCostCents: 0,
  labelsWithoutCost: 0,
};

export function addSums(a: SoldSums, b: SoldSums): SoldSums {
  return {
    labels: a.labels + b.labels,
    revenueCents: a.revenueCents + b.revenueCents,
    costedRevenueCents: a.costedRevenueCents + b.costedRevenueCents,
    providerCostCents: a.providerCostCents + b.providerCostCents,
    labelsWithoutCost: a.labelsWithoutCost + b.labelsWithoutCost,
  };
}

/** Gross margin from stored purchases: only labels whose provider cost was recorded take part in cost and margin. */
export function soldMargin(s: SoldSums): SoldMargin {
  const costed = s.labels - s.labelsWithoutCost;
  const gross = s.costedRevenueCents - s.providerCostCents;
  return {
    labelsSold: s.labels,
    revenueCents: s.revenueCents,
    providerCostCents: s.providerCostCents,
    labelsWithoutCost: s.labelsWithoutCost,
    grossMarginCents: gross,
    marginPercent: marginPercent(gross, s.costedRevenueCents),
    avgProviderCostCents: averageCents(s.providerCostCents, costed),
    avgMarginCents: averageCents(gross, costed),
  };
}

/** A customer's rule in words for the table. */
export function describeRule(rule: CustomServicePricing, service: PricedService): string {
  const tiered = service.hasDynamicPricing === true && (service.pricingTiers ?? []).length > 0;
  const tiersNote =
    tiered && rule.type !== 'dynamic' && rule.applyToAllTiers !== true ? ' (tier prices unchanged)' : '';
  switch (rule.type) {
    case 'fixed':
      return `Fixed ${formatUsd(rule.fixedPriceCents ?? 0)}${tiersNote}`;
    case 'discount_percentage':
      return `${rule.discountPercentage ?? 0}% off${tiersNote}`;
    case 'discount_amount':
      return `${formatUsd(rule.discountAmountCents ?? 0)} off${tiersNote}`;
    case 'dynamic':
      return `Own tiers (${(rule.dynamicTiers ?? []).length})`;
    default:
      return 'Custom price';
  }
}

/** Below zero on the price list (worst band) or in the period's stored purchases. */
export function isLoss(listed: ListedMargin | null, sold: SoldMargin): boolean {
  return (listed !== null && listed.marginCents < 0) || (sold.labelsSold > 0 && sold.grossMarginCents < 0);
}
