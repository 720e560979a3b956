import { DATE_ORDER_MESSAGE } from './money';

/** The texts of orders (SPEC §5 manual order rules and the server's own), one place for the web and the API. */
export const ORDER_MESSAGES = {
  /** SPEC §5. */
  waitForPrice: 'Please wait for price calculation to complete',
  /** SPEC §5 (bulk confirm): said beside the price as soon as it exceeds the balance, before anything is bought. */
  insufficientBalance: 'Warning: Your balance is insufficient for this purchase. Please add funds first.',
  /** SPEC §5 (also the provider's refusal of an inactive service). */
  serviceUnavailable: 'Service currently unavailable',
  weightRequired: 'Weight is required',
  dimensionRequired: 'Length, width and height are required',
  dimensionsShape: 'dimensions must be an object with length, width and height',
  dimensionsConflict: (name: string) =>
    `packageDetails.${name} and packageDetails.dimensions.${name} differ: send one of them, or the same value in both`,
  /** SPEC §9: weight and dimensions step 0.1, min 0.1. */
  minPackageNumber: 'Must be at least 0.1',
  invalidValue: 'Declared value must be a positive amount',
  /** A US address (country US, the default): what every carrier requires (checked before buying, and by v1 rates). */
  usZip: 'ZIP code must be a US ZIP code (12345 or 12345-6789)',
  usState: 'State must be a two-letter US state code (e.g. CA)',
  serviceRequired: 'Please select a shipping service',
  carrierRequired: 'Please select a carrier',
  apiRequired: 'Please select a shipping API',
  serviceNotFound: 'This shipping service is not available',
  orderNotFound: 'Order not found',
  labelNotFound: 'Label not found',
  labelNotReady: 'The label for this order is not available yet',
  labelLinkInvalid: 'This label link is invalid or has expired',
  priceChanged: (price: string) =>
    `The price of this label changed to ${price}. Please review the new price and submit again.`,
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
  idempotencyMismatch: 'This Idempotency-Key was already used with different order details',
  created: 'Order created successfully',
  pendingReconciliation:
    'The carrier is slow to confirm this label. We are checking with it; if the label cannot be created, the amount is refunded to your balance.',
  trackingUnavailable: 'Tracking is not available for this order yet',
  dateRange: DATE_ORDER_MESSAGE,
  dateRangeTooLong: 'The date range can be at most 366 days',
} as const;
