import type { AllServicesResponse, CustomerService } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import { and, eq } from 'drizzle-orm';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { byName, pricedService } from '../../lib/presenters/shipping';
import type { StoredCustomPricing } from '../../lib/pricing-store';
import { readUserPricing } from '../custom-pricing/get-user-pricing';
import { servicePrice } from '../orders/price-order';
import { API_NOT_FOUND_MESSAGE } from '../shipping-apis/get-api-config';
import { listEnabledApis } from './list-customer-apis';

export const NO_API_MESSAGE = 'No shipping service APIs available';

/**
 * What this customer pays for a service at its smallest weight step: the first tier's start (at least 0.01) in the
 * service unit, through the orders' `servicePrice` (the very computation a quote and a purchase charge with). Null
 * when nothing prices that weight (e.g. an unusable rule).
 */
export function startingPriceCents(row: ShippingServiceRow, pricing: StoredCustomPricing | null): number | null {
  const service = pricedService(row);
  const tiers = service.hasDynamicPricing ? (service.pricingTiers ?? []) : [];
  const start = tiers.length > 0 ? Math.min(...tiers.map((t) => t.startHundredths)) : 0;
  const weight = Math.max(start, 1) / 100;
  const price = servicePrice(row, pricing, weight, row.weightUnit);
  return price.ok ? price.cents : null;
}

export function presentCustomerService(row: ShippingServiceRow, pricing: StoredCustomPricing | null): CustomerService {
  const cents = startingPriceCents(row, pricing);
  return {
    id: row.id,
    name: row.name,
    code: row.serviceCode,
    carrier: row.carrier,
    price: cents === null ? null : centsToUsd(cents),
    reliabilityStatus: row.reliabilityStatus,
    active: row.active,
    maxWeight: row.maxWeight,
    weightUnit: row.weightUnit,
    hasDynamicPricing: row.hasDynamicPricing,
  };
}

/** GET /api/shipping/all-services: the enabled services of one enabled API (the default without apiId), priced. */
export async function listCustomerServices(
  services: Services,
  input: { userId: string; apiId?: string | undefined },
): Promise<AllServicesResponse> {
  const enabled = await listEnabledApis(services);
  const api: ShippingApiRow | undefined = input.apiId ? enabled.find((a) => a.id === input.apiId) : enabled[0];
  if (!api) throw new ApiError('not_found', input.apiId ? API_NOT_FOUND_MESSAGE : NO_API_MESSAGE);
  const rows = await services.db
    .select()
    .from(shippingServices)
    .where(and(eq(shippingServices.apiId, api.id), eq(shippingServices.enabled, true)));
  const pricing = await readUserPricing(services, { userId: input.userId, apiId: api.id });
  const out: AllServicesResponse = { apiId: api.id, apiName: api.name, UPS: [], USPS: [], FEDEX: [] };
  for (const row of [...rows].sort(byName)) out[row.carrier].push(presentCustomerService(row, pricing));
  return out;
}
