import {
  BULK_MESSAGES,
  BulkOrderDetailResponse,
  MAX_BULK_ROWS,
  ORDER_MESSAGES,
  type ShippingApiConfig,
  V1BulkOrderResponse,
  V1CreateBulkLabelsResponse,
  V1OrderResponse,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_BODY_BYTES } from '../../src/routes/bulk-orders/bulk-orders.routes';
import { bulkRowsOf, expectSettled, PROVIDER_REFUSED_STREET, waitForBulk } from './bulk-engine-support';
import { pageSizes, pageTexts } from './bulk-orders-support';
import { call, errorOf, type TestServer } from './helpers';
import { ledgerRowsOf, moneyOf, startShop, startsWithPdf } from './orders-support';
import {
  bulkFootprint,
  bulkOrder,
  CREATE_BULK,
  integrator as newIntegrator,
  upsGroundServiceId,
} from './public-api-bulk-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * The bulk part of the public API over HTTP on a real database file: POST /create-bulk-labels through the web app's
 * bulk engine (server-side prices, one hold, queued rows bought by the job runner, refunds), GET /bulk-orders/{id},
 * GET /bulk-labels/{id}; every answer checked against the OpenAPI document (v1()).
 */

const CREATE = CREATE_BULK;
const BULK_ORDER = '/bulk-orders/:bulk_order_id';
const BULK_LABELS = '/bulk-labels/:bulk_order_id';

