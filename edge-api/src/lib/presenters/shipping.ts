import type { Carrier, Service, ServicesByCarrier, ShippingApiConfig } from '@labeldesk/contracts';
import { centsToUsd, type PricedService, tiersToDto } from '@labeldesk/pricing';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { ShippingServiceRow } from '../../db/schema/shipping-services';
import { readStoredTiers } from '../pricing-store';

export const CARRIER_ORDER: readonly Carrier[] = ['UPS', 'USPS', 'FEDEX'];

/** Services by name within a carrier: a stable order for every list. */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** A service row as @labeldesk/pricing prices it. */
export function pricedService(
  row: Pick<ShippingServiceRow, 'name' | 'basePriceCents' | 'maxWeight' | 'hasDynamicPricing' | 'pricingTiers'>,
): PricedService {
  return {
    name: row.name,
    basePriceCents: row.basePriceCents,
    maxWeight: row.maxWeight,
    hasDynamicPricing: row.hasDynamicPricing,
    pricingTiers: readStoredTiers(row.pricingTiers),
  };
}

export function presentService(row: ShippingServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    carrier: row.carrier,
    enabled: row.enabled,
    basePrice: centsToUsd(row.basePriceCents),
    reliabilityStatus: row.reliabilityStatus,
    serviceCode: row.serviceCode,
    active: row.active,
    maxWeight: row.maxWeight,
    weightUnit: row.weightUnit,
    hasDynamicPricing: row.hasDynamicPricing,
    pricingTiers: tiersToDto(readStoredTiers(row.pricingTiers)),
  };
}

/** SPEC §3: services keyed by carrier (all three present) then by name. */
export function servicesByCarrier(rows: readonly ShippingServiceRow[]): ServicesByCarrier {
  const out: ServicesByCarrier = { UPS: {}, USPS: {}, FEDEX: {} };
  for (const row of [...rows].sort(byName)) out[row.carrier][row.name] = presentService(row);
  return out;
}

/** A config for admins: the key only ever masked. */
export function presentApiConfig(api: ShippingApiRow, services: readonly ShippingServiceRow[]): ShippingApiConfig {
  return {
    _id: api.id,
    name: api.name,
    key: api.keyHint,
    baseUrl: api.baseUrl,
    kind: api.kind,
    isDefault: api.isDefault,
    enabled: api.enabled,
    priority: api.priority,
    failoverTarget: api.failoverTarget,
    services: servicesByCarrier(services.filter((s) => s.apiId === api.id)),
    createdAt: api.createdAt,
    updatedAt: api.updatedAt,
  };
}
