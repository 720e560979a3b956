import { type V1VoidOrderResponse, VOID_MESSAGES, type VoidOrderResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv, Services } from '../../env';
import { centsToUsd } from '../../lib/money';
import { presentOrder } from '../../lib/presenters/order';
import { requireUser } from '../../middleware/auth';
import { getBalance } from '../../use-cases/balance/get-balance';
import { type VoidOutcome, voidOrder } from '../../use-cases/orders/void-order';
import { presentTestOrder } from '../../use-cases/public-api/get-test-order';
import { voidTestOrder } from '../../use-cases/public-api/void-test-order';
import { orderVoidValidators as v } from './order-void.routes';

const factory = createFactory<AppEnv>();

/** The answer of a live void: 200 refunded (or a replay of a refunded void), 202 while the refund is pending. */
async function answerOf(
  services: Services,
  outcome: VoidOutcome,
): Promise<{ body: VoidOrderResponse; status: 200 | 202 }> {
  const balanceCents = await getBalance(services, { userId: outcome.order.userId });
  return {
    body: {
      order: presentOrder(outcome.order),
      message: outcome.kind === 'refunded' ? VOID_MESSAGES.refunded : VOID_MESSAGES.pending,
      refunded: centsToUsd(outcome.refundedCents),
      newBalance: centsToUsd(balanceCents),
    },
    status: outcome.kind === 'refunded' ? 200 : 202,
  };
}

/** POST /api/orders/{id}/void (session): the customer's own label, or any customer's for an admin (refunded to its owner). */
export const voidOrderForSession = factory.createHandlers(requireUser, v.orderId, v.idempotencyKey, async (c) => {
  const outcome = await voidOrder(c.get('services'), {
    orderId: c.req.valid('param').id,
    caller: c.get('user'),
    idempotencyKey: c.get('idempotencyKey'),
  });
  const { body, status } = await answerOf(c.get('services'), outcome);
  return c.json(body, status);
});

/** POST /api/v1/orders/{id}/void: the key's owner's own orders only (an admin's key too); a test key voids specimens. */
export const voidOrderForApiKey = factory.createHandlers(v.v1OrderId, v.idempotencyKey, async (c) => {
  const svc = c.get('services');
  const userId = c.get('user').id;
  const orderId = c.req.valid('param').order_id;
  const idempotencyKey = c.get('idempotencyKey');
  if (c.get('apiKey').mode === 'test') {
    const { row } = await voidTestOrder(svc, { orderId, userId, idempotencyKey });
    const body: V1VoidOrderResponse = {
      status: 'success',
      livemode: false,
      data: {
        order: presentTestOrder(row),
        message: VOID_MESSAGES.testVoided,
        refunded: 0,
        newBalance: centsToUsd(await getBalance(svc, { userId })),
      },
    };
    return c.json(body, 200);
  }
  const outcome = await voidOrder(svc, { orderId, caller: { id: userId, isAdmin: false }, idempotencyKey });
  const { body, status } = await answerOf(c.get('services'), outcome);
  const v1: V1VoidOrderResponse = { status: 'success', livemode: true, data: body };
  return c.json(v1, status);
});
