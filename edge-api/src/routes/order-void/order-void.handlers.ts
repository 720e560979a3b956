import { type V1VoidOrderResponse, VOID_MESSAGES, type VoidOrderResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv, Services } from '../../env';
import { centsToUsd } from '../../lib/money';
import { presentOrder } from '../../lib/presenters/order';
import { requireUser } from '../../middleware/auth';
import { getBalance } from '../../use-cases/balance/get-balance';
import { type VoidOutcome, voidOrder } from '../../use-cases/orders/void-order';
import { orderVoidValidators as v } from './order-void.routes';

const factory = createFactory<AppEnv>();

/**
 * The answer of a void: 200 refunded (or a replay of a refunded void), 202 while the refund is pending. A test order's
 * void refunds nothing (refunded 0, the balance as it was) and says so.
 */
async function answerOf(
  services: Services,
  outcome: VoidOutcome,
): Promise<{ body: VoidOrderResponse; status: 200 | 202 }> {
  const balanceCents = await getBalance(services, { userId: outcome.order.userId });
  return {
    body: {
      order: presentOrder(outcome.order),
      message: !outcome.order.livemode
        ? VOID_MESSAGES.testVoided
        : outcome.kind === 'refunded'
          ? VOID_MESSAGES.refunded
          : VOID_MESSAGES.pending,
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

/**
 * POST /api/v1/orders/{id}/void: the key's owner's own orders of the key's mode only (an admin's key too). A test key
 * voids its test orders through the same use-case (the sandbox voids the label; nothing is refunded).
 */
export const voidOrderForApiKey = factory.createHandlers(v.v1OrderId, v.idempotencyKey, async (c) => {
  const svc = c.get('services');
  const livemode = c.get('apiKey').mode === 'live';
  const outcome = await voidOrder(svc, {
    orderId: c.req.valid('param').order_id,
    caller: { id: c.get('user').id, isAdmin: false, livemode },
    idempotencyKey: c.get('idempotencyKey'),
  });
  const { body, status } = await answerOf(svc, outcome);
  const v1: V1VoidOrderResponse = { status: 'success', livemode, data: body };
  return c.json(v1, status);
});
