import { type Tier, toServiceUnit, validateTiers, weightUnitFor } from '@labeldesk/pricing';
import type { NewShippingServiceRow } from '../../db/schema/shipping-services';
import { newId } from '../../lib/ids';
import type { ProviderServiceInfo } from '../../ports/label-provider';

const hundredths = (weight: number) => Math.round(weight * 100);

/**
 * The provider's price list as our tiers: the protocol's `from < w <= to` becomes our inclusive `from + 0.01 .. to`
 * (0–1, 1–5 → 0-1, 1.01-5: contiguous at our 0.01 step), weights in the service unit @labeldesk/pricing derives from
 * the name. An unusable list (overlaps, reversed bands) gives no tiers.
 */
export function tiersFromProvider(info: ProviderServiceInfo): Tier[] {
  const unit = weightUnitFor(info.name);
  const sorted = [...info.prices].sort((a, b) => a.fromWeight - b.fromWeight);
  const tiers = sorted.map((p) => {
    const from = hundredths(toServiceUnit(p.fromWeight, info.weightUnit, unit));
    return {
      startHundredths: from === 0 ? 0 : from + 1,
      endHundredths: hundredths(toServiceUnit(p.toWeight, info.weightUnit, unit)),
      priceCents: p.priceCents,
    };
  });
  return validateTiers(tiers).length === 0 ? tiers : [];
}

/**
 * A new service row from the provider's listing (SPEC "add services"): enabled, base price = the provider's first
 * tier price, reliability testing, our tiers = the provider's (dynamic pricing when it has more than one).
 */
export function serviceFromProvider(
  info: ProviderServiceInfo,
  apiId: string,
  now: string,
): NewShippingServiceRow & { id: string } {
  const unit = weightUnitFor(info.name);
  const tiers = tiersFromProvider(info);
  const first = [...info.prices].sort((a, b) => a.fromWeight - b.fromWeight)[0];
  const max = info.maxWeight === null ? null : toServiceUnit(info.maxWeight, info.weightUnit, unit);
  return {
    id: newId('svc'),
    apiId,
    carrier: info.carrier,
    name: info.name,
    serviceCode: info.serviceCode,
    enabled: true,
    basePriceCents: first?.priceCents ?? 0,
    reliabilityStatus: 'testing',
    active: info.status === 'active',
    maxWeight: max !== null && max > 0 ? max : null,
    weightUnit: unit,
    hasDynamicPricing: tiers.length > 1,
    pricingTiers: JSON.stringify(tiers),
    transitMinDays: info.transitDays?.min ?? null,
    transitMaxDays: info.transitDays?.max ?? null,
    createdAt: now,
    updatedAt: now,
  };
}
