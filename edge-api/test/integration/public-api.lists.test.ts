import {
  type Order,
  V1_LIST_MESSAGES,
  V1BulkOrderListResponse,
  V1BulkOrderResponse,
  V1CreateBulkLabelsResponse,
  V1CreateLabelResponse,
  V1OrderListResponse,
  V1OrderResponse,
} from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrders, type OrderRow, orders } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { waitForBulk } from './bulk-engine-support';
import { errorOf, type TestServer } from './helpers';
import { newCustomer, RECIPIENT, SENDER, startShop } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * GET /api/v1/orders and GET /api/v1/bulk-orders over HTTP on a real database file: cursor pages over 250 orders
 * (2 bought through POST /create-label, the rest copies of them written straight into the database file with their
 * own ids, statuses and creation times, many sharing a creation time), walked to the end with orders arriving in the
 * middle, filters, key modes and other accounts, and bad parameters. Every answer is checked against the document.
 */

const ORDERS = '/orders';
const BULK_ORDERS = '/bulk-orders';
const TOTAL = 250;

const label = (serviceId: string, n: number) => ({
  serviceId,
  sender: SENDER,
  recipient: { ...RECIPIENT, name: `List Receiver ${n}` },
  packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 }, description: `Parcel ${n}` },
});

/** Newest first by (createdAt, id): the order the list promises. */
const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

