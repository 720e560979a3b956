import { ErrorBody, V1OrderIdParam, V1VoidOrderResponse, VOID_WINDOW_DAYS } from '@labeldesk/contracts';
import type { z } from 'zod';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { pathParams } from '../../middleware/validate';
import { OrderIdParam } from '../order-history/order-history.routes';
import type { V1RouteSpec } from '../v1/v1.routes';

const party = (name: string, street1: string, city: string, state: string, zip: string, phone: string) => ({
  name,
  company: '',
  street1,
  street2: '',
  city,
  state,
  zip,
  country: 'US',
  phone,
  email: '',
});

/** An answer as the document shows it (a refunded void of a UPS Ground label): the whole Order, as it is sent. */
const EXAMPLE: z.input<typeof V1VoidOrderResponse> = {
  status: 'success',
  livemode: true,
  data: {
    message: 'Label voided. The amount was refunded to your balance.',
    refunded: 11.4,
    newBalance: 38.6,
    order: {
      _id: 'ord_01JD8X9Y6Q3V7W2K4M5N6P7R8S',
      orderId: 'ord_01JD8X9Y6Q3V7W2K4M5N6P7R8S',
      createdAt: '2026-11-20T15:04:05.000Z',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      serviceName: 'UPS Ground',
      price: 11.4,
      deliveryStatus: 'cancelled',
      status: 'completed',
      recipient: party('Grace Receiver', '500 Market St', 'San Francisco', 'CA', '94105', '415-555-0199'),
      sender: party('Ada Shipper', '1 Main St', 'New York', 'NY', '10001', '212-555-0100'),
      packageDetails: {
        weight: 3,
        weightUnit: 'lbs',
        dimensions: { length: 10, width: 8, height: 4 },
        description: 'Books',
        value: 0,
        template: null,
      },
      estimatedDelivery: '2026-11-25',
      trackingEvents: [],
      lastChecked: null,
      apiId: 'api_01JD8X9Y6Q3V7W2K4M5N6P7R8T',
      apiName: 'API 1',
      boughtVia: { apiId: 'api_01JD8X9Y6Q3V7W2K4M5N6P7R8T', apiName: 'API 1' },
      destination: 'San Francisco, CA',
      amazonOrderId: null,
      sku: null,
      reference: null,
      bulkOrderId: null,
      hasLabel: true,
      failureReason: null,
      voidStatus: 'refunded',
    },
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
