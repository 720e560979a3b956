import {
  ApiBulkLabelFormatQuery,
  BULK_MESSAGES,
  ErrorBody,
  LABEL_CONTENT_TYPES,
  LabelFormatQuery,
  MAX_BULK_ROWS,
  V1_LIST_DEFAULT_LIMIT,
  V1_LIST_MAX_LIMIT,
  V1_LIST_MESSAGES,
  V1BulkOrderIdParam,
  V1BulkOrderListQuery,
  V1BulkOrderListResponse,
  V1BulkOrderResponse,
  V1CancelBulkOrderResponse,
  V1CreateBulkLabelsRequest,
  V1CreateBulkLabelsResponse,
  V1CreateLabelRequest,
  V1CreateLabelResponse,
  V1OrderIdParam,
  V1OrderListQuery,
  V1OrderListResponse,
  V1OrderResponse,
  V1RatesRequest,
  V1RatesResponse,
  V1ServicesQuery,
  V1ServicesResponse,
  V1UserResponse,
} from '@labeldesk/contracts';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { AppEnv } from '../../env';
import { ApiError, invalidInput, zodDetails } from '../../errors';
import { bodyLimit } from '../../middleware/body-limit';
import { jsonBody, pathParams, queryParams } from '../../middleware/validate';
import { MAX_BULK_BODY_BYTES } from '../bulk-orders/bulk-orders.routes';

/**
 * The public API (/api/v1), one table for both the routing and the OpenAPI document (routes/v1/openapi.ts): each
 * entry's zod schemas validate the request and describe it, so the reference cannot drift from what is enforced.
 * Paths use Hono's `:param`; the document writes them `{param}`.
 */
export interface V1RouteSpec {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  description: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Takes an Idempotency-Key header. */
  idempotent?: boolean;
  /** The body limit when it is not the app's 1 MiB (documented with the 413 answer). */
  maxBodyBytes?: number;
  /** Calls no carrier: the document lists no 502/503 carrier answers. */
  noCarrier?: boolean;
  /** JSON answers by status; `pdf` answers a PDF document. */
  responses: Record<
    number,
    {
      description: string;
      schema?: z.ZodType;
      pdf?: boolean;
      /** Binary answers of these types. */
      files?: string[];
      /** A JSON answer as the document shows it. */
      example?: unknown;
    }
  >;
  /** The JSON body as the document shows it. */
  bodyExample?: unknown;
}

import { ORDER_EXAMPLE } from './openapi-examples';
import {
  BULK_LIST_EXAMPLE,
  BULK_ORDER_EXAMPLE,
  CANCEL_BULK_EXAMPLE,
  CREATE_BULK_EXAMPLE,
  CREATE_BULK_REQUEST_EXAMPLE,
  CREATE_LABEL_EXAMPLE,
  CREATE_LABEL_PENDING_EXAMPLE,
  CREATE_LABEL_REQUEST_EXAMPLE,
  ORDER_RESPONSE_EXAMPLE,
  RATES_REQUEST_EXAMPLE,
  SERVICES_EXAMPLE,
  USER_EXAMPLE,
} from './openapi-examples-v1';

const RATES_EXAMPLE: z.input<typeof V1RatesResponse> = {
  status: 'success',
  livemode: true,
  rates: [
    {
      serviceId: 'svc_01jd8x4f2tq9e0v6w1m3k5n7p9',
      apiId: 'api_01jd8x4f2rq9e0v6w1m3k5n7p8',
      apiName: 'Main API',
      carrier: 'USPS',
      name: 'USPS Ground Advantage',
      price: 10.6,
      estimatedDelivery: '2026-12-04',
    },
    {
      serviceId: 'svc_01jd8x4f2vq9e0v6w1m3k5n7pa',
      apiId: 'api_01jd8x4f2rq9e0v6w1m3k5n7p8',
      apiName: 'Main API',
      carrier: 'UPS',
      name: 'UPS Ground',
      price: 11.4,
      estimatedDelivery: '2026-12-04',
    },
  ],
};

