import type { CalculatePriceResponse, CreateOrderResponse } from '@labeldesk/contracts';
import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { centsToUsd } from '../../lib/money';
import { presentOrder } from '../../lib/presenters/order';
import { requireSessionToken, requireUser } from '../../middleware/auth';
import type { ProviderTiming } from '../../use-cases/orders/buy-order-label';
import { calculatePrice as quote } from '../../use-cases/orders/calculate-price';
import { createOrder } from '../../use-cases/orders/create-order';
import { ordersValidators } from './orders.routes';

const factory = createFactory<AppEnv>();

// The quote is the hot path of the order form (re-asked 500 ms after every change): the session is checked by its
// signature alone, and the catalogue lookup is micro-cached (see calculate-price.ts). The purchase re-reads both.
export const calculatePrice = factory.createHandlers(
  requireSessionToken,
  ordersValidators.calculatePrice,
  async (c) => {
    const result = await quote(c.get('services'), { userId: c.get('sessionUserId'), request: c.req.valid('json') });
    const body: CalculatePriceResponse = {
      price: centsToUsd(result.priceCents),
      estimatedDelivery: result.estimatedDelivery,
    };
    return c.json(body, 200);
  },
);

export const create = factory.createHandlers(
  requireUser,
  ordersValidators.idempotencyKey,
  ordersValidators.create,
  async (c) => {
    const timing: ProviderTiming = {};
    const result = await createOrder(c.get('services'), {
      userId: c.get('user').id,
      request: c.req.valid('json'),
      idempotencyKey: c.get('idempotencyKey'),
      timing,
    });
    // How long the label provider took of this answer (W3C Server-Timing): our own share is the rest.
    if (timing.providerMs !== undefined) c.header('Server-Timing', `provider;dur=${timing.providerMs.toFixed(1)}`);
    const body: CreateOrderResponse = {
      _id: result.order.id,
      order: presentOrder(result.order),
      message: result.kind === 'pending' ? ORDER_MESSAGES.pendingReconciliation : ORDER_MESSAGES.created,
      newBalance: centsToUsd(result.balanceCents),
    };
    return c.json(body, result.kind === 'created' ? 201 : result.kind === 'pending' ? 202 : 200);
  },
);
