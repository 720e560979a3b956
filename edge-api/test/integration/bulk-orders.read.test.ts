import {
  BULK_CSV_COLUMNS,
  BULK_DATE_ORDER_MESSAGE,
  BULK_MESSAGES,
  OrderResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrders } from '../../src/db/schema';
import { bulkDetail, bulkHistory, purchase, seedBulkOrder } from './bulk-orders-support';
import { call, errorOf, type TestServer } from './helpers';
import { CARRIER_REFUSED_RECIPIENT, newCustomer, startShop } from './orders-support';

/**
 * The read side of bulk orders over HTTP: the customer's history and details, the admin's Bulk Orders tab and details.
 * Bulk orders are made of real purchases (see bulk-orders-support.ts).
 */
describe('bulk orders: history and details', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string; name: string };
  let bob: { token: string; id: string; name: string };
  /** Alice's running bulk order: rows bought, refused, bought, still open. */
  let running: string;
  const rowOrders: string[] = [];
  const REFUSAL = 'The shipping provider refused the shipment details. Please check the addresses and package.';

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    alice = await newCustomer(server, admin, 400, 'Alice Bulk');
    bob = await newCustomer(server, admin, 100, 'Bob Bulk');
    // Bought in one order, listed in another: the row order must come from row_index, not from creation time.
    const boughtFirst = await purchase(server, alice.token, api1, { recipientName: 'Row Two' });
    const refused = await purchase(server, alice.token, api1, { recipientName: 'Row One', refused: true });
    const boughtLast = await purchase(server, alice.token, api1, { recipientName: 'Row Zero' });
    rowOrders.push(boughtLast, refused, boughtFirst);
    running = await seedBulkOrder(server, {
      userId: alice.id,
      rows: [
        { orderId: boughtLast },
        { orderId: refused, attempts: 2 },
        { orderId: boughtFirst },
        { openLike: boughtFirst },
      ],
    });
  });
  afterAll(() => server.stop());

  it('the history counts progress from the rows: settled, failed, remaining, refunded', async () => {
    const history = await bulkHistory(server, alice.token);
    expect(history).toMatchObject({ page: 1, limit: 10, totalPages: 1, totalBulkOrders: 1 });
    expect(history.bulkOrders).toHaveLength(1);
    expect(history.bulkOrders[0]).toMatchObject({
      _id: running,
      bulkOrderId: running,
      orderCount: 4,
      failedOrderCount: 1,
      totalPrice: 45.6,
      refundedAmount: 11.4,
      status: 'processing',
      hasFailures: true,
      hasLabels: true,
      userName: 'Alice Bulk',
      userId: alice.id,
      apiId: api1._id,
      apiName: 'API 1',
      carrier: 'UPS',
      serviceName: 'UPS Ground',
      completedAt: null,
      processingStatus: {
        isProcessing: true,
        totalLabels: 4,
        labelsProcessed: 3,
        labelsRemaining: 1,
        labelsFailed: 1,
      },
    });
    // The customer's view never carries an email.
    expect(history.bulkOrders[0]).not.toHaveProperty('userEmail');
  });

  it('the details list every row in row order with its rowIndex, and the failed rows with reason and attempts', async () => {
    const detail = await bulkDetail(server, alice.token, running);
    expect(detail.bulkOrder.bulkOrderId).toBe(running);
    expect(detail.orders.map((o) => [o.rowIndex, o.recipient.name, o.status])).toEqual([
      [0, 'Row Zero', 'completed'],
      [1, 'Row One', 'failed'],
      [2, 'Row Two', 'completed'],
      [3, 'Row Two', 'processing'],
    ]);
    for (const order of detail.orders) expect(order.bulkOrderId).toBe(running);
    // What the trackings CSV needs (SPEC §9: No, Id, ClassService, FromName, ToName, TrackingId, TransDate, AddressTo).
    const bought = detail.orders[0];
    expect(bought).toMatchObject({
      orderId: rowOrders[0],
      serviceName: 'UPS Ground',
      sender: { name: 'Ada Shipper' },
      recipient: { name: 'Row Zero', street1: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
      hasLabel: true,
    });
    expect(bought?.trackingNumber).toMatch(/^1Z/);
    expect(detail.orders[3]?.trackingNumber).toBe('PENDING');
    expect(detail.failedOrders).toEqual([
      {
        rowIndex: 1,
        orderId: rowOrders[1],
        recipient: 'Row One',
        recipientName: 'Row One',
        error: REFUSAL,
        attempts: 2,
      },
    ]);
    expect(detail).not.toHaveProperty('user');
  });

  it('the failed rows download as CSV: the upload columns rebuilt from the order, its row number and the reason', async () => {
    const res = await call(server, 'GET', `/api/orders/bulk/${running}/failed-csv`, { token: alice.token });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="failed-orders-${running}.csv"`);
    const [header, row, ...rest] = res.text.split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toBe(`${BULK_CSV_COLUMNS.join(',')},rowNumber,error`);
    expect(row).toBe(
      'Ada Shipper,Acme Widgets,1 Main St,,New York,NY,10001,212-555-0100,' +
        `Row One,,${CARRIER_REFUSED_RECIPIENT.street1},Suite 200,San Francisco,CA,94105,415-555-0199,` +
        `3,10,8,4,Books,2,${REFUSAL}`,
    );
  });

  it('a bulk order without failed rows has no failed-rows file (404)', async () => {
    const bought = await purchase(server, alice.token, api1, { recipientName: 'All Good' });
    const clean = await seedBulkOrder(server, { userId: alice.id, rows: [{ orderId: bought }] });
    const res = await call(server, 'GET', `/api/orders/bulk/${clean}/failed-csv`, { token: alice.token });
    expect(res.status).toBe(404);
    expect(errorOf(res).error.message).toBe(BULK_MESSAGES.noFailedRows);
    // (Alice's history now holds two bulk orders; the tests below count on the running one being the newest.)
    await server.services.db
      .update(bulkOrders)
      .set({ createdAt: '2026-01-01T00:00:00.000Z' })
      .where(eq(bulkOrders.id, clean));
  });

  it('an order of a bulk order links back to it', async () => {
    const res = await call(server, 'GET', `/api/orders/${rowOrders[0]}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(OrderResponse.parse(res.body).order.bulkOrderId).toBe(running);
  });

  it('history pages newest first, searches by bulk order id and filters by days, the end day included', async () => {
    const days = ['2026-03-01T00:00:00.000Z', '2026-03-02T23:59:59.999Z', '2026-03-03T00:00:00.000Z'];
    const dated: string[] = [];
    for (const [i, createdAt] of days.entries()) {
      const order = await purchase(server, bob.token, api1, { recipientName: `Bob Dated ${i}` });
      dated.push(await seedBulkOrder(server, { userId: bob.id, rows: [{ orderId: order }], createdAt }));
    }
    const all = await bulkHistory(server, bob.token);
    expect(all.bulkOrders.map((b) => b.bulkOrderId)).toEqual([...dated].reverse());
    expect(all.bulkOrders[0]).toMatchObject({ status: 'completed', hasFailures: false, refundedAmount: 0 });
    expect(all.bulkOrders[0]?.processingStatus).toEqual({
      isProcessing: false,
      totalLabels: 1,
      labelsProcessed: 1,
      labelsRemaining: 0,
      labelsFailed: 0,
      labelsWaiting: 0,
      nextAttemptAt: null,
    });

    const range = await bulkHistory(server, bob.token, '?from=2026-03-01&to=2026-03-02');
    expect(range.bulkOrders.map((b) => b.bulkOrderId)).toEqual([dated[1], dated[0]]);
    expect(range.totalBulkOrders).toBe(2);

    // The id's random tail, upper-cased: search is case-insensitive and partial.
    const tail = (dated[2] ?? '').slice(-10).toUpperCase();
    const found = await bulkHistory(server, bob.token, `?search=${tail}`);
    expect(found.bulkOrders.map((b) => b.bulkOrderId)).toEqual([dated[2]]);
    // LIKE wildcards are taken literally.
    expect((await bulkHistory(server, bob.token, '?search=%25')).totalBulkOrders).toBe(0);

    const page = await bulkHistory(server, bob.token, '?page=2&limit=10');
    expect(page).toMatchObject({ page: 2, limit: 10, totalPages: 1, totalBulkOrders: 3, bulkOrders: [] });

    const reversed = await call(server, 'GET', '/api/orders/bulk/history?from=2026-03-03&to=2026-03-01', {
      token: bob.token,
    });
    expect(reversed.status).toBe(400);
    expect(errorOf(reversed).error.message).toBe(BULK_DATE_ORDER_MESSAGE);
    const badSize = await call(server, 'GET', '/api/orders/bulk/history?limit=7', { token: bob.token });
    expect(badSize.status).toBe(400);

    // Each customer sees only their own.
    const alices = (await bulkHistory(server, alice.token)).bulkOrders;
    expect(alices.map((b) => b.bulkOrderId)).toContain(running);
    expect(alices.every((b) => b.userId === alice.id)).toBe(true);
  });

  it('the admin lists everyone’s bulk orders with the owner, filters by status and reads any details', async () => {
    const res = await call(server, 'GET', '/api/admin/bulk-orders?page=1&limit=25', { token: admin });
    expect(res.status, res.text).toBe(200);
    const list = res.body as { bulkOrders: Array<{ bulkOrderId: string; userEmail?: string; userName: string }> };
    expect(res.body).toMatchObject({ page: 1, limit: 25, totalPages: 1, totalBulkOrders: 5 });
    expect(list.bulkOrders[0]).toMatchObject({ bulkOrderId: running, userName: 'Alice Bulk' });
    expect(list.bulkOrders[0]?.userEmail).toMatch(/@example\.com$/);
    expect(new Set(list.bulkOrders.map((b) => b.userName))).toEqual(new Set(['Alice Bulk', 'Bob Bulk']));

    const processing = await call(server, 'GET', '/api/admin/bulk-orders?status=processing', { token: admin });
    expect(processing.body).toMatchObject({ totalBulkOrders: 1, bulkOrders: [{ bulkOrderId: running }] });
    const search = await call(server, 'GET', `/api/admin/bulk-orders?search=${running}`, { token: admin });
    expect(search.body).toMatchObject({ totalBulkOrders: 1 });
    const badStatus = await call(server, 'GET', '/api/admin/bulk-orders?status=done', { token: admin });
    expect(badStatus.status).toBe(400);

    const detail = await bulkDetail(server, admin, running, true);
    expect(detail.user).toMatchObject({ _id: alice.id, name: 'Alice Bulk', isAdmin: false });
    expect(detail.bulkOrder.userEmail).toBe(detail.user?.email);
    expect(detail.orders).toHaveLength(4);
  });

  it('an unknown bulk order is 404; paths that are not bulk order ids are not taken for one', async () => {
    const missing = await call(server, 'GET', '/api/orders/bulk/blk_01jzzzzzzzzzzzzzzzzzzzzzzz', {
      token: alice.token,
    });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).error.message).toBe(BULK_MESSAGES.bulkOrderNotFound);
    // 'history' is the history, never an id; an order id under /bulk is no bulk order.
    expect((await call(server, 'GET', '/api/orders/bulk/history', { token: alice.token })).status).toBe(200);
    expect((await call(server, 'GET', `/api/orders/bulk/${rowOrders[0]}`, { token: alice.token })).status).toBe(404);
    // And /api/orders/{id} still answers orders.
    expect((await call(server, 'GET', `/api/orders/${rowOrders[0]}`, { token: alice.token })).status).toBe(200);
  });
});
