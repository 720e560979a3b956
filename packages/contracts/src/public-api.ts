import { z } from 'zod';
import { User } from './auth';
import { BulkCancelResponse, BulkOrderDetailResponse, BulkProcessResponse } from './bulk';
import { BULK_MESSAGES, MAX_BULK_ROWS } from './bulk-csv';
import { ErrorDetail } from './errors';
import { CreateOrderResponse, Order, OrderPartyInput, OrderReferenceInput, PackageFields } from './orders';
import { Carrier, CustomerService } from './providers';

/**
 * The public API for integrators (/api/v1, SPEC §2 API Documentation page) and the API key page (SPEC §7
 * GET /api/user/api-key, POST /api/user/api-key/regenerate; §8 texts; §9 timers and the limit). These schemas validate
 * the requests AND generate the OpenAPI document (edge-api/src/routes/v1/openapi.ts), so the reference cannot drift.
 */

// The key page (web app, session token) ------------------------------------------------------------------------------

export const API_KEY_MESSAGES = {
  /** SPEC §8. */
  loadFailed: 'Failed to load API key. Please try again later.',
  generateFailed: 'Failed to generate new API key. Please try again later.',
  copyFailed: 'Failed to copy API key',
  copied: 'API key copied to clipboard',
  generated: 'New API key generated successfully',
} as const;

/** SPEC §9: API key messages clear after 5 s (generation) and 3 s (copy). */
export const API_KEY_GENERATED_MESSAGE_MS = 5_000;
export const API_KEY_COPIED_MESSAGE_MS = 3_000;

export const ApiKeyMode = z.enum(['live', 'test']);
export type ApiKeyMode = z.infer<typeof ApiKeyMode>;

/** GET /api/user/api-key. `apiKey` (SPEC) is the live key; the test key and the dates are extensions. */
export const ApiKeyResponse = z.object({
  apiKey: z.string(),
  createdAt: z.string(),
  /** Updated at most once a minute; null until the key is first used. */
  lastUsedAt: z.string().nullable(),
  testKey: z.string(),
  testKeyCreatedAt: z.string(),
  testKeyLastUsedAt: z.string().nullable(),
});
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;

/** POST /api/user/api-key/regenerate?mode=live|test (default live). */
export const RegenerateApiKeyQuery = z.object({ mode: ApiKeyMode.default('live') });
export type RegenerateApiKeyQuery = z.input<typeof RegenerateApiKeyQuery>;

export const RegenerateApiKeyResponse = ApiKeyResponse.extend({ message: z.string() });
export type RegenerateApiKeyResponse = z.infer<typeof RegenerateApiKeyResponse>;

// The limit (SPEC §9) ------------------------------------------------------------------------------------------------

export const PUBLIC_API_RATE_LIMIT = 100;
export const PUBLIC_API_RATE_WINDOW_SECONDS = 300;
export const PUBLIC_API_BASE_PATH = '/api/v1';

// v1 bodies ----------------------------------------------------------------------------------------------------------

/** Every successful v1 JSON answer: SPEC `status` + `data`; `livemode` is false for answers to a test key. */
const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), livemode: z.boolean(), data });

export const V1UserResponse = envelope(User);
export type V1UserResponse = z.infer<typeof V1UserResponse>;

export const V1Api = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() });
export const V1Service = CustomerService.pick({
  id: true,
  name: true,
  code: true,
  carrier: true,
  price: true,
  reliabilityStatus: true,
  active: true,
  maxWeight: true,
  weightUnit: true,
});

/** GET /api/v1/services?apiId= : the enabled APIs, and the services of one (the default without apiId) by carrier. */
export const V1ServicesQuery = z.object({ apiId: z.string().trim().min(1).max(100).optional() });
export const V1ServicesResponse = envelope(
  z.object({
    apis: z.array(V1Api),
    apiId: z.string(),
    services: z.object({ UPS: z.array(V1Service), USPS: z.array(V1Service), FEDEX: z.array(V1Service) }),
  }),
);
export type V1ServicesResponse = z.infer<typeof V1ServicesResponse>;

