import { BULK_MESSAGES, V1BulkOrderResponse, V1CreateBulkLabelsResponse, V1OrderResponse } from '@labeldesk/contracts';
import { isValidTrackingNumber } from '@labeldesk/sandbox-carrier';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testQuotaMessage } from '../../src/use-cases/test-mode/test-mode';
import { call, errorOf, type TestServer } from './helpers';
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
 * live bulk engine (same request, checks, queue and background purchases, at the carrier sandbox), no money moving,
 * the daily test quota, and never visible to the live key or the web app.
 */

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

  /** The bulk order as the test key reads it, once its rows are all settled (the engine runs in the background). */
  async function settled(key: string, id: string) {
    for (let i = 0; i < 600; i++) {
      const read = await v1(server, 'GET', `/bulk-orders/${id}`, { key, template: BULK_ORDER });
      expect(read.status, read.text).toBe(200);
      const detail = V1BulkOrderResponse.parse(read.body);
      if (detail.data.bulkOrder.status !== 'processing') return detail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`bulk order ${id} still processing`);
  }

  it('a test key runs the live bulk engine at the sandbox with no money moving; its bulk order is never visible as a live one', async () => {
    const me = await integrator(20);
    const before = await footprint(me.id);
    const key = me.keys.testKey;
    const body = { serviceId, orders: [bulkOrder(1), bulkOrder(2), bulkOrder(3)] };
    const headers = { 'Idempotency-Key': 'test-batch-1' };
    const res = await v1(server, 'POST', CREATE, { key, json: body, headers });
    expect(res.status, res.text).toBe(201);
    const { data, livemode } = V1CreateBulkLabelsResponse.parse(res.body);
    expect(livemode).toBe(false);
    // The live price ($34.20, more than this balance): nothing is held, the balance is neither checked nor touched.
    expect(data).toMatchObject({
      isBackgroundProcessing: true,
      totalPrice: 34.2,
      newBalance: 20,
      message: BULK_MESSAGES.started,
    });
    const id = data.bulkOrderId;
    expect(id).toMatch(/^blk_/);
    const again = await v1(server, 'POST', CREATE, { key, json: body, headers });
    expect(again.status).toBe(200);
    expect(V1CreateBulkLabelsResponse.parse(again.body).data.bulkOrderId).toBe(id);
    const changed = await v1(server, 'POST', CREATE, { key, json: { ...body, orders: [bulkOrder(1)] }, headers });
    expect(changed.status).toBe(409);
    // The same Idempotency-Key with the live key is another request (keys are per mode): it buys for real.
    const live = await v1(server, 'POST', CREATE, {
      key: me.keys.apiKey,
      json: { ...body, orders: [bulkOrder(1)] },
      headers,
    });
    expect(live.status, live.text).toBe(201);
    const liveId = V1CreateBulkLabelsResponse.parse(live.body).data.bulkOrderId;
    expect(liveId).not.toBe(id);

    const detail = await settled(key, id);
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
    // Bought at the carrier sandbox: tracking numbers it issued.
    for (const o of detail.data.orders) expect(isValidTrackingNumber('UPS', o.trackingNumber)).toBe(true);
    const one = await v1(server, 'GET', `/orders/${detail.data.orders[1]?._id}`, {
      key,
      template: '/orders/:order_id',
    });
    expect(V1OrderResponse.parse(one.body).data.bulkOrderId).toBe(id);

    // The combined labels: one page per label, stored once like a live bulk order's (the second read is that copy).
    const pdf = await fetch(`${server.url}/api/v1/bulk-labels/${id}`, { headers: { 'x-api-key': `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const [stored] = await server.services.db.all<{ key: string | null }>(
      sql`SELECT labels_blob_key AS key FROM bulk_orders WHERE id = ${id}`,
    );
    expect(stored?.key).toBeTruthy();
    const second = await v1(server, 'GET', `/bulk-labels/${id}`, { key, template: BULK_LABELS });
    expect(second.status).toBe(200);

    // Over the daily test quota (TEST_LABELS_PER_DAY, default 1,000; 3 used): 429, nothing written.
    const quotaBefore = await footprint(me.id);
    const large = await v1(server, 'POST', CREATE, {
      key,
      json: { serviceId, orders: Array.from({ length: 998 }, (_, i) => bulkOrder(i)) },
    });
    expect(large.status, large.text).toBe(429);
    expect(errorOf(large).error).toMatchObject({ code: 'rate_limited', message: testQuotaMessage(1000) });
    expect(Number(large.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await footprint(me.id)).toEqual(quotaBefore);

    // Never visible as live: not to the live key, not in the web app, no money for it, no live rows.
    for (const [path, template] of [
      [`/bulk-orders/${id}`, BULK_ORDER],
      [`/bulk-labels/${id}`, BULK_LABELS],
    ] as const) {
      expect((await v1(server, 'GET', path, { key: me.keys.apiKey, template })).status).toBe(404);
    }
    const history = await call(server, 'GET', '/api/orders/bulk/history', { token: me.token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(id);
    expect(JSON.stringify(history.body)).toContain(liveId);
    const web = await call(server, 'GET', `/api/orders/bulk/${id}`, { token: me.token });
    expect(web.status).toBe(404);
    const adminList = await call(server, 'GET', '/api/admin/bulk-orders', { token: admin });
    expect(adminList.status).toBe(200);
    expect(adminList.text).toContain(liveId);
    expect(adminList.text).not.toContain(id);
    // The test bulk order and its 3 rows, no hold or ledger row for them: only the live one-row bulk order moved money.
    const [holds] = await server.services.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM ledger_entries WHERE reference = ${id}`,
    );
    expect(Number(holds?.n)).toBe(0);
    expect(before).toMatchObject({ bulks: 0, orders: 0, tests: 0, money: { balance: 2000, debits: 0 } });
    expect(await footprint(me.id)).toMatchObject({
      bulks: 1,
      orders: 4,
      tests: 1,
      money: { balance: 2000 - 1140, debits: 1 },
    });
  });
});
