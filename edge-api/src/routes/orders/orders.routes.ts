import { CalculatePriceRequest, CreateOrderRequest } from '@labeldesk/contracts';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { jsonBody } from '../../middleware/validate';
import { IDEMPOTENCY_KEY_MESSAGE, IdempotencyKey } from '../../use-cases/orders/request-hash';

/**
 * Buying labels: the quote and the purchase (logged in). The order history (GET /orders...) lives in
 * routes/order-history under the same prefix.
 */
export const ordersRoutes = {
  calculatePrice: '/orders/calculate-price',
  create: '/orders',
} as const;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The optional Idempotency-Key header: 1-255 visible ASCII characters, else 400. Read with `c.get('idempotencyKey')`. */
export const idempotencyKeyHeader = createMiddleware<AppEnv & { Variables: { idempotencyKey: string | undefined } }>(
  async (c, next) => {
    const raw = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (raw === undefined) {
      c.set('idempotencyKey', undefined);
    } else {
      const parsed = IdempotencyKey.safeParse(raw);
      if (!parsed.success) {
        throw new ApiError('invalid_input', IDEMPOTENCY_KEY_MESSAGE, {
          details: [{ path: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MESSAGE }],
        });
      }
      c.set('idempotencyKey', parsed.data);
    }
    await next();
  },
);

export const ordersValidators = {
  calculatePrice: jsonBody(CalculatePriceRequest),
  create: jsonBody(CreateOrderRequest),
  idempotencyKey: idempotencyKeyHeader,
};