const LIST_PAGING = `\`limit\` items a page (1–${V1_LIST_MAX_LIMIT}, default ${V1_LIST_DEFAULT_LIMIT}); while \`has_more\` is true, ask again with \`starting_after\` set to \`next_cursor\` for the next page. Items written while you walk the list never shift a page (no duplicates, no gaps). Filters: \`status\`, and \`created_after\` (inclusive) / \`created_before\` (exclusive) as a day (YYYY-MM-DD, midnight UTC) or an ISO 8601 date-time with its offset. An unknown parameter, or a \`starting_after\` that is not one of your items in this key mode, answers 400 naming it.`;

export const v1Routes = {
  user: {
    method: 'get',
    path: '/user',
    summary: 'Your account',
    description: 'The account the key belongs to: name, email, balance and total spend (USD).',
    responses: { 200: { description: 'The account', schema: V1UserResponse, example: USER_EXAMPLE } },
  },
  services: {
    method: 'get',
    path: '/services',
    summary: 'Shipping APIs and services with your prices',
    description:
      'The enabled shipping APIs, and the enabled services of one of them (the default API without `apiId`) by carrier, each with your price for its smallest weight step and its reliability status.',
    query: V1ServicesQuery,
    responses: {
      200: { description: 'APIs and services', schema: V1ServicesResponse, example: SERVICES_EXAMPLE },
      404: { description: 'No such API, or no API available', schema: ErrorBody },
    },
  },
  rates: {
    method: 'post',
    path: '/rates',
    summary: 'Rates for a parcel, before buying',
    description:
      'Every enabled service (of every enabled shipping API, or of `apiId`) that can take this parcel, with your price for it, cheapest first. `price` is exactly what POST /create-label with that `serviceId` and the same parcel charges: one pricing code computes both (your custom pricing included). A service that would refuse the parcel (inactive, over its maximum weight, no price for that weight) is left out. The body is create-label’s without the service, checked exactly as create-label checks it: the same schemas and the same address rules (a US address needs a five-digit ZIP code or ZIP+4 and a two-letter state code), so the same bad input answers the same 400, naming the request’s own fields (`recipient.zip`). No carrier is called and nothing is charged; a test key gets the same rates.',
    body: V1RatesRequest,
    bodyExample: RATES_REQUEST_EXAMPLE,
    noCarrier: true,
    responses: {
      200: { description: 'The rates', schema: V1RatesResponse, example: RATES_EXAMPLE },
      404: { description: 'No such shipping API, or none is available', schema: ErrorBody },
    },
  },
  createLabel: {
    method: 'post',
    path: '/create-label',
    summary: 'Buy one label',
    description:
      'Buys a label from your balance, exactly as the web app does. Name the service by `serviceId` (from GET /services) or by `apiId`, `carrier` and `serviceType`. `packageDetails` takes `dimensions: {length, width, height}` or the three flat. A US address (the default country) needs a five-digit ZIP code or ZIP+4 and a two-letter state code: otherwise 400 on that field (`recipient.zip`), before anything is charged. Send an `Idempotency-Key` header to retry safely: the same key and body answer the first result. 201 bought; 200 a replay; 202 the carrier is slow to confirm (the order settles or is refunded on its own). With a test key the very same purchase runs at the sandbox of the service’s shipping API: the same checks, price and answers (bad input answers exactly as with a live key), `livemode: false`, nothing charged and the balance not checked, at most the daily test quota (429 beyond it).',
    body: V1CreateLabelRequest,
    bodyExample: CREATE_LABEL_REQUEST_EXAMPLE,
    idempotent: true,
    responses: {
      201: { description: 'Label bought', schema: V1CreateLabelResponse, example: CREATE_LABEL_EXAMPLE },
      200: {
        description: 'Replay of an earlier request with the same Idempotency-Key',
        schema: V1CreateLabelResponse,
        example: CREATE_LABEL_EXAMPLE,
      },
      202: {
        description: 'Waiting for the carrier to confirm',
        schema: V1CreateLabelResponse,
        example: CREATE_LABEL_PENDING_EXAMPLE,
      },
      402: { description: 'Insufficient balance (nothing charged)', schema: ErrorBody },
      404: { description: 'No such service, or it is disabled', schema: ErrorBody },
      409: { description: 'Price changed, or Idempotency-Key reused with another body', schema: ErrorBody },
    },
  },
  listOrders: {
    method: 'get',
    path: '/orders',
    summary: 'Your orders, a page at a time',
    description: `Every order of your account in this key mode (a live key: web, API and bulk orders, failed ones included; a test key: its test orders), newest first, each exactly as GET /orders/{order_id} answers it. ${LIST_PAGING}`,
    query: V1OrderListQuery,
    responses: {
      200: {
        description: 'One page of orders',
        schema: V1OrderListResponse,
        example: {
          status: 'success',
          livemode: true,
          data: [ORDER_EXAMPLE],
          has_more: true,
          next_cursor: ORDER_EXAMPLE._id,
        } satisfies z.input<typeof V1OrderListResponse>,
      },
    },
  },
  order: {
    method: 'get',
    path: '/orders/:order_id',
    summary: 'One of your orders',
    description: 'An order you bought (with this key mode). Another customer’s order answers 404.',
    params: V1OrderIdParam,
    responses: {
      200: { description: 'The order', schema: V1OrderResponse, example: ORDER_RESPONSE_EXAMPLE },
      404: { description: 'No such order of yours', schema: ErrorBody },
    },
  },
  label: {
    method: 'get',
    path: '/labels/:order_id',
    summary: 'The label of one of your orders, as PDF, PNG or ZPL',
    description:
      'The 4x6 inch label: `format=pdf` (the default, application/pdf), `png` (1200x1800 at 300 dpi, image/png) or `zpl` (ZPL II for a thermal printer at 203 dpi, or 300 with `dpi=300`; application/zpl). Each comes from the carrier API that bought the label, never converted; a format its service does not print answers 400. Test labels are specimen PDFs only. 409 while the label is not bought yet.',
    params: V1OrderIdParam,
    query: LabelFormatQuery,
    responses: {
      200: { description: 'The label', files: [...Object.values(LABEL_CONTENT_TYPES)] },
      400: { description: 'A format or dpi this label is not available in', schema: ErrorBody },
      404: { description: 'No such order of yours', schema: ErrorBody },
      409: { description: 'The label is not available yet', schema: ErrorBody },
    },
  },
  createBulkLabels: {
    method: 'post',
    path: '/create-bulk-labels',
    summary: 'Buy many labels of one service',
    description: `Buys up to ${MAX_BULK_ROWS.toLocaleString('en-US')} labels of one service with the web app's bulk engine: every order is checked and priced again on the server, the total is held from your balance at once (one ledger entry), the labels are bought in the background, and any order the carrier refuses is refunded. Name the service by \`serviceId\` or by \`apiId\`, \`carrier\` and \`serviceType\`; \`template\` is the USPS label template (default BASIC, ignored for UPS and FedEx); each order has the shape of POST /create-label (\`sender\`, \`recipient\`, \`packageDetails\`). All or nothing by default: one invalid order → 400 naming its row (row n is \`orders[n-1]\`, details paths \`orders.<index>…\`) and nothing is bought. With \`"partial": true\` each order is checked on its own: the valid ones are bought (each keeps its index as its \`rowIndex\`) and the others are answered in \`rejected[]\` (\`index\`, and \`details\` with the request's own paths such as \`orders[3].recipient.zip\`); 400 only when no order is valid. A total over your balance → 402. Send an \`Idempotency-Key\` header to retry safely: the same key and body answer the first bulk order (200). Follow progress with GET /bulk-orders/{bulk_order_id}. With a test key the same engine runs against the sandbox of the service’s shipping API: the same checks, prices and background purchases, nothing held or charged (no 402), the rows counted in the daily test quota (429 beyond it); test bulk orders are only visible to your test key.`,
    body: V1CreateBulkLabelsRequest,
    bodyExample: CREATE_BULK_REQUEST_EXAMPLE,
    idempotent: true,
    maxBodyBytes: MAX_BULK_BODY_BYTES,
    responses: {
      201: {
        description: 'Bulk order created: its labels are being bought (with a test key, at the sandbox)',
        schema: V1CreateBulkLabelsResponse,
        example: CREATE_BULK_EXAMPLE,
      },
      200: {
        description: 'Replay of an earlier request with the same Idempotency-Key',
        schema: V1CreateBulkLabelsResponse,
        example: CREATE_BULK_EXAMPLE,
      },
      402: { description: 'Insufficient balance for the total (nothing charged)', schema: ErrorBody },
      404: { description: 'No such service, or it is disabled', schema: ErrorBody },
      409: { description: 'Idempotency-Key reused with another body', schema: ErrorBody },
    },
  },
  listBulkOrders: {
    method: 'get',
    path: '/bulk-orders',
    summary: 'Your bulk orders, a page at a time',
    description: `Every bulk order of your account in this key mode (web and API ones for a live key; a test key's test bulk orders), newest first, each the \`bulkOrder\` of GET /bulk-orders/{bulk_order_id} (status, counts and progress; read one for its rows). ${LIST_PAGING}`,
    query: V1BulkOrderListQuery,
    responses: {
      200: { description: 'One page of bulk orders', schema: V1BulkOrderListResponse, example: BULK_LIST_EXAMPLE },
    },
  },
  bulkOrder: {
    method: 'get',
    path: '/bulk-orders/:bulk_order_id',
    summary: 'One of your bulk orders, with its progress and labels',
    description:
      'The bulk order (`status` processing, completed, partial or failed; counts, refunded amount and `processingStatus` progress), every order in row order with its `rowIndex`, status, tracking number, `hasLabel` and failure reason, and the failed rows. Poll it until `status` is no longer processing — every 10 s or more: each poll counts against the 100 requests per 5 minutes of your key. Another customer’s bulk order answers 404, and so does a live bulk order read with a test key (and the other way round).',
    params: V1BulkOrderIdParam,
    responses: {
      200: { description: 'The bulk order', schema: V1BulkOrderResponse, example: BULK_ORDER_EXAMPLE },
      404: { description: 'No such bulk order of yours', schema: ErrorBody },
    },
  },
  cancelBulkOrder: {
    method: 'post',
    path: '/bulk-orders/:bulk_order_id/cancel',
    summary: 'Cancel the rest of one of your bulk orders',
    description:
      'Stops the orders of the bulk order that are not bought yet and refunds each one’s price to your balance at once (one refund per order, as for an order the carrier refuses); labels already bought stay bought. The answer is the bulk order as it stands afterwards (its final `status`: `partial` when some labels were bought, `failed` when none was; `stoppedAt` and `stopReason` say it was cancelled), with `cancelledRows` and `cancelledAmount` (USD) for what this call refunded. An order being bought at that very moment ends either bought or refunded, never both. Cancelling again, or cancelling a finished bulk order, changes nothing (`cancelledRows` 0). No body. Another customer’s bulk order answers 404; a test bulk order is complete at once, so there is nothing to cancel.',
    params: V1BulkOrderIdParam,
    responses: {
      200: {
        description: 'The bulk order after the cancel',
        schema: V1CancelBulkOrderResponse,
        example: CANCEL_BULK_EXAMPLE,
      },
      404: { description: 'No such bulk order of yours', schema: ErrorBody },
    },
  },
  bulkLabels: {
    method: 'get',
    path: '/bulk-labels/:bulk_order_id',
    summary: 'The labels of one of your bulk orders in one document: PDF, ZPL or Letter 2-up',
    description:
      'Every label bought so far in the bulk order, in row order, in one document: `format=pdf` (the default: one 4x6 inch page per label, application/pdf), `zpl` (one `^XA…^XZ` block per label for a thermal printer, at 203 dpi or 300 with `dpi=300`, application/zpl; only when every label’s service prints ZPL, else 400 naming the first row that cannot) or `letter-2up` (8.5x11 inch pages with two 4x6 labels each and crop marks, application/pdf). A test bulk order’s labels are the sandbox’s, in the same formats. 409 while no label is bought yet (or when every order failed). Another customer’s bulk order answers 404.',
    params: V1BulkOrderIdParam,
    query: ApiBulkLabelFormatQuery,
    responses: {
      200: { description: 'The combined labels', files: ['application/pdf', 'application/zpl'] },
      400: { description: 'A format or dpi these labels are not available in', schema: ErrorBody },
      404: { description: 'No such bulk order of yours', schema: ErrorBody },
      409: { description: 'No label is available yet', schema: ErrorBody },
    },
  },
} as const satisfies Record<string, V1RouteSpec>;

