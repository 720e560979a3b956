import {
  type AllServicesResponse,
  CARRIERS,
  type Carrier,
  type CustomerApi,
  type CustomerService,
} from '@labeldesk/contracts';
import { describeMaxWeight, formatUsd, roundUsdToCents } from '@labeldesk/pricing';

export const NO_APIS = 'No shipping service APIs available';

export type ReliabilityBadge = 'reliable' | 'testing' | 'unreliable' | 'unknown';

/** SPEC §2 badges and legend (Unknown has no legend line: it only marks a value the app does not know). */
export const RELIABILITY_BADGES: Record<ReliabilityBadge, { label: string; color: string; meaning: string | null }> = {
  reliable: { label: 'Reliable', color: 'green', meaning: 'working well with high reliability' },
  testing: { label: 'Testing', color: 'yellow', meaning: 'being tested or has intermittent issues' },
  unreliable: { label: 'Unreliable', color: 'red', meaning: 'known issues and not recommended' },
  unknown: { label: 'Unknown', color: 'gray', meaning: null },
};

export const LEGEND: ReadonlyArray<{ badge: ReliabilityBadge; label: string; color: string; meaning: string }> = (
  ['reliable', 'testing', 'unreliable'] as const
).map((badge) => ({
  badge,
  label: RELIABILITY_BADGES[badge].label,
  color: RELIABILITY_BADGES[badge].color,
  meaning: RELIABILITY_BADGES[badge].meaning ?? '',
}));

/** SPEC §2: a missing status means testing; a value other than the three known ones shows Unknown. */
export function reliabilityBadge(status: string | null | undefined): ReliabilityBadge {
  if (status === null || status === undefined || status === '') return 'testing';
  const value = status.toLowerCase();
  return value === 'reliable' || value === 'testing' || value === 'unreliable' ? value : 'unknown';
}

/** SPEC §2 tabs per API, the default first, the rest in the server's order. */
export function orderApis(apis: readonly CustomerApi[]): CustomerApi[] {
  return [...apis.filter((a) => a.isDefault), ...apis.filter((a) => !a.isDefault)];
}

export const CARRIER_LABELS: Record<Carrier, string> = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' };

export interface CarrierSection {
  carrier: Carrier;
  label: string;
  services: CustomerService[];
}

/** One card per carrier with its services by name; carriers without services are left out. */
export function carrierSections(res: AllServicesResponse): CarrierSection[] {
  return CARRIERS.map((carrier) => ({
    carrier,
    label: CARRIER_LABELS[carrier],
    services: [...res[carrier]].sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((section) => section.services.length > 0);
}

/**
 * The customer's price: their price for the smallest weight, prefixed 'From' when the price depends on the weight
 * (dynamic pricing); 'Price not available' when none applies.
 */
export function priceText(service: Pick<CustomerService, 'price' | 'hasDynamicPricing'>): string {
  if (service.price === null || !Number.isFinite(service.price)) return 'Price not available';
  const text = formatUsd(roundUsdToCents(service.price));
  return service.hasDynamicPricing ? `From ${text}` : text;
}

/** 'Max 70 lbs' / 'Max 15 oz' / 'No weight limit'. */
export function maxWeightText(service: Pick<CustomerService, 'name' | 'maxWeight'>): string {
  const text = describeMaxWeight(service);
  return text === 'N/A' ? 'No weight limit' : `Max ${text}`;
}
