import {
  BULK_MESSAGES,
  type BulkOrder,
  type BulkOrderRow,
  ORDER_MESSAGES,
  type V1BulkOrderListResponse,
  type V1BulkOrderResponse,
  type V1CancelBulkOrderResponse,
  type V1CreateBulkLabelsRequest,
  type V1CreateBulkLabelsResponse,
  type V1CreateLabelRequest,
  type V1CreateLabelResponse,
  type V1OrderResponse,
  type V1RatesRequest,
  type V1ServicesResponse,
  type V1UserResponse,
  type V1VoidOrderResponse,
  VOID_MESSAGES,
} from '@labeldesk/contracts';
import { ORDER_EXAMPLE } from './openapi-examples';

/**
 * The rest of the document's examples (openapi-examples.ts has the shared order and webhook ones): one for every JSON
 * body an operation takes and answers, typed against the contracts and checked against the schemas by openapi.test.
 */

const ok = <T>(data: T) => ({ status: 'success' as const, livemode: true, data });

const API_ID = ORDER_EXAMPLE.apiId;
const SERVICE_ID = 'svc_01JD8X9Y6Q3V7W2K4M5N6P7R8Y';
const BULK_ID = 'blk_01JD8X9Y6Q3V7W2K4M5N6P7R8Z';

const SENDER = {
  name: 'Ada Shipper',
  company: 'Acme Widgets',
  street1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '212-555-0100',
};
const RECIPIENT = {
  name: 'Grace Receiver',
  street1: '500 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '415-555-0199',
};
const PARCEL = { weight: 3, weightUnit: 'lbs' as const, dimensions: { length: 10, width: 8, height: 4 } };

export const USER_EXAMPLE: V1UserResponse = ok({
  _id: 'usr_01JD8X9Y6Q3V7W2K4M5N6P7R8A',
  name: 'Ada Shipper',
  email: 'ada@acme.example',
  balance: 138.6,
  totalSpend: 861.4,
  createdAt: '2026-01-05T09:00:00.000Z',
  isAdmin: false,
  address: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  country: 'US',
  emailVerified: true,
});

const service = (id: string, name: string, code: string, carrier: 'UPS' | 'USPS' | 'FEDEX', price: number) => ({
  id,
  name,
  code,
  carrier,
  price,
  reliabilityStatus: 'reliable' as const,
  active: true,
  maxWeight: 150,
  weightUnit: 'lbs' as const,
});

export const SERVICES_EXAMPLE: V1ServicesResponse = ok({
  apis: [{ id: API_ID, name: 'API 1', isDefault: true }],
  apiId: API_ID,
  services: {
    UPS: [service(SERVICE_ID, 'UPS Ground', '03', 'UPS', 8.95)],
    USPS: [service('svc_01JD8X9Y6Q3V7W2K4M5N6P7R8B', 'USPS Priority Mail', 'PRIORITY', 'USPS', 7.9)],
    FEDEX: [service('svc_01JD8X9Y6Q3V7W2K4M5N6P7R8C', 'FedEx Ground', 'FEDEX_GROUND', 'FEDEX', 9.2)],
  },
});

export const RATES_REQUEST_EXAMPLE: V1RatesRequest = { sender: SENDER, recipient: RECIPIENT, packageDetails: PARCEL };

export const CREATE_LABEL_REQUEST_EXAMPLE: V1CreateLabelRequest = {
  serviceId: SERVICE_ID,
  sender: SENDER,
  recipient: RECIPIENT,
  packageDetails: { ...PARCEL, description: 'Books' },
  price: 11.4,
  reference: 'PO-1042',
};

export const CREATE_LABEL_EXAMPLE: V1CreateLabelResponse = ok({
  _id: ORDER_EXAMPLE._id,
  order: { ...ORDER_EXAMPLE, reference: 'PO-1042' },
  message: ORDER_MESSAGES.created,
  newBalance: 138.6,
});