/** The path of POST /create-bulk-labels as app.ts sees it: it takes the bulk body limit, not the app's default. */
export const V1_BULK_BODY_PATH = '/api/v1/create-bulk-labels';

/**
 * A create-bulk-labels body that fails its schema: every issue in `details` (paths `orders.<index>.…`), each row issue
 * prefixed `Row n:` (n = index + 1, as the web app numbers CSV rows); the message names the rows, or is the first
 * issue when no row is at fault (the selection, or too many rows).
 */
export function bulkBodyInvalid(error: z.ZodError): ApiError {
  const rows = new Set<number>();
  const details = zodDetails(error).map((detail, i) => {
    const [head, index] = error.issues[i]?.path ?? [];
    if (head !== 'orders' || typeof index !== 'number') return detail;
    rows.add(index + 1);
    return { path: detail.path, message: `Row ${index + 1}: ${detail.message}` };
  });
  const listed = [...rows];
  const outside = details.find((_, i) => typeof error.issues[i]?.path[1] !== 'number');
  const message = outside
    ? outside.message
    : listed.length === 1
      ? (details[0]?.message ?? BULK_MESSAGES.validationFailed)
      : `Rows ${listed.slice(0, 10).join(', ')}${listed.length > 10 ? ', …' : ''} are not valid`;
  return new ApiError('invalid_input', message, { details });
}

