import {
  MAX_BULK_ROWS,
  PUBLIC_API_BASE_PATH,
  PUBLIC_API_RATE_LIMIT,
  PUBLIC_API_RATE_WINDOW_SECONDS,
  VOID_WINDOW_DAYS,
} from '@labeldesk/contracts';

/** What the API Information page shows (SPEC §2 API Documentation), kept out of the component so it is unit-tested. */

/** The key as the page shows it before "reveal": its prefix (live/test is not secret) and the last 4 characters. */
export function maskKey(key: string): string {
  const prefix = /^ld_(live|test)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'•'.repeat(24)}${key.slice(-4)}`;
}

/** The customer's real base URL: this site's origin + /api/v1. */
export function baseUrlFor(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${PUBLIC_API_BASE_PATH}`;
}

export const RATE_LIMIT_TEXT = `${PUBLIC_API_RATE_LIMIT} requests per ${PUBLIC_API_RATE_WINDOW_SECONDS / 60} minutes per account, counted in a fixed window: your live key shares one count with every key it is regenerated into, and your test key is counted apart. Every answer to a request with a valid key (errors included) carries RateLimit, RateLimit-Policy and X-RateLimit-Limit/Remaining/Reset headers; beyond the limit the API answers HTTP 429 with a Retry-After header (seconds to wait).`;

export interface EndpointDoc {
  method: 'GET' | 'POST';
  path: string;
  description: string;
  /** A curl example (the key shown as $LABELDESK_API_KEY). */
  curl: (base: string) => string;
}

const keyHeader = `-H "x-api-key: Bearer $LABELDESK_API_KEY"`;

export const CREATE_LABEL_EXAMPLE = {
  serviceId: '<id from GET /services>',
  sender: {
    name: 'Ada Shipper',
    street1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    phone: '212-555-0100',
  },
  recipient: {
    name: 'Grace Receiver',
    street1: '500 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    phone: '415-555-0199',
  },
  packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 }, description: 'Books' },
};

const { serviceId: _service, ...RATES_EXAMPLE } = CREATE_LABEL_EXAMPLE;

export const CREATE_BULK_EXAMPLE = {
  serviceId: '<id from GET /services>',
  template: 'BASIC',
  orders: [
    {
      sender: CREATE_LABEL_EXAMPLE.sender,
      recipient: CREATE_LABEL_EXAMPLE.recipient,
      packageDetails: CREATE_LABEL_EXAMPLE.packageDetails,
    },
  ],
};

const get = (path: string, description: string, out = ''): EndpointDoc => ({
  method: 'GET',
  path,
  description,
  curl: (base) => `curl ${keyHeader} "${base}${path.replace(/\{(\w+)\}/g, (_m, name: string) => `<${name}>`)}"${out}`,
});

const post = (path: string, description: string, body: unknown): EndpointDoc => ({
  method: 'POST',
  path,
  description,
  curl: (base) =>
    `curl -X POST ${keyHeader} -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" "${base}${path}" \\\n  -d '${JSON.stringify(body)}'`,
});

/** SPEC §2: the endpoints the page documents. */
export const ENDPOINTS: EndpointDoc[] = [
  get('/user', 'Your account: name, email, balance and total spend.'),
  get(
    '/services',
    'Status, data.apis (id, name, isDefault) and data.services by carrier (id, name, code, carrier, price, reliabilityStatus). Add ?apiId= for another API than the default.',
  ),
  post(
    '/rates',
    'Your price for a parcel with every service that can take it, cheapest first: rates[] with serviceId, carrier, name, price and estimatedDelivery. The body is /create-label’s without the service; create-label with a rate’s serviceId charges exactly its price.',
    RATES_EXAMPLE,
  ),
  post(
    '/create-label',
    'Buy one label: serviceId (or apiId, carrier, serviceType), sender, recipient, packageDetails (weight, dimensions length/width/height, description, value, template for USPS).',
    CREATE_LABEL_EXAMPLE,
  ),
  post(
    '/create-bulk-labels',
    `Buy up to ${MAX_BULK_ROWS.toLocaleString('en-US')} labels of one service at once: serviceId, template (e.g. BASIC, USPS only), orders[] with sender, recipient, packageDetails (as for /create-label). Every order is priced again by the server and the total is held from your balance at once (402 if it is short); labels are bought in the background and any order the carrier refuses is refunded. One invalid order refuses the whole request (400, error.details names each row: orders.<index>). Answers bulkOrderId. With a test key: the same checks, prices and background purchases at the carrier's sandbox, nothing held or charged.`,
    CREATE_BULK_EXAMPLE,
  ),
  get(
    '/orders',
    'Your orders, newest first, a page at a time: data, has_more and next_cursor. Parameters: limit (1–100, default 50), starting_after (the next_cursor of the page before), status, created_after and created_before (a day YYYY-MM-DD or an ISO date-time).',
  ),
  get('/orders/{order_id}', 'One of your orders, with its status and tracking number.'),
  {
    method: 'POST',
    path: '/orders/{order_id}/void',
    description: `Void the label of one of your orders and get its price back, before the carrier scans the parcel and within ${VOID_WINDOW_DAYS.USPS} days (USPS) or ${VOID_WINDOW_DAYS.UPS} days (UPS, FedEx) of the purchase. 200: refunded now (refunded, newBalance). 202: the carrier settles the refund later (voidStatus pending); it is credited, with an order.refunded webhook, once accepted. 409: already voided or too late. Refunded once however often it is asked.`,
    curl: (base) => `curl -X POST ${keyHeader} -H "Idempotency-Key: $(uuidgen)" "${base}/orders/<order_id>/void"`,
  },
  get(
    '/bulk-orders',
    'Your bulk orders, newest first, paged the same way as /orders (status: processing, completed, partial, failed).',
  ),
  get(
    '/bulk-orders/{bulk_order_id}',
    'One of your bulk orders: status (processing, completed, partial, failed), progress (processingStatus), refunded amount, every order with its rowIndex, status, trackingNumber and hasLabel, and the failed rows with their reason. Poll it every 10 s or more (each poll counts against your rate limit) until status is no longer processing.',
  ),
  get('/labels/{order_id}', 'The label PDF of one order.', ' -o label.pdf'),
  get(
    '/bulk-labels/{bulk_order_id}',
    'Every label bought so far in a bulk order, in row order, in one PDF (409 while none is bought yet).',
    ' -o labels.pdf',
  ),
];

export const ERROR_EXAMPLE = JSON.stringify(
  {
    error: {
      code: 'invalid_input',
      message: 'City is required',
      details: [{ path: 'recipient.city', message: 'City is required' }],
    },
  },
  null,
  2,
);