const dimension = PackageFields.shape.length;

/**
 * The package as the SPEC's page documents it (`dimensions: {length, width, height}`) or flat as POST /api/orders
 * takes it; both are accepted, flat values win when both are sent.
 */
export const V1PackageInput = PackageFields.extend({
  length: dimension.optional(),
  width: dimension.optional(),
  height: dimension.optional(),
  dimensions: z.object({ length: dimension, width: dimension, height: dimension }).optional(),
})
  .refine(
    (p) => (p.length !== undefined && p.width !== undefined && p.height !== undefined) || p.dimensions !== undefined,
    { message: 'Length, width and height are required (packageDetails.dimensions or flat)', path: ['dimensions'] },
  )
  .transform(({ dimensions, ...p }) => ({
    ...p,
    length: p.length ?? dimensions?.length ?? 0,
    width: p.width ?? dimensions?.width ?? 0,
    height: p.height ?? dimensions?.height ?? 0,
  }));

export const SERVICE_REF_MESSAGE = 'Send serviceId (from GET /api/v1/services), or apiId, carrier and serviceType';

/**
 * POST /api/v1/create-label: one label, bought exactly as POST /api/orders buys it (same pricing, two-phase purchase,
 * Idempotency-Key header). The service is `serviceId` (an id from GET /services) or apiId + carrier + serviceType.
 * `price` (optional): the price you expect; a different server price answers 409 instead of charging.
 */
export const V1CreateLabelRequest = z
  .object({
    serviceId: z.string().trim().min(1).max(100).optional(),
    apiId: z.string().trim().min(1).max(100).optional(),
    carrier: Carrier.optional(),
    serviceType: z.string().trim().min(1).max(200).optional(),
    sender: OrderPartyInput,
    recipient: OrderPartyInput,
    packageDetails: V1PackageInput,
    price: z.number().nonnegative().optional(),
    /** Your text printed on the label (at most 35 characters), stored on the order and searchable. */
    reference: OrderReferenceInput,
  })
  .refine((r) => r.serviceId !== undefined || (r.apiId && r.carrier && r.serviceType), {
    message: SERVICE_REF_MESSAGE,
    path: ['serviceId'],
  });
export type V1CreateLabelRequest = z.input<typeof V1CreateLabelRequest>;

export const V1CreateLabelResponse = envelope(CreateOrderResponse);
export type V1CreateLabelResponse = z.infer<typeof V1CreateLabelResponse>;

export const V1OrderResponse = envelope(Order);
export type V1OrderResponse = z.infer<typeof V1OrderResponse>;

export const V1OrderIdParam = z.object({ order_id: z.string().trim().min(1).max(100) });

// v1 bulk (SPEC §2: POST /create-bulk-labels, GET /bulk-orders/{id}, GET /bulk-labels/{id}) ------------------------

/** One label of a bulk request: the per-order shape of POST /api/v1/create-label. */
export const V1BulkLabelOrder = z.object({
  sender: OrderPartyInput,
  recipient: OrderPartyInput,
  packageDetails: V1PackageInput,
  /** Your text printed on this label (at most 35 characters), stored on the order and searchable. */
  reference: OrderReferenceInput,
});
export type V1BulkLabelOrder = z.input<typeof V1BulkLabelOrder>;

/** The service of a bulk request and its USPS template (both forms). */
const bulkSelection = {
  serviceId: z.string().trim().min(1).max(100).optional(),
  apiId: z.string().trim().min(1).max(100).optional(),
  carrier: Carrier.optional(),
  serviceType: z.string().trim().min(1).max(200).optional(),
  template: z.string().trim().max(40).optional(),
};
const namesService = (r: { serviceId?: string; apiId?: string; carrier?: string; serviceType?: string }) =>
  r.serviceId !== undefined || Boolean(r.apiId && r.carrier && r.serviceType);