/** A list query that fails its schema: 400 as usual, each unknown parameter a detail of its own (`path` its name). */
export function listQueryInvalid(error: z.ZodError): ApiError {
  const unknown = error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  if (unknown.length === 0) return invalidInput(error);
  const base = invalidInput(error);
  const details = [
    ...base.details.filter((d) => d.path !== ''),
    ...unknown.map((key) => ({ path: key, message: V1_LIST_MESSAGES.unknownParameter(key) })),
  ];
  return new ApiError('invalid_input', base.message, { details });
}

/** The public document routes (no key): the OpenAPI document. */
export const v1DocRoutes = { openapi: '/openapi.json' } as const;

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the request body as JSON with Content-Type: application/json';
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** A body that is not declared JSON answers 415 (before it is read). */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError('unsupported_media_type', UNSUPPORTED_MEDIA_TYPE_MESSAGE, {
      details: [{ path: 'Content-Type', message: UNSUPPORTED_MEDIA_TYPE_MESSAGE }],
    });
  }
  await next();
});

export const v1Validators = {
  services: queryParams(V1ServicesQuery),
  createLabel: jsonBody(V1CreateLabelRequest),
  rates: jsonBody(V1RatesRequest),
  orderId: pathParams(V1OrderIdParam),
  labelFormat: queryParams(LabelFormatQuery),
  bulkLabelFormat: queryParams(ApiBulkLabelFormatQuery),
  bulkBodyLimit: bodyLimit(MAX_BULK_BODY_BYTES),
  createBulkLabels: jsonBody(V1CreateBulkLabelsRequest, { onInvalid: bulkBodyInvalid }),
  bulkOrderId: pathParams(V1BulkOrderIdParam),
  listOrders: queryParams(V1OrderListQuery, { onInvalid: listQueryInvalid }),
  listBulkOrders: queryParams(V1BulkOrderListQuery, { onInvalid: listQueryInvalid }),
};