describe('GET /api/v1/orders and /api/v1/bulk-orders: cursor pages', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    ({ server, admin } = await startShop());
  });
  afterAll(() => server.stop());

  async function integrator(balance: number) {
    const buyer = await newCustomer(server, admin, balance);
    return { ...buyer, keys: await apiKeysOf(server, buyer.token) };
  }

  async function upsGroundId(key: string): Promise<string> {
    const res = await v1(server, 'GET', '/services', { key });
    const body = res.body as { data: { services: { UPS: { id: string; name: string }[] } } };
    const id = body.data.services.UPS.find((s) => s.name === 'UPS Ground')?.id;
    if (!id) throw new Error('UPS Ground not listed');
    return id;
  }

  async function buy(key: string, serviceId: string, n: number): Promise<Order> {
    const res = await v1(server, 'POST', '/create-label', { key, json: label(serviceId, n) });
    expect(res.status, res.text).toBe(201);
    return V1CreateLabelResponse.parse(res.body).data.order;
  }

  /** `count` copies of a bought order: every 10th failed (refunded), every 7th still processing; 3 share each hour. */
  async function seedOrders(like: OrderRow, count: number): Promise<OrderRow[]> {
    const rows: OrderRow[] = [];
    for (let i = 0; i < count; i += 1) {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 3_600_000).toISOString();
      const status = i % 10 === 0 ? 'failed' : i % 7 === 0 ? 'processing' : 'completed';
      rows.push({
        ...like,
        id: newId('ord'),
        status,
        idempotencyKey: null,
        requestHash: null,
        debitEntryId: newId('led'),
        refundEntryId: status === 'failed' ? newId('led') : null,
        failureReason: status === 'failed' ? 'The carrier refused the shipment' : null,
        trackingNumber: status === 'completed' ? like.trackingNumber : 'PENDING',
        providerLabelId: status === 'completed' ? like.providerLabelId : null,
        createdAt,
        updatedAt: createdAt,
        completedAt: status === 'completed' ? createdAt : null,
      });
    }
    for (let i = 0; i < rows.length; i += 50) await server.services.db.insert(orders).values(rows.slice(i, i + 50));
    return rows;
  }

  async function page(key: string, query: string) {
    const res = await v1(server, 'GET', `${ORDERS}${query}`, { key, template: ORDERS });
    expect(res.status, res.text).toBe(200);
    return V1OrderListResponse.parse(res.body);
  }

  /** Every page of a list, following next_cursor; `between` runs after each page. */
  async function walk(key: string, query: string, between?: (pageNo: number) => Promise<void>) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let pageNo = 1; pageNo < 100; pageNo += 1) {
      const sep = query ? '&' : '?';
      const body = await page(key, `${query}${cursor ? `${sep}starting_after=${cursor}` : ''}`);
      ids.push(...body.data.map((o) => o._id));
      if (body.has_more) expect(body.next_cursor).toBe(body.data.at(-1)?._id);
      else expect(body.next_cursor).toBeNull();
      await between?.(pageNo);
      if (!body.has_more) return { ids, pages: pageNo };
      cursor = body.next_cursor;
    }
    throw new Error('the list never ended');
  }

  it('walks 250 orders page by page, newest first, without a duplicate or a gap, orders arriving meanwhile', async () => {
    const me = await integrator(100);
    const serviceId = await upsGroundId(me.keys.apiKey);
    const bought = [await buy(me.keys.apiKey, serviceId, 1), await buy(me.keys.apiKey, serviceId, 2)];
    const [like] = await server.services.db
      .select()
      .from(orders)
      .where(eq(orders.id, bought[0]?._id ?? ''));
    if (!like) throw new Error('no bought order');
    await seedOrders(like, TOTAL - bought.length);
    const all = (await server.services.db.select().from(orders).where(eq(orders.userId, me.id))).sort(newestFirst);
    expect(all).toHaveLength(TOTAL);

    // The first page: the newest 50 (the default limit), each exactly as GET /orders/{id} answers it.
    const first = await page(me.keys.apiKey, '');
    expect(first).toMatchObject({ status: 'success', livemode: true, has_more: true });
    expect(first.data.map((o) => o._id)).toEqual(all.slice(0, 50).map((o) => o.id));
    for (const item of [first.data[0], first.data[1], first.data.find((o) => o.status === 'failed')]) {
      const one = await v1(server, 'GET', `/orders/${item?._id}`, {
        key: me.keys.apiKey,
        template: '/orders/:order_id',
      });
      expect(V1OrderResponse.parse(one.body).data).toEqual(item);
    }

    // 25 a page: 10 pages. Orders bought after page 3 are newer than every cursor, so they never show up later on.
    const arrived: string[] = [];
    const walked = await walk(me.keys.apiKey, '?limit=25', async (pageNo) => {
      if (pageNo === 3) arrived.push((await buy(me.keys.apiKey, serviceId, 3))._id);
    });
    expect(walked.pages).toBe(10);
    expect(new Set(walked.ids).size).toBe(walked.ids.length);
    expect(walked.ids).toEqual(all.map((o) => o.id));
    expect(walked.ids).not.toContain(arrived[0]);
    // ...and lead the list afterwards.
    expect((await page(me.keys.apiKey, '?limit=1')).data[0]?._id).toBe(arrived[0]);

    // Filters, walked with the cursor too: status, and a creation window (after inclusive, before exclusive).
    const failed = await walk(me.keys.apiKey, '?status=failed&limit=10');
    const failedIds = all.filter((o) => o.status === 'failed').map((o) => o.id);
    expect(failedIds.length).toBeGreaterThan(20);
    expect(failed.ids).toEqual(failedIds);
    const from = '2026-01-02T00:00:00.000Z';
    const to = '2026-01-03T00:00:00Z';
    const window = await walk(me.keys.apiKey, `?created_after=${from}&created_before=2026-01-03&limit=20`);
    const inWindow = all.filter((o) => o.createdAt >= from && o.createdAt < new Date(to).toISOString());
    expect(inWindow.length).toBe(72);
    expect(window.ids).toEqual(inWindow.map((o) => o.id));
    // An offset is read as the instant it names: 01:00+01:00 is midnight UTC.
    const offset = await page(
      me.keys.apiKey,
      `?created_after=2026-01-02T01:00:00%2B01:00&created_before=${to}&limit=100`,
    );
    expect(offset.data.map((o) => o._id)).toEqual(inWindow.map((o) => o.id));
    const processing = await page(me.keys.apiKey, '?status=processing&created_before=2026-01-02&limit=100');
    expect(processing.data.map((o) => o._id)).toEqual(
      all.filter((o) => o.status === 'processing' && o.createdAt < from).map((o) => o.id),
    );
    expect(processing.data.length).toBeGreaterThan(0);

    // Nobody else sees any of them: another account's keys, and this account's own test key.
    const other = await integrator(0);
    for (const key of [other.keys.apiKey, other.keys.testKey, me.keys.testKey]) {
      const body = await page(key, '?limit=100');
      expect(body).toMatchObject({ data: [], has_more: false, next_cursor: null });
      const stolen = await v1(server, 'GET', `${ORDERS}?starting_after=${all[5]?.id}`, { key, template: ORDERS });
      expect(stolen.status).toBe(400);
      expect(errorOf(stolen).error).toMatchObject({
        code: 'invalid_input',
        details: [{ path: 'starting_after', message: V1_LIST_MESSAGES.unknownStartingAfter }],
      });
    }
  });

  it('a test key lists only its own test orders, and live lists never show them', async () => {
    const me = await integrator(20);
    const serviceId = await upsGroundId(me.keys.testKey);
    const testOrders = [await buy(me.keys.testKey, serviceId, 1), await buy(me.keys.testKey, serviceId, 2)];
    const body = await page(me.keys.testKey, '?limit=1');
    expect(body).toMatchObject({ livemode: false, has_more: true, next_cursor: testOrders[1]?._id });
    const one = await v1(server, 'GET', `/orders/${testOrders[1]?._id}`, {
      key: me.keys.testKey,
      template: '/orders/:order_id',
    });
    expect(body.data[0]).toEqual(V1OrderResponse.parse(one.body).data);
    const rest = await page(me.keys.testKey, `?limit=1&starting_after=${body.next_cursor}`);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.data.map((o) => o._id)).toEqual([testOrders[0]?._id]);
    expect((await page(me.keys.testKey, '?status=completed')).data).toHaveLength(2);
    expect((await page(me.keys.testKey, '?status=failed')).data).toHaveLength(0);
    expect((await page(me.keys.apiKey, '')).data).toHaveLength(0);
  });

  it('refuses bad parameters with 400 naming each one, on both lists', async () => {
    const me = await integrator(0);
    const cases: [string, string, string][] = [
      ['?limit=101', 'limit', V1_LIST_MESSAGES.limit],
      ['?limit=0', 'limit', V1_LIST_MESSAGES.limit],
      ['?limit=2.5', 'limit', V1_LIST_MESSAGES.limit],
      ['?limit=ten', 'limit', V1_LIST_MESSAGES.limit],
      ['?created_after=yesterday', 'created_after', V1_LIST_MESSAGES.createdAfter],
      ['?created_before=2026-02-30', 'created_before', V1_LIST_MESSAGES.createdBefore],
      ['?created_after=2026-01-02T10:00:00', 'created_after', V1_LIST_MESSAGES.createdAfter],
      ['?created_after=2026-01-02&created_before=2026-01-02', 'created_before', V1_LIST_MESSAGES.emptyRange],
      ['?starting_after=', 'starting_after', V1_LIST_MESSAGES.startingAfter],
      ['?starting_after=ord_nope', 'starting_after', V1_LIST_MESSAGES.unknownStartingAfter],
      ['?startingAfter=ord_x', 'startingAfter', V1_LIST_MESSAGES.unknownParameter('startingAfter')],
    ];
    for (const list of [ORDERS, BULK_ORDERS]) {
      const statusCase: [string, string, string] = [
        '?status=shipped',
        'status',
        V1_LIST_MESSAGES.status(
          list === ORDERS
            ? ['processing', 'completed', 'pending_reconciliation', 'failed']
            : ['processing', 'completed', 'partial', 'failed'],
        ),
      ];
      for (const [query, path, message] of [...cases, statusCase]) {
        const res = await v1(server, 'GET', `${list}${query}`, { key: me.keys.apiKey, template: list });
        expect(res.status, `${list}${query}`).toBe(400);
        expect(errorOf(res).error, `${list}${query}`).toMatchObject({
          code: 'invalid_input',
          message,
          details: [{ path, message }],
        });
      }
    }
  });

  it('walks the bulk orders the same way, each item the bulkOrder of GET /bulk-orders/{id}', async () => {
    const me = await integrator(100);
    const serviceId = await upsGroundId(me.keys.apiKey);
    const created = await v1(server, 'POST', '/create-bulk-labels', {
      key: me.keys.apiKey,
      json: { serviceId, orders: [label(serviceId, 1), label(serviceId, 2)].map(({ serviceId: _, ...o }) => o) },
    });
    expect(created.status, created.text).toBe(201);
    const realId = V1CreateBulkLabelsResponse.parse(created.body).data.bulkOrderId;
    const [real] = await server.services.db.select().from(bulkOrders).where(eq(bulkOrders.id, realId));
    if (!real) throw new Error('no bulk order');
    // 11 more, written straight into the file, 2 sharing each creation time, every third one partial.
    const seeded = Array.from({ length: 11 }, (_, i) => {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 86_400_000).toISOString();
      const status = i % 3 === 0 ? ('partial' as const) : ('completed' as const);
      return {
        ...real,
        id: newId('blk'),
        holdEntryId: newId('led'),
        idempotencyKey: null,
        status,
        createdAt,
        completedAt: createdAt,
      };
    });
    await server.services.db.insert(bulkOrders).values(seeded);
    const all = [real, ...seeded].sort(newestFirst);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await v1(server, 'GET', `${BULK_ORDERS}?limit=5${cursor ? `&starting_after=${cursor}` : ''}`, {
        key: me.keys.apiKey,
        template: BULK_ORDERS,
      });
      expect(res.status, res.text).toBe(200);
      const body = V1BulkOrderListResponse.parse(res.body);
      ids.push(...body.data.map((b) => b.bulkOrderId));
      cursor = body.next_cursor;
    } while (cursor);
    expect(ids).toEqual(all.map((b) => b.id));

    const first = V1BulkOrderListResponse.parse(
      (await v1(server, 'GET', `${BULK_ORDERS}?limit=1`, { key: me.keys.apiKey, template: BULK_ORDERS })).body,
    ).data[0];
    const single = await v1(server, 'GET', `/bulk-orders/${realId}`, {
      key: me.keys.apiKey,
      template: '/bulk-orders/:bulk_order_id',
    });
    expect(first).toEqual(V1BulkOrderResponse.parse(single.body).data.bulkOrder);
    expect(first?.orderCount).toBe(2);

    const partial = V1BulkOrderListResponse.parse(
      (
        await v1(server, 'GET', `${BULK_ORDERS}?status=partial&created_after=2026-01-02`, {
          key: me.keys.apiKey,
          template: BULK_ORDERS,
        })
      ).body,
    );
    expect(partial.data.map((b) => b.bulkOrderId)).toEqual(
      all.filter((b) => b.status === 'partial' && b.createdAt >= '2026-01-02').map((b) => b.id),
    );
    expect(partial.data.length).toBe(3);

    // The test key's bulk orders are its own list.
    const test = await v1(server, 'POST', '/create-bulk-labels', {
      key: me.keys.testKey,
      json: { serviceId, orders: [label(serviceId, 3)].map(({ serviceId: _, ...o }) => o) },
    });
    expect(test.status, test.text).toBe(201);
    const testId = V1CreateBulkLabelsResponse.parse(test.body).data.bulkOrderId;
    // Bought in the background like a live one (the sandbox): read both once it has settled.
    await waitForBulk(server, testId);
    const testList = V1BulkOrderListResponse.parse(
      (await v1(server, 'GET', BULK_ORDERS, { key: me.keys.testKey })).body,
    );
    expect(testList).toMatchObject({ livemode: false, has_more: false, next_cursor: null });
    const testSingle = await v1(server, 'GET', `/bulk-orders/${testId}`, {
      key: me.keys.testKey,
      template: '/bulk-orders/:bulk_order_id',
    });
    expect(testList.data).toEqual([V1BulkOrderResponse.parse(testSingle.body).data.bulkOrder]);

    const other = await integrator(0);
    const none = V1BulkOrderListResponse.parse((await v1(server, 'GET', BULK_ORDERS, { key: other.keys.apiKey })).body);
    expect(none.data).toEqual([]);
  });
});
