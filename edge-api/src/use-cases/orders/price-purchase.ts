import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { formatUsd, roundUsdToCents, type WeightUnit } from '@labeldesk/pricing';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import type { CreateOrderData } from './order-columns';
import { findOrderService, NO_PRICE_MESSAGE, type OrderService, priceOrder } from './price-order';

/** 404 for a service named by an id (POST /api/v1/create-label's `serviceId`) that does not exist, or no longer. */
export const unknownServiceId = (): ApiError =>
  new ApiError('not_found', ORDER_MESSAGES.serviceNotFound, {
    details: [{ path: 'serviceId', message: ORDER_MESSAGES.serviceNotFound }],
  });

/**
 * What a purchase of this parcel with this service charges, in cents: priceOrder's price and refusals, and a price of
 * 0 refused (the ledger takes no zero debit). POST /api/v1/rates quotes every service with it, so a rate is exactly
 * what the purchase then charges.
 */
export function chargeablePrice(found: Pick<OrderService, 'service' | 'pricing'>, weight: number, unit: WeightUnit) {
  const priceCents = priceOrder(found, weight, unit);
  if (priceCents <= 0) throw new ApiError('invalid_input', NO_PRICE_MESSAGE);
  return priceCents;
}

/**
 * The service a purchase names and the price it pays, live (createOrder) or test (createTestLabel): the SPEC §5
 * refusals as the quote, and 409 when the `price` the customer saw is not the server's (nobody pays a price they did
 * not see).
 */
export async function pricePurchase(
  services: Services,
  userId: string,
  request: CreateOrderData,
  serviceId?: string,
): Promise<{ found: OrderService; priceCents: number }> {
  const ref = { userId, apiId: request.apiId, carrier: request.carrier, serviceType: request.serviceType };
  const found = await findOrderService(services, ref).catch((err: unknown) => {
    // Named by id, a missing or disabled service is refused on the field the caller sent.
    throw serviceId !== undefined && err instanceof ApiError && err.code === 'not_found' ? unknownServiceId() : err;
  });
  // A service named by id was resolved to its reference from a cache (public-api/create-api-label.ts): if that service
  // was removed since and another took its name, the reference now finds the other one. Its id no longer exists: 404.
  if (serviceId !== undefined && found.service.id !== serviceId) throw unknownServiceId();
  const priceCents = chargeablePrice(found, request.packageDetails.weight, request.packageDetails.weightUnit);
  if (request.price !== undefined && roundUsdToCents(request.price) !== priceCents) {
    throw new ApiError('conflict', ORDER_MESSAGES.priceChanged(formatUsd(priceCents)));
  }
  return { found, priceCents };
}
