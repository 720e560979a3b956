import type { Order, V1CreateLabelRequest } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { presentOrder } from '../../lib/presenters/order';
import { TtlCache } from '../../lib/ttl-cache';
import { perDatabase } from '../../ports/database';
import type { ProviderTiming } from '../orders/buy-order-label';
import { createOrder } from '../orders/create-order';
import type { CreateOrderData } from '../orders/order-columns';
import { unknownServiceId } from '../orders/price-purchase';

export type V1CreateLabelData = z.output<typeof V1CreateLabelRequest>;

export interface V1ServiceRef {
  serviceId?: string | undefined;
  apiId?: string | undefined;
  carrier?: CreateOrderData['carrier'] | undefined;
  serviceType?: string | undefined;
}

type ResolvedRef = Pick<CreateOrderData, 'apiId' | 'carrier' | 'serviceType'>;

/**
 * How long a purchase may reuse a service id's reference. A service row never changes its API, carrier or name (admins
 * change prices, flags and reliability; a service removed and added again gets a new id), so the mapping cannot go
 * stale; the purchase re-reads the service by the reference anyway and refuses an id that no longer exists
 * (createOrder's `serviceId` check). The bound only keeps removed ids from being held forever.
 */
export const SERVICE_REF_TTL_MS = 5 * 60_000;
const serviceRefCache = perDatabase(() => new TtlCache<ResolvedRef>(SERVICE_REF_TTL_MS));

/**
 * The service a v1 request names: `serviceId` resolved to its API, carrier and name (404 if unknown), or as sent.
 * `cached`: reuse a resolution of the last SERVICE_REF_TTL_MS (only for callers that pass the id on to createOrder,
 * which checks it); it takes one query off every single-label purchase.
 */
export async function serviceRefOf(
  services: Services,
  request: V1ServiceRef,
  options: { cached?: boolean } = {},
): Promise<ResolvedRef> {
  const { serviceId } = request;
  if (serviceId === undefined) {
    return { apiId: request.apiId ?? '', carrier: request.carrier ?? 'UPS', serviceType: request.serviceType ?? '' };
  }
  const cache = options.cached ? serviceRefCache(services.db) : undefined;
  const now = services.clock.now().getTime();
  const hit = cache?.get(serviceId, now);
  if (hit) return hit;
  const [row] = await services.db
    .select({ apiId: shippingServices.apiId, carrier: shippingServices.carrier, name: shippingServices.name })
    .from(shippingServices)
    .where(eq(shippingServices.id, serviceId))
    .limit(1);
  // Unknown ids are not cached: a service added a moment later is found at once.
  if (!row) throw unknownServiceId();
  const ref: ResolvedRef = { apiId: row.apiId, carrier: row.carrier, serviceType: row.name };
  cache?.set(serviceId, ref, now);
  return ref;
}

/**
 * The order a v1 request names, as POST /api/orders takes it: the service reference resolved (serviceRefOf, cached)
 * and the rest as the request schema already validated it (V1CreateLabelRequest checks every field CreateOrderRequest
 * does, so no second pass).
 */
export async function orderRequestOf(services: Services, request: V1CreateLabelData): Promise<CreateOrderData> {
  const ref = await serviceRefOf(services, request, { cached: true });
  return {
    ...ref,
    sender: request.sender,
    recipient: request.recipient,
    packageDetails: request.packageDetails,
    ...(request.price === undefined ? {} : { price: request.price }),
    ...(request.reference ? { reference: request.reference } : {}),
  };
}

export interface ApiLabelResult {
  kind: 'created' | 'replayed' | 'pending';
  order: Order;
  balanceCents: number;
}

/**
 * POST /api/v1/create-label. Either key buys exactly as the web app does (createOrder, source 'api': pricing, the
 * two-phase purchase, Idempotency-Key, refunds); a test key's purchase is `livemode: false` (README "Test mode": the
 * sandbox of the API's kind, the daily test quota, no money moves).
 */
export async function createApiLabel(
  services: Services,
  input: {
    userId: string;
    mode: 'live' | 'test';
    request: V1CreateLabelData;
    idempotencyKey?: string | undefined;
    timing?: ProviderTiming;
  },
): Promise<ApiLabelResult> {
  const request = await orderRequestOf(services, input.request);
  const result = await createOrder(services, {
    userId: input.userId,
    request,
    idempotencyKey: input.idempotencyKey,
    source: 'api',
    serviceId: input.request.serviceId,
    livemode: input.mode === 'live',
    ...(input.timing ? { timing: input.timing } : {}),
  });
  return { kind: result.kind, order: presentOrder(result.order), balanceCents: result.balanceCents };
}
