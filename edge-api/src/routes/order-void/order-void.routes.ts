import { ErrorBody, V1OrderIdParam, V1VoidOrderResponse, VOID_WINDOW_DAYS } from '@labeldesk/contracts';
import type { z } from 'zod';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { pathParams } from '../../middleware/validate';
import { OrderIdParam } from '../order-history/order-history.routes';
import { ORDER_EXAMPLE } from '../v1/openapi-examples';
import { VOID_PENDING_EXAMPLE } from '../v1/openapi-examples-v1';
import type { V1RouteSpec } from '../v1/v1.routes';

/** An answer as the document shows it (a refunded void of a UPS Ground label): the whole Order, as it is sent. */
const EXAMPLE: z.input<typeof V1VoidOrderResponse> = {
  status: 'success',
  livemode: true,
  data: {
    message: 'Label voided. The amount was refunded to your balance.',
    refunded: 11.4,
    newBalance: 38.6,
    order: { ...ORDER_EXAMPLE, deliveryStatus: 'cancelled', voidStatus: 'refunded' },
  },
};

const windows = Object.entries(VOID_WINDOW_DAYS)
  .map(([carrier, days]) => `${carrier} ${days} days`)
  .join(', ');

/** Voiding a label: the public API's entry (same table format as v1.routes.ts) and the web app's session route. */
export const voidRoutes = {
  voidOrder: {
    method: 'post',
    path: '/orders/:order_id/void',
    summary: 'Void a label and get its price back',
    description: `Voids the label of one of your orders at the carrier API that bought it and refunds its price to your balance (one refund per order, however many times it is asked). A label can be voided while the carrier has not scanned the parcel, within its carrier's window after the purchase (${windows}). 200: voided and refunded now (\`refunded\` is the amount, \`newBalance\` your balance after it). 202: the carrier accepted the void but settles the refund later — \`voidStatus\` is \`pending\`, and the amount is credited (with an \`order.refunded\` event) once the carrier accepts it; if it refuses (it scanned the parcel first), the label stands and nothing is credited. 409: already voided, already being voided, not a bought label, or too late (the message says which); nothing is refunded. Another customer's order answers 404. Send an \`Idempotency-Key\` header to retry safely: the key that voided the order answers the first result again (200/202) instead of 409. With a test key a test order is voided at the sandbox by the same rules and nothing moves (\`refunded\` 0); its \`order.refunded\` event says \`livemode: false\`.`,
    params: V1OrderIdParam,
    idempotent: true,
    responses: {
      200: { description: 'Voided and refunded (or a replay)', schema: V1VoidOrderResponse, example: EXAMPLE },
      202: {
        description: 'Void accepted; the refund is credited when the carrier settles it',
        schema: V1VoidOrderResponse,
        example: VOID_PENDING_EXAMPLE,
      },
      404: { description: 'No such order of yours', schema: ErrorBody },
      409: { description: 'Already voided or being voided, not bought, or too late to void', schema: ErrorBody },
    },
  },
} as const satisfies Record<string, V1RouteSpec>;

/** The web app's route (session): the customer's own orders, an admin's any order. */
export const orderVoidRoutes = { void: '/orders/:id/void' } as const;

export const orderVoidValidators = {
  v1OrderId: pathParams(V1OrderIdParam),
  orderId: pathParams(OrderIdParam),
  idempotencyKey,
};