const bulkOrders = <T extends z.ZodType>(row: T) =>
  z.array(row).min(1, BULK_MESSAGES.noData).max(MAX_BULK_ROWS, BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS));

export const V1_PARTIAL_MESSAGES = {
  partial: 'partial must be true or false',
  /** `partial: true` and not one order can be bought: nothing is, 400 with every rejection in details. */
  nothingValid: 'None of the orders can be bought: every one is listed in details',
} as const;

/**
 * POST /api/v1/create-bulk-labels: up to MAX_BULK_ROWS labels of ONE service, bought by the web app's bulk engine
 * (every row re-priced on the server, one hold of the total, rows bought in the background, failed rows refunded).
 * The service is `serviceId` (from GET /services) or apiId + carrier + serviceType; `template` is the USPS label
 * template (SPEC §9, default BASIC; ignored for UPS and FedEx). Row n of the messages is `orders[n - 1]`.
 *
 * All or nothing by default (one invalid order refuses the request). With `partial: true` each order is checked on its
 * own: the valid ones are bought (keeping their index as their row) and the others come back in `rejected[]`.
 */
const V1AllOrNothingBulkRequest = z
  .object({ ...bulkSelection, orders: bulkOrders(V1BulkLabelOrder), partial: z.literal(false).optional() })
  .refine(namesService, { message: SERVICE_REF_MESSAGE, path: ['serviceId'] });
const V1PartialBulkRequest = z
  .object({
    ...bulkSelection,
    orders: bulkOrders(
      z
        .unknown()
        .describe(
          'An order of the other form (sender, recipient, packageDetails, reference); an invalid one is rejected',
        ),
    ),
    partial: z.literal(true),
  })
  .refine(namesService, { message: SERVICE_REF_MESSAGE, path: ['serviceId'] });
export const V1CreateBulkLabelsRequest = z.discriminatedUnion(
  'partial',
  [V1AllOrNothingBulkRequest, V1PartialBulkRequest],
  {
    error: (issue) => (issue.code === 'invalid_union' ? V1_PARTIAL_MESSAGES.partial : undefined),
  },
);
export type V1CreateBulkLabelsRequest = z.input<typeof V1CreateBulkLabelsRequest>;

/** An order of a `partial: true` request that was not bought: its index in `orders`, and every reason with its path. */
export const V1RejectedBulkOrder = z.object({
  index: z.number().int(),
  /** `path` is the request's own, e.g. `orders[3].recipient.zip`. */
  details: z.array(ErrorDetail),
});
export type V1RejectedBulkOrder = z.infer<typeof V1RejectedBulkOrder>;

/** The bulk order created (201) or replayed (200): the web app's POST /api/orders/bulk/process answer. */
export const V1CreateBulkLabelsResponse = envelope(
  BulkProcessResponse.extend({
    /** With `partial: true` only: the orders not bought (empty when every one was). */
    rejected: z.array(V1RejectedBulkOrder).optional(),
  }),
);
export type V1CreateBulkLabelsResponse = z.infer<typeof V1CreateBulkLabelsResponse>;

/** GET /api/v1/bulk-orders/{id}: the bulk order (status, counts, progress), its orders in row order, the failed rows. */
export const V1BulkOrderResponse = envelope(BulkOrderDetailResponse.omit({ user: true }));
export type V1BulkOrderResponse = z.infer<typeof V1BulkOrderResponse>;

/** POST /api/v1/bulk-orders/{id}/cancel: the web app's cancel answer. */
export const V1CancelBulkOrderResponse = envelope(BulkCancelResponse.omit({ user: true }));
export type V1CancelBulkOrderResponse = z.infer<typeof V1CancelBulkOrderResponse>;

export const V1BulkOrderIdParam = z.object({ bulk_order_id: z.string().trim().min(1).max(100) });
