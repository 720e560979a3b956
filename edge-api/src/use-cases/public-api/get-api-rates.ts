import type { V1Rate, V1RatesRequest } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { customPricing } from '../../db/schema/custom-pricing';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { readStoredCarriers, type StoredCustomPricing } from '../../lib/pricing-store';
import { assertShippableAddresses } from '../orders/check-addresses';
import { estimateDelivery } from '../orders/price-order';
import { chargeablePrice } from '../orders/price-purchase';
import { listEnabledApis } from '../shipping/list-customer-apis';
import { NO_API_MESSAGE } from '../shipping/list-customer-services';
import { API_NOT_FOUND_MESSAGE } from '../shipping-apis/get-api-config';

export type V1RatesData = z.output<typeof V1RatesRequest>;

/**
 * POST /api/v1/rates: every enabled service of the enabled APIs (or of `apiId`) that can take this parcel, at this
 * customer's prices, cheapest first. Each price is chargeablePrice — the very function a purchase charges with
 * (pricePurchase, for live and test keys alike) — over the same catalogue row and custom pricing, so a rate is exactly
 * what POST /create-label with its `serviceId` then charges. A service the purchase would refuse (inactive, the parcel
 * over its maximum weight, no price for that weight) is left out; addresses a carrier refuses answer the 400 the purchase
 * gives (assertShippableAddresses, called by both). Two reads, no provider call.
 */
export async function getApiRates(services: Services, input: { userId: string; request: V1RatesData }) {
  const { request, userId } = input;
  const enabled = await listEnabledApis(services);
  const apis = request.apiId ? enabled.filter((api) => api.id === request.apiId) : enabled;
  if (apis.length === 0) {
    const message = request.apiId ? API_NOT_FOUND_MESSAGE : NO_API_MESSAGE;
    throw new ApiError('not_found', message, {
      details: request.apiId ? [{ path: 'apiId', message }] : [],
    });
  }
  // The addresses as create-label checks them: a parcel no carrier would take has no rate (the same 400).
  assertShippableAddresses(request);
  const apiIds = apis.map((api) => api.id);
  const [rows, rules] = await Promise.all([
    services.db
      .select()
      .from(shippingServices)
      .where(and(inArray(shippingServices.apiId, apiIds), eq(shippingServices.enabled, true))),
    services.db
      .select()
      .from(customPricing)
      .where(and(eq(customPricing.userId, userId), inArray(customPricing.apiId, apiIds))),
  ]);
  const pricingOf = new Map<string, StoredCustomPricing>(
    rules.map((rule) => [rule.apiId, { enabled: rule.enabled, carriers: readStoredCarriers(rule.carriers) }]),
  );
  const apiName = new Map(apis.map((api) => [api.id, api.name]));
  const estimated = (transitMaxDays: number | null) => estimateDelivery(transitMaxDays, services.clock.now());
  const { weight, weightUnit } = request.packageDetails;
  const rates: (V1Rate & { cents: number })[] = [];
  for (const service of rows) {
    let cents: number;
    try {
      cents = chargeablePrice({ service, pricing: pricingOf.get(service.apiId) ?? null }, weight, weightUnit);
    } catch (err) {
      // The purchase would refuse this parcel with this service: not a rate.
      if (err instanceof ApiError && err.code === 'invalid_input') continue;
      throw err;
    }
    rates.push({
      serviceId: service.id,
      apiId: service.apiId,
      apiName: apiName.get(service.apiId) ?? '',
      carrier: service.carrier,
      name: service.name,
      price: centsToUsd(cents),
      estimatedDelivery: estimated(service.transitMaxDays),
      cents,
    });
  }
  rates.sort((a, b) => a.cents - b.cents || a.carrier.localeCompare(b.carrier) || a.name.localeCompare(b.name) || 0);
  return rates.map(({ cents: _cents, ...rate }): V1Rate => rate);
}
