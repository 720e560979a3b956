/**
 * Test fixtures: a bulk order and its rows as the API answers them (valid against the schemas), for the component tests
 * of the customer's and the admin's Bulk Order Details. Not part of the package's index: only tests import it.
 */
import type { BulkOrder, BulkOrderDetailResponse, BulkOrderRow } from './bulk';

const party = (name: string) => ({
  name,
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '512 555 0199',
  email: '',
});

export const bulkRow = (
  i: number,
  state: BulkOrderRow['rowState'],
  extra: Partial<BulkOrderRow> = {},
): BulkOrderRow => ({
  _id: `ord_${i}`,
  orderId: `ord_${i}`,
  createdAt: '2026-11-28T17:00:00.000Z',
  trackingNumber: state === 'bought' ? `1ZTRACK${i}` : 'PENDING',
  carrier: 'UPS',
  serviceType: '03',
  serviceName: 'UPS Ground',
  price: 11.4,
  deliveryStatus: 'pending',
  status: state === 'bought' ? 'completed' : state === 'failed' ? 'failed' : 'processing',
  recipient: party(`Buyer ${i}`),
  sender: party('Ada Sender'),
  packageDetails: {
    weight: 1,
    weightUnit: 'lbs',
    dimensions: { length: 10, width: 8, height: 4 },
    description: 'Mug',
    value: 0,
    template: null,
  },
  estimatedDelivery: null,
  trackingEvents: [],
  lastChecked: null,
  apiId: 'api_1',
  apiName: 'API 1',
  boughtVia: state === 'bought' ? { apiId: 'api_1', apiName: 'API 1' } : null,
  destination: 'Austin, TX',
  amazonOrderId: null,
  sku: null,
  bulkOrderId: 'blk_1',
  hasLabel: state === 'bought',
  failureReason: null,
  rowIndex: i,
  rowState: state,
  retryReason: null,
  nextAttemptAt: null,
  ...extra,
});

export const bulkOrderFixture = (over: Partial<BulkOrder> = {}): BulkOrder => ({
  _id: 'blk_1',
  bulkOrderId: 'blk_1',
  createdAt: '2026-11-28T17:00:00.000Z',
  orderCount: 3,
  failedOrderCount: 0,
  totalPrice: 34.2,
  refundedAmount: 0,
  status: 'processing',
  hasFailures: false,
  userName: 'Casey',
  userId: 'usr_1',
  processingStatus: {
    isProcessing: true,
    totalLabels: 3,
    labelsProcessed: 1,
    labelsRemaining: 2,
    labelsFailed: 0,
    labelsWaiting: 1,
    nextAttemptAt: '2026-11-28T17:05:00.000Z',
  },
  apiId: 'api_1',
  apiName: 'API 1',
  carrier: 'UPS',
  serviceName: 'UPS Ground',
  template: null,
  completedAt: null,
  hasLabels: true,
  stoppedAt: null,
  stopReason: null,
  ...over,
});

export const RETRY_REASON = 'The carrier did not answer; this label will be tried again.';
export const RUNNING_BULK: BulkOrderDetailResponse = {
  bulkOrder: bulkOrderFixture(),
  orders: [
    bulkRow(0, 'bought'),
    bulkRow(1, 'retrying', { retryReason: RETRY_REASON, nextAttemptAt: '2026-11-28T17:05:00.000Z' }),
    bulkRow(2, 'queued'),
  ],
  failedOrders: [],
};
export const REFUNDED_ROW = 'Cancelled before the label was bought. The amount was refunded to your balance.';
export const STOPPED_BULK: BulkOrderDetailResponse = {
  bulkOrder: bulkOrderFixture({
    status: 'partial',
    failedOrderCount: 2,
    refundedAmount: 22.8,
    hasFailures: true,
    completedAt: '2026-11-28T17:02:00.000Z',
    stoppedAt: '2026-11-28T17:02:00.000Z',
    stopReason: 'customer',
    processingStatus: {
      isProcessing: false,
      totalLabels: 3,
      labelsProcessed: 1,
      labelsRemaining: 0,
      labelsFailed: 2,
      labelsWaiting: 0,
      nextAttemptAt: null,
    },
  }),
  orders: [
    bulkRow(0, 'bought'),
    bulkRow(1, 'failed', { failureReason: REFUNDED_ROW }),
    bulkRow(2, 'failed', { failureReason: REFUNDED_ROW }),
  ],
  failedOrders: [1, 2].map((i) => ({
    rowIndex: i,
    orderId: `ord_${i}`,
    recipient: `Buyer ${i}`,
    recipientName: `Buyer ${i}`,
    error: REFUNDED_ROW,
    attempts: 1,
  })),
};
export const CANCELLED_MESSAGE = 'Bulk order cancelled: 2 labels not bought, $22.80 refunded to your balance.';
