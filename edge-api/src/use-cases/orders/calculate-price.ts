import type { CalculatePriceRequest } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { Services } from '../../env';
import { TtlCache } from '../../lib/ttl-cache';
import { perDatabase } from '../../ports/database';
import { estimateDelivery, findOrderService, type OrderService, priceOrder } from './price-order';

/**
 * How long a quote may reuse a catalogue lookup. The order form asks again 500 ms after every change and many
 * customers price the same services, so a one-second micro-cache takes the database off the hot path while an admin's
 * price change shows in quotes within a second. The purchase never reads this cache: it prices from the database and
 * refuses (409) when that differs from the price the customer saw.
 */
export const QUOTE_CACHE_TTL_MS = 1000;
const quoteCache = perDatabase(() => new TtlCache<OrderService>(QUOTE_CACHE_TTL_MS));

async function cachedOrderService(
  services: Services,
  input: Parameters<typeof findOrderService>[1],
): Promise<OrderService> {
  const cache = quoteCache(services.db);
  const key = JSON.stringify([input.userId, input.apiId, input.carrier, input.serviceType]);
  const now = services.clock.now().getTime();
  const hit = cache.get(key, now);
  if (hit) return hit;
  // Refusals (404) are not cached: a service an admin just enabled is quotable at once.
  const found = await findOrderService(services, input);
  cache.set(key, found, now);
  return found;
}

export interface Quote {
  priceCents: number;
  /** YYYY-MM-DD. */
  estimatedDelivery: string;
}

/**
 * POST /api/orders/calculate-price: what this customer would pay for this package, from the catalogue and their
 * custom pricing (the same computation the purchase charges). At most one query (micro-cached), no provider call.
 * Refusals as priceOrder.
 */
export async function calculatePrice(
  services: Services,
  input: { userId: string; request: z.output<typeof CalculatePriceRequest> },
): Promise<Quote> {
  const { request } = input;
  const found = await cachedOrderService(services, {
    userId: input.userId,
    apiId: request.apiId,
    carrier: request.carrier,
    serviceType: request.serviceType,
  });
  const priceCents = priceOrder(found, request.packageDetails.weight, request.packageDetails.weightUnit);
  return { priceCents, estimatedDelivery: estimateDelivery(found.service.transitMaxDays, services.clock.now()) };
}
