import { type Carrier, ORDER_MESSAGES } from '@labeldesk/contracts';
import { customerPrice, type PriceResult, selectCustomServicePricing, type WeightUnit } from '@labeldesk/pricing';
import { and, eq, sql } from 'drizzle-orm';
import { customPricing } from '../../db/schema/custom-pricing';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { pricedService } from '../../lib/presenters/shipping';
import { readStoredCarriers, type StoredCustomPricing } from '../../lib/pricing-store';
import { perDatabase } from '../../ports/database';

/**
 * "What does this package cost this customer?" — the one place the quote, the purchase and the customer's service list
 * price a service. The price is always the server's: catalogue row + the customer's custom pricing for that API, via
 * @labeldesk/pricing `customerPrice`. No provider call.
 */

/** SPEC §5 (the provider refuses inactive services with the same text). */
export const SERVICE_UNAVAILABLE_MESSAGE = ORDER_MESSAGES.serviceUnavailable;
/** The ledger refuses zero amounts, so a free label cannot be bought. */
export const NO_PRICE_MESSAGE = 'This service has no price. Please contact support.';
/** Days added when the provider lists no transit time for a service. */
export const DEFAULT_TRANSIT_DAYS = 5;
/** The drop-off cut-off (UTC hour) after which a label ships a day later (the sandbox carrier's rule). */
export const DROP_OFF_CUTOFF_UTC_HOUR = 17;

export interface ServiceRef {
  apiId: string;
  carrier: Carrier;
  /** The service's name (SPEC §3 serviceType), as the customer's service list shows it. */
  serviceType: string;
}

/** What pricing, the quote and the order snapshot need of a catalogue row. */
export type OrderServiceRow = Pick<
  ShippingServiceRow,
  | 'id'
  | 'apiId'
  | 'carrier'
  | 'name'
  | 'serviceCode'
  | 'enabled'
  | 'active'
  | 'basePriceCents'
  | 'maxWeight'
  | 'hasDynamicPricing'
  | 'pricingTiers'
  | 'transitMaxDays'
>;

/** A service as an order sees it: the catalogue row, its API config and the customer's rules for that API. */
export interface OrderService {
  service: OrderServiceRow;
  /** With what a purchase needs to call the provider, so it does not read the config again. */
  api: Pick<ShippingApiRow, 'id' | 'name' | 'enabled' | 'keyCiphertext' | 'baseUrl' | 'kind'>;
  pricing: StoredCustomPricing | null;
}

/**
 * The one query of a quote, prepared once per database (the quote is on the hot path: building the SQL on every
 * request costs as much as running it). Only the columns pricing and the order snapshot need, and a plain equality
 * lookup on unique indexes (cheap for SQLite to prepare, which libSQL does on every execution).
 */
const serviceQuery = perDatabase((db) =>
  db
    .select({
      id: shippingServices.id,
      apiId: shippingServices.apiId,
      carrier: shippingServices.carrier,
      name: shippingServices.name,
      serviceCode: shippingServices.serviceCode,
      enabled: shippingServices.enabled,
      active: shippingServices.active,
      basePriceCents: shippingServices.basePriceCents,
      maxWeight: shippingServices.maxWeight,
      hasDynamicPricing: shippingServices.hasDynamicPricing,
      pricingTiers: shippingServices.pricingTiers,
      transitMaxDays: shippingServices.transitMaxDays,
      apiName: shippingApis.name,
      apiEnabled: shippingApis.enabled,
      apiKeyCiphertext: shippingApis.keyCiphertext,
      apiBaseUrl: shippingApis.baseUrl,
      apiKind: shippingApis.kind,
      pricingEnabled: customPricing.enabled,
      pricingCarriers: customPricing.carriers,
    })
    .from(shippingServices)
    .innerJoin(shippingApis, eq(shippingApis.id, shippingServices.apiId))
    .leftJoin(
      customPricing,
      and(eq(customPricing.userId, sql.placeholder('userId')), eq(customPricing.apiId, shippingApis.id)),
    )
    .where(
      and(
        eq(shippingServices.apiId, sql.placeholder('apiId')),
        eq(shippingServices.carrier, sql.placeholder('carrier')),
        eq(shippingServices.name, sql.placeholder('name')),
      ),
    )
    .limit(1)
    .prepare(),
);

/**
 * The service of an order, with its API and the customer's custom pricing, in ONE indexed query (service by its
 * unique (api, carrier, name); the API by primary key; custom pricing by its unique (user, api)). 404
 * ORDER_MESSAGES.serviceNotFound when the service or its API does not exist or is disabled.
 */
export async function findOrderService(
  services: Services,
  input: ServiceRef & { userId: string },
): Promise<OrderService> {
  const [row] = await serviceQuery(services.db).all({
    userId: input.userId,
    apiId: input.apiId,
    carrier: input.carrier,
    name: input.serviceType,
  });
  if (!row?.enabled || !row.apiEnabled) {
    throw new ApiError('not_found', ORDER_MESSAGES.serviceNotFound);
  }
  const { apiName, apiEnabled, apiKeyCiphertext, apiBaseUrl, apiKind, pricingEnabled, pricingCarriers, ...service } =
    row;
  const pricing =
    pricingEnabled === null || pricingCarriers === null
      ? null
      : { enabled: pricingEnabled, carriers: readStoredCarriers(pricingCarriers) };
  return {
    service,
    api: {
      id: row.apiId,
      name: apiName,
      enabled: apiEnabled,
      keyCiphertext: apiKeyCiphertext,
      baseUrl: apiBaseUrl,
      kind: apiKind,
    },
    pricing,
  };
}

/** What this customer pays for `weight` (in `unit`) of this service: @labeldesk/pricing with the customer's rule. */
export function servicePrice(
  service: OrderServiceRow,
  pricing: StoredCustomPricing | null,
  weight: number,
  unit: WeightUnit,
): PriceResult {
  // Stored rules are already normalized (cents, hundredths): pricing's own shape.
  const rule = selectCustomServicePricing(pricing, service.carrier, service.name);
  return customerPrice(pricedService(service), rule, weight, unit);
}

/**
 * The price in cents of a package, or the SPEC §5 refusal: inactive service → 400 'Service currently unavailable';
 * weight over the maximum → 400 'Weight exceeds maximum allowed ({max} oz|lbs) for {service}'; no price for the
 * weight → 400 with pricing's text. A price of 0 is returned as is (the caller decides).
 */
export function priceOrder(found: Pick<OrderService, 'service' | 'pricing'>, weight: number, unit: WeightUnit): number {
  if (!found.service.active) throw new ApiError('invalid_input', SERVICE_UNAVAILABLE_MESSAGE);
  const price = servicePrice(found.service, found.pricing, weight, unit);
  if (!price.ok) {
    throw new ApiError('invalid_input', price.message, {
      details: [{ path: 'packageDetails.weight', message: price.message }],
    });
  }
  return price.cents;
}

/**
 * YYYY-MM-DD: today (UTC) + the service's longest transit time (DEFAULT_TRANSIT_DAYS when unknown), one day later
 * when bought after the 17:00 UTC drop-off cut-off.
 */
export function estimateDelivery(transitMaxDays: number | null, now: Date): string {
  const days = (transitMaxDays ?? DEFAULT_TRANSIT_DAYS) + (now.getUTCHours() >= DROP_OFF_CUTOFF_UTC_HOUR ? 1 : 0);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}