export const CREATE_LABEL_PENDING_EXAMPLE: V1CreateLabelResponse = ok({
  _id: ORDER_EXAMPLE._id,
  order: {
    ...ORDER_EXAMPLE,
    status: 'pending_reconciliation',
    trackingNumber: 'PENDING',
    boughtVia: null,
    hasLabel: false,
  },
  message: ORDER_MESSAGES.pendingReconciliation,
  newBalance: 138.6,
});

export const ORDER_RESPONSE_EXAMPLE: V1OrderResponse = ok({
  ...ORDER_EXAMPLE,
  deliveryStatus: 'in_transit',
  lastChecked: '2026-11-21T10:00:00.000Z',
  trackingEvents: [
    { status: 'pending', description: 'Label created', location: null, date: '2026-11-20T15:04:05.000Z' },
    { status: 'in_transit', description: 'Picked up', location: 'New York, NY', date: '2026-11-20T21:30:00.000Z' },
  ],
});

export const CREATE_BULK_REQUEST_EXAMPLE: V1CreateBulkLabelsRequest = {
  serviceId: SERVICE_ID,
  orders: [
    { sender: SENDER, recipient: RECIPIENT, packageDetails: PARCEL, reference: 'PO-1043' },
    { sender: SENDER, recipient: { ...RECIPIENT, name: 'Alan Receiver' }, packageDetails: PARCEL },
  ],
};

const PROCESSING = {
  isProcessing: true,
  totalLabels: 2,
  labelsProcessed: 0,
  labelsRemaining: 2,
  labelsFailed: 0,
  labelsWaiting: 0,
  nextAttemptAt: null,
};

export const CREATE_BULK_EXAMPLE: V1CreateBulkLabelsResponse = ok({
  bulkOrderId: BULK_ID,
  isBackgroundProcessing: true,
  processingStatus: PROCESSING,
  totalPrice: 22.8,
  newBalance: 115.8,
  message: BULK_MESSAGES.started,
});

const BULK_ORDER: BulkOrder = {
  _id: BULK_ID,
  bulkOrderId: BULK_ID,
  createdAt: '2026-11-20T16:00:00.000Z',
  orderCount: 2,
  failedOrderCount: 0,
  totalPrice: 22.8,
  refundedAmount: 0,
  status: 'completed',
  hasFailures: false,
  userName: 'Ada Shipper',
  userId: USER_EXAMPLE.data._id,
  processingStatus: { ...PROCESSING, isProcessing: false, labelsProcessed: 2, labelsRemaining: 0 },
  apiId: API_ID,
  apiName: 'API 1',
  carrier: 'UPS',
  serviceName: 'UPS Ground',
  template: null,
  completedAt: '2026-11-20T16:00:09.000Z',
  hasLabels: true,
  stoppedAt: null,
  stopReason: null,
};

export const BULK_LIST_EXAMPLE: V1BulkOrderListResponse = {
  ...ok([BULK_ORDER]),
  has_more: false,
  next_cursor: null,
};

const row = (rowIndex: number, id: string): BulkOrderRow => ({
  ...ORDER_EXAMPLE,
  _id: id,
  orderId: id,
  bulkOrderId: BULK_ID,
  rowIndex,
  rowState: 'bought',
  retryReason: null,
  nextAttemptAt: null,
});

const BULK_DETAIL = {
  bulkOrder: BULK_ORDER,
  orders: [row(0, 'ord_01JD8X9Y6Q3V7W2K4M5N6P7R8D'), row(1, 'ord_01JD8X9Y6Q3V7W2K4M5N6P7R8E')],
  failedOrders: [],
  labelFormats: ['pdf' as const, 'zpl' as const, 'letter-2up' as const],
};

export const BULK_ORDER_EXAMPLE: V1BulkOrderResponse = ok(BULK_DETAIL);

export const CANCEL_BULK_EXAMPLE: V1CancelBulkOrderResponse = ok({
  ...BULK_DETAIL,
  cancelledRows: 0,
  cancelledAmount: 0,
  message: BULK_MESSAGES.nothingToCancel,
});

export const VOID_PENDING_EXAMPLE: V1VoidOrderResponse = ok({
  message: VOID_MESSAGES.pending,
  refunded: 0,
  newBalance: 127.2,
  order: { ...ORDER_EXAMPLE, voidStatus: 'pending' },
});
