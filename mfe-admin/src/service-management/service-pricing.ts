import {
  type Carrier,
  type ProviderPricesResponse,
  type ProviderServicePrices,
  type Service,
  UpdateServicePricingRequest,
} from '@labeldesk/contracts';
import { centsToUsd, formatUsd, PRICING_MESSAGES, roundUsdToCents, usdToCents } from '@labeldesk/pricing';
import { CARRIER_LABELS } from './api-configs';

export const PROVIDER_PRICE_NOT_AVAILABLE = 'Provider price not available';
export const DYNAMIC_PRICING = 'Dynamic Pricing';

/** The provider's listing of one of our services: by name, else by service code. */
export function findProviderService(
  prices: ProviderPricesResponse | null,
  carrier: Carrier,
  service: Pick<Service, 'name' | 'serviceCode'>,
): ProviderServicePrices | undefined {
  if (!prices) return undefined;
  const listed = prices.carriers[carrier];
  if (Object.hasOwn(listed, service.name)) return listed[service.name];
  return Object.values(listed).find((p) => p.serviceCode === service.serviceCode);
}

/**
 * SPEC §2 Service Pricing "provider price" column: 'Dynamic Pricing' when the provider prices the service by several
 * weight tiers, its one price otherwise, and 'Provider price not available' when the provider does not list it (or
 * the prices could not be fetched).
 */
export function providerPriceText(provider: ProviderServicePrices | undefined): string {
  if (!provider || provider.prices.length === 0) return PROVIDER_PRICE_NOT_AVAILABLE;
  if (provider.hasMultipleTiers || provider.prices.length > 1) return DYNAMIC_PRICING;
  const [only] = provider.prices;
  return only ? formatUsd(roundUsdToCents(only.price)) : PROVIDER_PRICE_NOT_AVAILABLE;
}

/**
 * Our margin over a flat provider price, in USD (our price − theirs), or null when there is nothing to compare (no
 * provider price, or either side priced by tiers).
 */
export function flatMargin(service: Service, provider: ProviderServicePrices | undefined): number | null {
  if (!provider || service.hasDynamicPricing || provider.prices.length !== 1 || provider.hasMultipleTiers) return null;
  const [only] = provider.prices;
  if (!only) return null;
  const ours = usdToCents(service.basePrice);
  const theirs = usdToCents(only.price);
  return ours.ok && theirs.ok ? centsToUsd(ours.cents - theirs.cents) : null;
}

/**
 * The per-row edit (SPEC §5 'Please enter a valid price': a number ≥ 0 with at most 2 decimals), read exactly with
 * `usdToCents` and checked with the contract the server uses.
 */
export function buildPricingUpdate(
  price: string | number,
  enabled: boolean,
): { ok: true; body: UpdateServicePricingRequest } | { ok: false; error: string } {
  const cents = usdToCents(price);
  if (!cents.ok) return { ok: false, error: cents.error };
  const parsed = UpdateServicePricingRequest.safeParse({ basePrice: centsToUsd(cents.cents), enabled });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? PRICING_MESSAGES.invalidPrice };
  return { ok: true, body: parsed.data };
}

/** SPEC §8: 'Updated pricing for {carrier} - {service}'. */
export function pricingUpdatedMessage(carrier: Carrier, serviceName: string): string {
  return `Updated pricing for ${CARRIER_LABELS[carrier]} - ${serviceName}`;
}

/** SPEC §8: 'Successfully updated dynamic pricing for {service}'. */
export function dynamicPricingSavedMessage(serviceName: string): string {
  return `Successfully updated dynamic pricing for ${serviceName}`;
}

/** SPEC §8: 'Failed to save dynamic pricing: {reason}'. */
export function dynamicPricingFailedMessage(reason: string): string {
  return `Failed to save dynamic pricing: ${reason}`;
}
