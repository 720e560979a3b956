import {
  BULK_MESSAGES,
  LABEL_CONTENT_TYPES,
  labelFileName,
  ORDER_MESSAGES,
  type V1BulkOrderListResponse,
  type V1BulkOrderResponse,
  type V1CancelBulkOrderResponse,
  type V1CreateBulkLabelsResponse,
  type V1CreateLabelResponse,
  type V1OrderListResponse,
  type V1OrderResponse,
  type V1RatesResponse,
  type V1ServicesResponse,
  type V1UserResponse,
} from '@labeldesk/contracts';
import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { centsToUsd } from '../../lib/money';
import { presentOrder } from '../../lib/presenters/order';
import { presentUser } from '../../lib/presenters/user';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { cancelBulkOrder as cancelBulkOrderUseCase } from '../../use-cases/bulk-orders/cancel-bulk-order';
import { bulkLabelFileName } from '../../use-cases/bulk-orders/get-bulk-label-document';
import { getBulkOrder } from '../../use-cases/bulk-orders/get-bulk-order';
import { getOrder } from '../../use-cases/order-history/get-order';
import type { ProviderTiming } from '../../use-cases/orders/buy-order-label';
import { getLabelInFormat } from '../../use-cases/orders/read-label-file';
import { createApiBulkLabels } from '../../use-cases/public-api/create-api-bulk-labels';
import { createApiLabel } from '../../use-cases/public-api/create-api-label';
import { getApiBulkLabels } from '../../use-cases/public-api/get-api-bulk-labels';
import { getApiRates } from '../../use-cases/public-api/get-api-rates';
import { listApiBulkOrders } from '../../use-cases/public-api/list-api-bulk-orders';
import { listApiOrders } from '../../use-cases/public-api/list-api-orders';
import { listCustomerApis } from '../../use-cases/shipping/list-customer-apis';
import { listCustomerServices } from '../../use-cases/shipping/list-customer-services';
import { getUserById } from '../../use-cases/users/get-user-by-id';
import { buildOpenApiDocument } from './openapi';
import { requireJsonBody, v1Validators } from './v1.routes';

const factory = createFactory<AppEnv>();

/**
 * The key acts as its owner's own customer account, whatever their role (an admin's key reads only their orders), in
 * the key's mode: a test key reads test orders only, a live key live ones (the other mode's ids answer 404).
 */
const caller = (c: Context<AppEnv>) => ({
  id: c.get('user').id,
  isAdmin: false,
  livemode: c.get('apiKey').mode === 'live',
});

export const user = factory.createHandlers(async (c) => {
  const row = await getUserById(c.get('services'), c.get('user').id);
  if (!row) throw new ApiError('unauthorized', 'Invalid API key');
  const body: V1UserResponse = { status: 'success', livemode: c.get('apiKey').mode === 'live', data: presentUser(row) };
  return c.json(body, 200);
});

export const services = factory.createHandlers(v1Validators.services, async (c) => {
  const svc = c.get('services');
  const apis = await listCustomerApis(svc);
  const list = await listCustomerServices(svc, { userId: c.get('user').id, apiId: c.req.valid('query').apiId });
  const slim = (s: (typeof list.UPS)[number]) => ({
    id: s.id,
    name: s.name,
    code: s.code,
    carrier: s.carrier,
    price: s.price,
    reliabilityStatus: s.reliabilityStatus,
    active: s.active,
    maxWeight: s.maxWeight,
    weightUnit: s.weightUnit,
  });
  const body: V1ServicesResponse = {
    status: 'success',
    livemode: c.get('apiKey').mode === 'live',
    data: {
      apis: apis.map((a) => ({ id: a._id, name: a.name, isDefault: a.isDefault })),
      apiId: list.apiId,
      services: { UPS: list.UPS.map(slim), USPS: list.USPS.map(slim), FEDEX: list.FEDEX.map(slim) },
    },
  };
  return c.json(body, 200);
});

export const rates = factory.createHandlers(requireJsonBody, v1Validators.rates, async (c) => {
  const rates = await getApiRates(c.get('services'), { userId: c.get('user').id, request: c.req.valid('json') });
  const body: V1RatesResponse = { status: 'success', livemode: c.get('apiKey').mode === 'live', rates };
  return c.json(body, 200);
});

export const createLabel = factory.createHandlers(
  idempotencyKey,
  requireJsonBody,
  v1Validators.createLabel,
  async (c) => {
    const timing: ProviderTiming = {};
    const result = await createApiLabel(c.get('services'), {
      userId: c.get('user').id,
      mode: c.get('apiKey').mode,
      request: c.req.valid('json'),
      idempotencyKey: c.get('idempotencyKey'),
      timing,
    });
    if (timing.providerMs !== undefined) c.header('Server-Timing', `provider;dur=${timing.providerMs.toFixed(1)}`);
    const body: V1CreateLabelResponse = {
      status: 'success',
      livemode: c.get('apiKey').mode === 'live',
      data: {
        _id: result.order._id,
        order: result.order,
        message: result.kind === 'pending' ? ORDER_MESSAGES.pendingReconciliation : ORDER_MESSAGES.created,
        newBalance: centsToUsd(result.balanceCents),
      },
    };
    return c.json(body, result.kind === 'created' ? 201 : result.kind === 'pending' ? 202 : 200);
  },
);

