/**
 * Test fixtures: a completed order as GET /api/orders answers it (valid against the schema), for the component tests of
 * My Orders, the customer's order details and the admin's. Not part of the package's index: only tests import it.
 */
import type { Order, OrderParty } from './orders';

export const orderParty = (name: string, over: Partial<OrderParty> = {}): OrderParty => ({
  name,
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  country: 'US',
  phone: '555-0100',
  email: '',
  ...over,
});

/** A completed UPS Ground order of 2 lbs bought on API 1, its label ready; `over` replaces any field. */
export const orderFixture = (over: Partial<Order> = {}): Order => ({
  _id: 'ord_1',
  orderId: 'ord_1',
  createdAt: '2026-11-20T12:00:00.000Z',
  trackingNumber: '1Z999',
  carrier: 'UPS',
  serviceType: 'ups_ground',
  serviceName: 'UPS Ground',
  price: 11.4,
  deliveryStatus: 'pending',
  status: 'completed',
  recipient: orderParty('Grace Receiver'),
  sender: orderParty('Ada Sender'),
  packageDetails: {
    weight: 2,
    weightUnit: 'lbs',
    dimensions: { length: 10, width: 8, height: 4 },
    description: '',
    value: 0,
    template: null,
  },
  estimatedDelivery: null,
  trackingEvents: [],
  lastChecked: null,
  apiId: 'api_1',
  apiName: 'API 1',
  boughtVia: { apiId: 'api_1', apiName: 'API 1' },
  destination: 'Chicago, IL',
  amazonOrderId: null,
  sku: null,
  bulkOrderId: null,
  hasLabel: true,
  failureReason: null,
  voidStatus: null,
  ...over,
});
