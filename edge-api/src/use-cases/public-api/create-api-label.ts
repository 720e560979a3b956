import { CreateOrderRequest, ORDER_MESSAGES, type Order, type V1CreateLabelRequest } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { presentOrder } from '../../lib/presenters/order';
import { getBalance } from '../balance/get-balance';
import type { ProviderTiming } from '../orders/buy-order-label';
import { type CreateOrderData, createOrder } from '../orders/create-order';
import { createTestLabel } from './create-test-label';
import { presentTestOrder } from './get-test-order';

export type V1CreateLabelData = z.output<typeof V1CreateLabelRequest>;

/**
 * The order a v1 request names, as POST /api/orders takes it: `serviceId` (from GET /api/v1/services) is resolved to
 * its API, carrier and name; otherwise apiId + carrier + serviceType are used as sent.
 */
export async function orderRequestOf(services: Services, request: V1CreateLabelData): Promise<CreateOrderData> {
  const ref = await serviceRefOf(services, request);
  return CreateOrderRequest.parse({
    ...ref,
    sender: request.sender,
    recipient: request.recipient,
    packageDetails: request.packageDetails,
    ...(request.price === undefined ? {} : { price: request.price }),
  });
}

export interface V1ServiceRef {
  serviceId?: string | undefined;
  apiId?: string | undefined;
  carrier?: CreateOrderData['carrier'] | undefined;
  serviceType?: string | undefined;
}

/** The service a v1 request names: `serviceId` resolved to its API, carrier and name (404 if unknown), or as sent. */
export async function serviceRefOf(
  services: Services,
  request: V1ServiceRef,
): Promise<Pick<CreateOrderData, 'apiId' | 'carrier' | 'serviceType'>> {
  let ref = { apiId: request.apiId ?? '', carrier: request.carrier ?? 'UPS', serviceType: request.serviceType ?? '' };
  if (request.serviceId !== undefined) {
    const [row] = await services.db
      .select({ apiId: shippingServices.apiId, carrier: shippingServices.carrier, name: shippingServices.name })
      .from(shippingServices)
      .where(eq(shippingServices.id, request.serviceId))
      .limit(1);
    if (!row) {
      throw new ApiError('not_found', ORDER_MESSAGES.serviceNotFound, {
        details: [{ path: 'serviceId', message: ORDER_MESSAGES.serviceNotFound }],
      });
    }
    ref = { apiId: row.apiId, carrier: row.carrier, serviceType: row.name };
  }
  return ref;
}

export interface ApiLabelResult {
  kind: 'created' | 'replayed' | 'pending';
  order: Order;
  balanceCents: number;
}

/**
 * POST /api/v1/create-label. A live key buys exactly as the web app does (createOrder, source 'api': pricing, the
 * two-phase purchase, Idempotency-Key, refunds); a test key runs createTestLabel (same checks and price, no money).
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
  if (input.mode === 'test') {
    const result = await createTestLabel(services, {
      userId: input.userId,
      request,
      idempotencyKey: input.idempotencyKey,
    });
    return {
      kind: result.kind,
      order: presentTestOrder(result.row),
      balanceCents: await getBalance(services, { userId: input.userId }),
    };
  }
  const result = await createOrder(services, {
    userId: input.userId,
    request,
    idempotencyKey: input.idempotencyKey,
    source: 'api',
    ...(input.timing ? { timing: input.timing } : {}),
  });
  return { kind: result.kind, order: presentOrder(result.order), balanceCents: result.balanceCents };
}