/** A page of a v1 cursor list as the document gives it: the items, whether more follow, and the next cursor. */
function listPage<T>(mode: 'live' | 'test', page: { data: T[]; hasMore: boolean; nextCursor: string | null }) {
  return {
    status: 'success' as const,
    livemode: mode === 'live',
    data: page.data,
    has_more: page.hasMore,
    next_cursor: page.nextCursor,
  };
}

export const listOrders = factory.createHandlers(v1Validators.listOrders, async (c) => {
  const mode = c.get('apiKey').mode;
  const page = await listApiOrders(c.get('services'), { userId: c.get('user').id, mode, query: c.req.valid('query') });
  const body: V1OrderListResponse = listPage(mode, page);
  return c.json(body, 200);
});

export const listBulkOrders = factory.createHandlers(v1Validators.listBulkOrders, async (c) => {
  const mode = c.get('apiKey').mode;
  const page = await listApiBulkOrders(c.get('services'), {
    userId: c.get('user').id,
    mode,
    query: c.req.valid('query'),
  });
  const body: V1BulkOrderListResponse = listPage(mode, page);
  return c.json(body, 200);
});

export const order = factory.createHandlers(v1Validators.orderId, async (c) => {
  const svc = c.get('services');
  const orderId = c.req.valid('param').order_id;
  const data = presentOrder((await getOrder(svc, { orderId, caller: caller(c) })).row);
  const body: V1OrderResponse = { status: 'success', livemode: c.get('apiKey').mode === 'live', data };
  return c.json(body, 200);
});

export const label = factory.createHandlers(v1Validators.orderId, v1Validators.labelFormat, async (c) => {
  const svc = c.get('services');
  const orderId = c.req.valid('param').order_id;
  const { format, dpi } = c.req.valid('query');
  const user = { ...c.get('user'), isAdmin: false };
  const access = { kind: 'user' as const, user, livemode: c.get('apiKey').mode === 'live' };
  const { body } = await getLabelInFormat(svc, { orderId, access, format, dpi });
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': LABEL_CONTENT_TYPES[format],
    'Content-Disposition': `inline; filename="${labelFileName(orderId, format)}"`,
    'Content-Length': String(body.byteLength),
    'Cache-Control': 'no-store',
  });
});

export const createBulkLabels = factory.createHandlers(
  v1Validators.bulkBodyLimit,
  idempotencyKey,
  requireJsonBody,
  v1Validators.createBulkLabels,
  async (c) => {
    const live = c.get('apiKey').mode === 'live';
    const result = await createApiBulkLabels(c.get('services'), {
      userId: c.get('user').id,
      mode: c.get('apiKey').mode,
      request: c.req.valid('json'),
      idempotencyKey: c.get('idempotencyKey'),
    });
    const body: V1CreateBulkLabelsResponse = {
      status: 'success',
      livemode: live,
      data: {
        bulkOrderId: result.bulkOrderId,
        isBackgroundProcessing: result.background,
        processingStatus: result.processingStatus,
        totalPrice: centsToUsd(result.totalPriceCents),
        newBalance: centsToUsd(result.balanceCents),
        message: BULK_MESSAGES.started,
        ...(result.rejected ? { rejected: result.rejected } : {}),
      },
    };
    return c.json(body, result.kind === 'created' ? 201 : 200);
  },
);

export const bulkOrder = factory.createHandlers(v1Validators.bulkOrderId, async (c) => {
  const svc = c.get('services');
  const bulkOrderId = c.req.valid('param').bulk_order_id;
  const live = c.get('apiKey').mode === 'live';
  const { bulkOrder: presented, orders, failedOrders } = await getBulkOrder(svc, { bulkOrderId, caller: caller(c) });
  const body: V1BulkOrderResponse = {
    status: 'success',
    livemode: live,
    data: { bulkOrder: presented, orders, failedOrders },
  };
  return c.json(body, 200);
});

/** Cancels through the web app's use-case: the key's own bulk orders of its mode only (isAdmin false). */
export const cancelBulkOrder = factory.createHandlers(v1Validators.bulkOrderId, async (c) => {
  const svc = c.get('services');
  const bulkOrderId = c.req.valid('param').bulk_order_id;
  const live = c.get('apiKey').mode === 'live';
  const { user: _user, ...data } = await cancelBulkOrderUseCase(svc, { bulkOrderId, caller: caller(c) });
  const body: V1CancelBulkOrderResponse = { status: 'success', livemode: live, data };
  return c.json(body, 200);
});

export const bulkLabels = factory.createHandlers(v1Validators.bulkOrderId, v1Validators.bulkLabelFormat, async (c) => {
  const svc = c.get('services');
  const bulkOrderId = c.req.valid('param').bulk_order_id;
  const { format, dpi } = c.req.valid('query');
  const live = c.get('apiKey').mode === 'live';
  const doc = await getApiBulkLabels(svc, { bulkOrderId, user: c.get('user'), livemode: live, format, dpi });
  return c.body(doc.body, 200, {
    'Content-Type': doc.contentType,
    'Content-Disposition': `inline; filename="${bulkLabelFileName(bulkOrderId, format)}"`,
    'Content-Length': String(doc.size),
    'Cache-Control': 'no-store',
  });
});

let document: Record<string, unknown> | undefined;

/** GET /api/v1/openapi.json: generated once per isolate from the route table's zod schemas. */
export const openapi = factory.createHandlers(async (c) => {
  document ??= buildOpenApiDocument();
  c.header('Access-Control-Allow-Origin', '*');
  return c.json(document, 200);
});
