import type { CreateOrderRequest, OrderParty } from '@labeldesk/contracts';
import type { z } from 'zod';
import { requestHash } from '../../lib/idempotency';
import { usdToCents } from '../../lib/money';
import type { StoredPackage } from '../../lib/presenters/order';
import { estimateDelivery, type OrderService } from './price-order';

/**
 * What every purchase stores on its order row — a manual order (create-order.ts), a bulk row (create-bulk-order.ts)
 * and a test-key order (public-api/create-test-*.ts) — so they all keep the same columns the same way.
 */

/** A purchase as the API validated it (POST /api/orders; a bulk row and a v1 label become the same shape). */
export type CreateOrderData = z.output<typeof CreateOrderRequest>;

/** The fingerprint of a request: everything that decides the purchase (`estimatedDelivery` is ignored, so not in it). */
export function orderRequestHash(request: CreateOrderData): string {
  const { estimatedDelivery: _ignored, ...decisive } = request;
  return requestHash(decisive);
}

export function party(input: CreateOrderData['sender']): OrderParty {
  return {
    name: input.name,
    company: input.company,
    street1: input.street1,
    street2: input.street2,
    city: input.city,
    state: input.state,
    zip: input.zip,
    country: input.country,
    phone: input.phone,
    email: input.email,
  };
}

export function storedPackage(request: CreateOrderData): StoredPackage {
  const p = request.packageDetails;
  const template = request.carrier === 'USPS' ? p.template?.trim().toUpperCase() || 'BASIC' : null;
  return {
    weight: p.weight,
    weightUnit: p.weightUnit,
    length: p.length,
    width: p.width,
    height: p.height,
    description: p.description,
    valueCents: usdToCents(p.value),
    template,
  };
}

/** The service, price and parties every purchase stores on its order row, live or test. */
export function purchasedColumns(found: OrderService, priceCents: number, request: CreateOrderData, now: Date) {
  return {
    apiId: found.api.id,
    apiName: found.api.name,
    serviceId: found.service.id,
    carrier: found.service.carrier,
    serviceName: found.service.name,
    serviceCode: found.service.serviceCode,
    priceCents,
    senderJson: JSON.stringify(party(request.sender)),
    recipientJson: JSON.stringify(party(request.recipient)),
    packageJson: JSON.stringify(storedPackage(request)),
    estimatedDelivery: estimateDelivery(found.service.transitMaxDays, now),
  };
}
