import type { Order, WebhookDelivery, WebhookEndpoint } from '@labeldesk/contracts';

/** Examples the OpenAPI document shows (typed against the contracts, so they cannot drift from the answers). */

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

/** A bought UPS Ground label, as every order answer presents it. */
export const ORDER_EXAMPLE: Order = {
  _id: 'ord_01JD8X9Y6Q3V7W2K4M5N6P7R8S',
  orderId: 'ord_01JD8X9Y6Q3V7W2K4M5N6P7R8S',
  createdAt: '2026-11-20T15:04:05.000Z',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
  serviceType: 'UPS Ground',
  serviceName: 'UPS Ground',
  price: 11.4,
  deliveryStatus: 'pending',
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
  voidStatus: null,
};

export const WEBHOOK_ENDPOINT_EXAMPLE: WebhookEndpoint = {
  id: 'whe_01JD8X9Y6Q3V7W2K4M5N6P7R8V',
  url: 'https://shop.example.com/webhooks/labeldesk',
  events: ['order.created', 'tracking.updated'],
  description: 'Order sync',
  livemode: true,
  disabled: false,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: '2026-11-20T15:00:00.000Z',
};

export const WEBHOOK_DELIVERY_EXAMPLE: WebhookDelivery = {
  id: 'wha_01JD8X9Y6Q3V7W2K4M5N6P7R8W',
  eventId: 'msg_01JD8X9Y6Q3V7W2K4M5N6P7R8X',
  eventType: 'order.created',
  endpointId: WEBHOOK_ENDPOINT_EXAMPLE.id,
  attempt: 1,
  trigger: 'scheduled',
  attemptedAt: '2026-11-20T15:04:05.120Z',
  succeeded: true,
  responseStatus: 200,
  error: null,
  latencyMs: 84,
  responseBody: 'ok',
};
