import {
  TEST_BULK_CREATED_MESSAGE,
  V1BulkOrderResponse,
  V1CreateBulkLabelsResponse,
  V1OrderResponse,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer } from './helpers';
import { startShop } from './orders-support';
import {
  bulkFootprint,
  bulkOrder,
  CREATE_BULK as CREATE,
  integrator as newIntegrator,
  upsGroundServiceId,
} from './public-api-bulk-support';
import { v1 } from './public-api-support';

/**
 * The public API's bulk labels with a test key, over HTTP on a real database file (split from public-api.bulk): the
 * same request and checks as live, no money moving, specimen labels, and never visible to the live key.
 */

/** The text of each page of a PDF whose pages write literal strings (`(text) Tj`), as the test-key specimens do. */
async function specimenPageTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const stream = contents instanceof PDFArray ? contents.lookup(0) : contents;
    if (!(stream instanceof PDFRawStream)) return '';
    const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    return [...ops.matchAll(/\(([^)]*)\)\s*Tj/g)].map((m) => m[1]).join(' ');
  });
}

const BULK_ORDER = '/bulk-orders/:bulk_order_id';
const BULK_LABELS = '/bulk-labels/:bulk_order_id';

describe('the public API, bulk labels with a test key', () => {
  let server: TestServer;
  let admin: string;
  let serviceId: string;

  beforeAll(async () => {
    ({ server, admin } = await startShop());
    serviceId = await upsGroundServiceId(server, (await newIntegrator(server, admin, 0)).keys.apiKey);
  });
  afterAll(() => server.stop());

  const integrator = (balance: number) => newIntegrator(server, admin, balance);
  const footprint = (userId: string) => bulkFootprint(server, userId);

  it('a test key runs the same bulk request with no money moving; its bulk order is never visible as a live one', async () => {
    const me = await integrator(20);
    const before = await footprint(me.id);
    const key = me.keys.testKey;
    const body = { serviceId, orders: [bulkOrder(1), bulkOrder(2), bulkOrder(3)] };
    const headers = { 'Idempotency-Key': 'test-batch-1' };
    const res = await v1(server, 'POST', CREATE, { key, json: body, headers });
    expect(res.status, res.text).toBe(201);
    const { data, livemode } = V1CreateBulkLabelsResponse.parse(res.body);
    expect(livemode).toBe(false);
    // The live price ($34.20, more than this balance): nothing is held, the balance is untouched.
    expect(data).toMatchObject({
      isBackgroundProcessing: false,
      totalPrice: 34.2,
      newBalance: 20,
      message: TEST_BULK_CREATED_MESSAGE,
      processingStatus: {
        isProcessing: false,
        totalLabels: 3,
        labelsProcessed: 3,
        labelsRemaining: 0,
        labelsFailed: 0,
      },
    });
    const id = data.bulkOrderId;
    expect(id).toMatch(/^tblk_/);
    const again = await v1(server, 'POST', CREATE, { key, json: body, headers });
    expect(again.status).toBe(200);
    expect(V1CreateBulkLabelsResponse.parse(again.body).data.bulkOrderId).toBe(id);
    const changed = await v1(server, 'POST', CREATE, { key, json: { ...body, orders: [bulkOrder(1)] }, headers });
    expect(changed.status).toBe(409);

    const read = await v1(server, 'GET', `/bulk-orders/${id}`, { key, template: BULK_ORDER });
    expect(read.status, read.text).toBe(200);
    const detail = V1BulkOrderResponse.parse(read.body);
    expect(detail.livemode).toBe(false);
    expect(detail.data.bulkOrder).toMatchObject({
      _id: id,
      status: 'completed',
      orderCount: 3,
      failedOrderCount: 0,
      totalPrice: 34.2,
      refundedAmount: 0,
      hasLabels: true,
      userName: me.name,
    });
    expect(detail.data.orders.map((o) => [o.rowIndex, o.status, o.hasLabel, o.bulkOrderId, o.recipient.name])).toEqual([
      [0, 'completed', true, id, 'Grace Receiver 1'],
      [1, 'completed', true, id, 'Grace Receiver 2'],
      [2, 'completed', true, id, 'Grace Receiver 3'],
    ]);
    for (const o of detail.data.orders) expect(o.trackingNumber).toMatch(/^TESTUPS\d{12}$/);
    const one = await v1(server, 'GET', `/orders/${detail.data.orders[1]?._id}`, {
      key,
      template: '/orders/:order_id',
    });
    expect(V1OrderResponse.parse(one.body).data.bulkOrderId).toBe(id);

    const pdf = await fetch(`${server.url}/api/v1/bulk-labels/${id}`, { headers: { 'x-api-key': `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const pages = await specimenPageTexts(bytes);
    expect(pages).toHaveLength(3);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('TEST LABEL - NOT VALID');
      expect(page).toContain(detail.data.orders[i]?.trackingNumber);
    }
    expect((await v1(server, 'GET', `/bulk-labels/${id}`, { key, template: BULK_LABELS })).status).toBe(200);

    // A large one (more rows than one insert statement takes): every row written once, in order.
    const large = await v1(server, 'POST', CREATE, {
      key,
      json: { serviceId, orders: Array.from({ length: 1_201 }, (_, i) => bulkOrder(i)) },
    });
    expect(large.status, large.text).toBe(201);
    const largeId = V1CreateBulkLabelsResponse.parse(large.body).data.bulkOrderId;
    const [written] = await server.services.db.all<{ n: number; rows: number; first: number; last: number }>(sql`
      SELECT COUNT(*) AS n, COUNT(DISTINCT row_index) AS rows, MIN(row_index) AS first, MAX(row_index) AS last
      FROM test_orders WHERE bulk_order_id = ${largeId} AND user_id = ${me.id}`);
    expect(written).toEqual({ n: 1201, rows: 1201, first: 0, last: 1200 });

    // Never visible as live: not to the live key, not in the web app, no money, no live rows.
    for (const [path, template] of [
      [`/bulk-orders/${id}`, BULK_ORDER],
      [`/bulk-labels/${id}`, BULK_LABELS],
    ] as const) {
      expect((await v1(server, 'GET', path, { key: me.keys.apiKey, template })).status).toBe(404);
    }
    const history = await call(server, 'GET', '/api/orders/bulk/history', { token: me.token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(id);
    const web = await call(server, 'GET', `/api/orders/bulk/${id}`, { token: me.token });
    expect(web.status).toBe(404);
    // Only the test bulk orders were written (the specimens live in the test tables); no money and no live rows.
    expect(await footprint(me.id)).toEqual({ ...before, tests: before.tests + 2 });
    expect(before).toMatchObject({ bulks: 0, orders: 0, money: { balance: 2000, debits: 0 } });
  });
});