describe('the public API, bulk labels', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let serviceId: string;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    serviceId = await upsGroundServiceId(server, (await integrator(0)).keys.apiKey);
  });
  afterAll(() => server.stop());

  const integrator = (balance: number) => newIntegrator(server, admin, balance);
  const footprint = (userId: string) => bulkFootprint(server, userId);

  it('creates a bulk order with one hold, buys it in the background, refunds the refused row; reads back', async () => {
    const me = await integrator(100);
    const key = me.keys.apiKey;
    const res = await v1(server, 'POST', CREATE, {
      key,
      json: { serviceId, orders: [bulkOrder(1), bulkOrder(2, { street1: PROVIDER_REFUSED_STREET }), bulkOrder(3)] },
    });
    expect(res.status, res.text).toBe(201);
    const created = V1CreateBulkLabelsResponse.parse(res.body);
    expect(created).toMatchObject({
      status: 'success',
      livemode: true,
      data: {
        isBackgroundProcessing: true,
        totalPrice: 34.2,
        newBalance: 65.8,
        message: BULK_MESSAGES.started,
        processingStatus: { isProcessing: true, totalLabels: 3, labelsProcessed: 0, labelsRemaining: 3 },
      },
    });
    const id = created.data.bulkOrderId;
    expect(id).toMatch(/^blk_/);

    // ONE hold of the server's total, naming the bulk order; the bulk order is marked as an API one.
    const holds = (await ledgerRowsOf(server, me.id, 'label_purchase')).filter((e) => e.reference === id);
    expect(holds.map((h) => h.amount_cents)).toEqual([3420]);
    const [source] = await server.services.db.all<{ source: string }>(
      sql`SELECT source FROM bulk_orders WHERE id = ${id}`,
    );
    expect(source?.source).toBe('api');

    const final = await waitForBulk(server, id);
    expect(final).toMatchObject({ status: 'partial', order_count: 3, failed_order_count: 1 });
    const settled = await expectSettled(server, me.id, id, 10_000);
    expect(settled.boughtCents).toBe(2280);
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 7720, ledger: 7720, debits: 1, refunds: 1 });

    const read = await v1(server, 'GET', `/bulk-orders/${id}`, { key, template: BULK_ORDER });
    expect(read.status, read.text).toBe(200);
    const { data } = V1BulkOrderResponse.parse(read.body);
    expect(data.bulkOrder).toMatchObject({
      _id: id,
      status: 'partial',
      orderCount: 3,
      failedOrderCount: 1,
      totalPrice: 34.2,
      refundedAmount: 11.4,
      hasFailures: true,
      hasLabels: true,
      processingStatus: {
        isProcessing: false,
        totalLabels: 3,
        labelsProcessed: 3,
        labelsRemaining: 0,
        labelsFailed: 1,
      },
    });
    expect(data.bulkOrder.userEmail).toBeUndefined();
    expect(data.orders.map((o) => [o.rowIndex, o.status, o.hasLabel, o.recipient.name])).toEqual([
      [0, 'completed', true, 'Grace Receiver 1'],
      [1, 'failed', false, 'Grace Receiver 2'],
      [2, 'completed', true, 'Grace Receiver 3'],
    ]);
    for (const o of data.orders) expect(o.bulkOrderId).toBe(id);
    expect(data.orders[0]?.trackingNumber).not.toBe('PENDING');
    expect(data.orders[1]?.failureReason).toBeTruthy();
    expect(data.failedOrders.map((f) => [f.rowIndex, f.recipientName])).toEqual([[1, 'Grace Receiver 2']]);

    // The web app shows the same bulk order (one engine), and each label reads through GET /orders and /labels.
    const web = await call(server, 'GET', `/api/orders/bulk/${id}`, { token: me.token });
    expect(BulkOrderDetailResponse.parse(web.body).orders.map((o) => o._id)).toEqual(data.orders.map((o) => o._id));
    const one = await v1(server, 'GET', `/orders/${data.orders[0]?._id}`, { key, template: '/orders/:order_id' });
    expect(V1OrderResponse.parse(one.body).data.trackingNumber).toBe(data.orders[0]?.trackingNumber);

    // The combined labels: one 4x6 page per bought label, in row order.
    const pdf = await fetch(`${server.url}/api/v1/bulk-labels/${id}`, { headers: { 'x-api-key': `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-ratelimit-limit')).toBe('100');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(startsWithPdf(bytes)).toBe(true);
    expect(await pageSizes(bytes)).toEqual([
      { width: 288, height: 432 },
      { width: 288, height: 432 },
    ]);
    const texts = (await pageTexts(bytes)).map((page) => page.join(' '));
    expect(texts[0]).toContain(`REF: ${data.orders[0]?._id}`);
    expect(texts[1]).toContain(`REF: ${data.orders[2]?._id}`);
    // And documented (200 application/pdf).
    const checked = await v1(server, 'GET', `/bulk-labels/${id}`, { key, template: BULK_LABELS });
    expect(checked.status).toBe(200);
  });

  it('Idempotency-Key: a retry answers the first bulk order (also when sent twice at once), another body 409; one hold', async () => {
    const me = await integrator(100);
    const key = me.keys.apiKey;
    const body = { serviceId, orders: [bulkOrder(1), bulkOrder(2)] };
    const headers = { 'Idempotency-Key': 'nightly-batch-2026-11-24' };
    const [a, b] = await Promise.all([
      v1(server, 'POST', CREATE, { key, json: body, headers }),
      v1(server, 'POST', CREATE, { key, json: body, headers }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const first = V1CreateBulkLabelsResponse.parse(a.body).data;
    expect(V1CreateBulkLabelsResponse.parse(b.body).data.bulkOrderId).toBe(first.bulkOrderId);

    const again = await v1(server, 'POST', CREATE, { key, json: body, headers });
    expect(again.status).toBe(200);
    expect(V1CreateBulkLabelsResponse.parse(again.body).data).toMatchObject({
      bulkOrderId: first.bulkOrderId,
      totalPrice: 22.8,
    });

    const changed = await v1(server, 'POST', CREATE, {
      key,
      json: { ...body, orders: [bulkOrder(1), bulkOrder(2, { weight: 4 })] },
      headers,
    });
    expect(changed.status).toBe(409);
    expect(errorOf(changed).error.message).toBe(ORDER_MESSAGES.idempotencyMismatch);

    await waitForBulk(server, first.bulkOrderId);
    expect((await ledgerRowsOf(server, me.id, 'label_purchase')).map((e) => e.amount_cents)).toEqual([2280]);
    expect(await footprint(me.id)).toMatchObject({ bulks: 1, orders: 2, money: { balance: 7720, ledger: 7720 } });
  });

  it('bad input, an overdraft and over-limit requests answer 4xx (live and test key) with a clear message and change nothing', async () => {
    const me = await integrator(30);
    const key = me.keys.apiKey;
    const before = await footprint(me.id);
    const post = (json: unknown, opts: { headers?: Record<string, string>; raw?: string; key?: string } = {}) =>
      v1(server, 'POST', CREATE, { key: opts.key ?? key, template: CREATE, ...(opts.raw ? {} : { json }), ...opts });

    // Invalid rows: 400 naming every bad row (row n = orders[n-1]), every problem in details.
    const invalid = await post({
      serviceId,
      orders: [bulkOrder(1), bulkOrder(2, { city: '' }), bulkOrder(3), bulkOrder(4, { weight: 0 })],
    });
    expect(invalid.status).toBe(400);
    const err = errorOf(invalid).error;
    expect(err).toMatchObject({ code: 'invalid_input', message: 'Rows 2, 4 are not valid' });
    expect(err.details).toContainEqual({ path: 'orders.1.recipient.city', message: 'Row 2: City is required' });
    expect(err.details.some((d) => d.path.startsWith('orders.3.packageDetails.weight'))).toBe(true);
    expect(err.details.every((d) => /^orders\.[13]\./.test(d.path) && /^Row [24]: /.test(d.message))).toBe(true);

    // A row only the server's pricing refuses (over the service's maximum weight): named the same way.
    const heavy = await post({ serviceId, orders: [bulkOrder(1), bulkOrder(2, { weight: 200 })] });
    expect(heavy.status).toBe(400);
    expect(errorOf(heavy).error.message).toMatch(/^Row 2 is not valid: weight: Weight exceeds maximum allowed/);
    expect(errorOf(heavy).error.details.map((d) => d.path)).toEqual(['orders.1']);

    // Over the web app's bulk row limit.
    const tooMany = await post({
      serviceId,
      orders: Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => bulkOrder(i)),
    });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).error).toMatchObject({
      message: BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS),
      details: [{ path: 'orders', message: BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS) }],
    });

    // Over the bulk body limit (24 MiB, documented): 413 before the body is read.
    const huge = await post(undefined, {
      raw: JSON.stringify({ serviceId, orders: [bulkOrder(1)], padding: 'x'.repeat(MAX_BULK_BODY_BYTES) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(errorOf(huge).error.code).toBe('payload_too_large');

    const empty = await post({ serviceId, orders: [] });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).error.message).toBe(BULK_MESSAGES.noData);
    const noService = await post({ orders: [bulkOrder(1)] });
    expect(noService.status).toBe(400);
    expect(errorOf(noService).error.message).toMatch(/serviceId/);
    const unknownService = await post({ serviceId: 'svc_nope', orders: [bulkOrder(1)] });
    expect(unknownService.status).toBe(404);
    const form = await post(undefined, {
      raw: 'serviceId=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);

    // $34.20 on a $30 balance: 402, nothing held, no bulk order written.
    const overdraft = await post({ serviceId, orders: [bulkOrder(1), bulkOrder(2), bulkOrder(3)] });
    expect(overdraft.status).toBe(402);
    expect(errorOf(overdraft).error.code).toBe('insufficient_funds');

    // A test key gets the same refusals, naming the same rows.
    const testInvalid = await post(
      { serviceId, orders: [bulkOrder(1), bulkOrder(2, { city: '' }), bulkOrder(3, { weight: 200 })] },
      { key: me.keys.testKey },
    );
    expect(testInvalid.status).toBe(400);
    expect(errorOf(testInvalid).error.message).toBe('Row 2: City is required');
    const testHeavy = await post(
      { serviceId, orders: [bulkOrder(1), bulkOrder(2, { weight: 200 })] },
      { key: me.keys.testKey },
    );
    expect(errorOf(testHeavy).error.message).toMatch(/^Row 2 is not valid: weight: Weight exceeds maximum allowed/);
    // The footprint counts test bulk orders and orders of both modes: none was written.
    expect(await footprint(me.id)).toEqual(before);
    expect(before).toMatchObject({ bulks: 0, orders: 0, money: { balance: 3000, debits: 0 } });
  });

  it("role matrix: only the owner's live key reads a bulk order and its labels; others get 404 in the error shape", async () => {
    const alice = await integrator(50);
    const bob = await integrator(50);
    const adminKeys = await apiKeysOf(server, admin);
    const made = await v1(server, 'POST', CREATE, {
      key: alice.keys.apiKey,
      json: { serviceId, orders: [bulkOrder(1)] },
    });
    expect(made.status, made.text).toBe(201);
    const id = V1CreateBulkLabelsResponse.parse(made.body).data.bulkOrderId;
    await waitForBulk(server, id);
    const madeTest = await v1(server, 'POST', CREATE, {
      key: alice.keys.testKey,
      json: { serviceId, orders: [bulkOrder(1)] },
    });
    expect(madeTest.status, madeTest.text).toBe(201);
    const testId = V1CreateBulkLabelsResponse.parse(madeTest.body).data.bulkOrderId;
    for (const key of [bob.keys.apiKey, bob.keys.testKey, alice.keys.apiKey, adminKeys.testKey]) {
      for (const [path, template] of [
        [`/bulk-orders/${testId}`, BULK_ORDER],
        [`/bulk-labels/${testId}`, BULK_LABELS],
      ] as const) {
        const res = await v1(server, 'GET', path, { key, template });
        expect(res.status, `${key.slice(0, 8)} ${path}`).toBe(404);
        expect(errorOf(res).error.message).toBe(BULK_MESSAGES.bulkOrderNotFound);
      }
    }
    expect(
      (await v1(server, 'GET', `/bulk-orders/${testId}`, { key: alice.keys.testKey, template: BULK_ORDER })).status,
    ).toBe(200);

    for (const [who, key] of [
      ['bob live', bob.keys.apiKey],
      ['bob test', bob.keys.testKey],
      ['alice test', alice.keys.testKey],
      ['admin live', adminKeys.apiKey],
    ] as const) {
      for (const [path, template] of [
        [`/bulk-orders/${id}`, BULK_ORDER],
        [`/bulk-labels/${id}`, BULK_LABELS],
      ] as const) {
        const res = await v1(server, 'GET', path, { key, template });
        expect(res.status, `${who} ${path}`).toBe(404);
        expect(errorOf(res).error).toEqual({
          code: 'not_found',
          message: BULK_MESSAGES.bulkOrderNotFound,
          details: [],
        });
      }
    }
    for (const path of [`/bulk-orders/blk_nope`, `/bulk-labels/blk_nope`]) {
      const res = await v1(server, 'GET', path, {
        key: alice.keys.apiKey,
        template: path.startsWith('/bulk-orders') ? BULK_ORDER : BULK_LABELS,
      });
      expect(res.status).toBe(404);
    }
    // Without a key: 401, nothing read.
    for (const [method, path, template] of [
      ['GET', `/bulk-orders/${id}`, BULK_ORDER],
      ['GET', `/bulk-labels/${id}`, BULK_LABELS],
      ['POST', CREATE, CREATE],
    ] as const) {
      const res = await v1(server, method, path, { template, ...(method === 'POST' ? { json: {} } : {}) });
      expect(res.status).toBe(401);
    }
    expect(
      (await v1(server, 'GET', `/bulk-orders/${id}`, { key: alice.keys.apiKey, template: BULK_ORDER })).status,
    ).toBe(200);
  });

  it('GET /bulk-labels answers 409 while no label is bought (here: every row refused and refunded)', async () => {
    const me = await integrator(50);
    const made = await v1(server, 'POST', CREATE, {
      key: me.keys.apiKey,
      json: {
        apiId: api1._id,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        orders: [
          bulkOrder(1, { street1: PROVIDER_REFUSED_STREET }),
          bulkOrder(2, { street1: PROVIDER_REFUSED_STREET }),
        ],
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = V1CreateBulkLabelsResponse.parse(made.body).data.bulkOrderId;
    expect((await waitForBulk(server, id)).status).toBe('failed');
    await expectSettled(server, me.id, id, 5000);
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 5000, ledger: 5000 });
    expect((await bulkRowsOf(server, id)).map((r) => r.status)).toEqual(['failed', 'failed']);

    const res = await v1(server, 'GET', `/bulk-labels/${id}`, { key: me.keys.apiKey, template: BULK_LABELS });
    expect(res.status).toBe(409);
    expect(errorOf(res).error).toMatchObject({ code: 'conflict', message: BULK_MESSAGES.labelsNotReady });
    const read = V1BulkOrderResponse.parse(
      (await v1(server, 'GET', `/bulk-orders/${id}`, { key: me.keys.apiKey, template: BULK_ORDER })).body,
    );
    expect(read.data.bulkOrder).toMatchObject({ status: 'failed', hasLabels: false, refundedAmount: 22.8 });
  });
});
