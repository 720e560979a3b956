import { CalculatePriceRequest, CreateOrderRequest } from '@labeldesk/contracts';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { jsonBody } from '../../middleware/validate';

/**
 * Buying labels: the quote and the purchase (logged in). The order history (GET /orders...) lives in
 * routes/order-history under the same prefix.
 */
export const ordersRoutes = {
  calculatePrice: '/orders/calculate-price',
  create: '/orders',
} as const;

export const ordersValidators = {
  calculatePrice: jsonBody(CalculatePriceRequest),
  create: jsonBody(CreateOrderRequest),
  idempotencyKey,
};
