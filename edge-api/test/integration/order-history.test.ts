import {
  ORDER_MESSAGES,
  type Order,
  OrderCounts,
  OrderListResponse,
  OrderResponse,
  OrderStats,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  buyRefusedLabel,
  buyUnansweredLabel,
  fund,
  recipient,
  startOrdersServer,
  type TestClock,
} from './order-history-support';
import { seededApis } from './providers-support';

/**
 * My Orders and the Dashboard over HTTP: labels bought through POST /api/orders on a server whose clock the test moves,
 * so every order lands on a known day and the lists, filters, counts and 30-day statistics can be checked exactly.
 */
describe('order history: lists, filters, counts, stats, date range', () => {
  let server: TestServer;
  let clock: TestClock;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  let api1: string;
  let api2: string;
  // Ann's orders by name.
  const o: Record<string, Order> = {};
  const bulk: Order[] = [];
  let failedId: string;
  let reconciling: Order;

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-03-01T00:30:00.000Z')));
    const admin = await loginAdmin(server);
    const apis = await seededApis(server, admin.token);
    api1 = apis.api1._id;
    api2 = apis.api2._id;
    const a = await register(server, { name: 'Ann Archer', email: 'ann@example.com', password: 'pw-12345' });
    const b = await register(server, { name: 'Bob Baker', email: 'bob@example.com', password: 'pw-12345' });
    ann = { token: a.token, id: a.user._id };
    bob = { token: b.token, id: b.user._id };
    await fund(server, ann.id, 100_000, admin.user._id);
    await fund(server, bob.id, 10_000, admin.user._id);

    o.first = await buyLabel(server, ann.token, {
      apiId: api1,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      recipient: recipient('Grace Receiver', 'San Francisco', 'CA', '94105'),
    });
    clock.set(new Date('2026-03-02T23:59:59.999Z'));
    o.lastOfMarch2 = await buyLabel(server, ann.token, {
      apiId: api1,
      carrier: 'USPS',
      serviceType: 'USPS Priority Mail',
      recipient: recipient('Henry Hill', 'Austin', 'TX', '73301'),
    });
    await buyLabel(server, bob.token, {
      apiId: api1,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      recipient: recipient('Grace Receiver', 'Austin', 'TX', '73301'),
    });
    clock.set(new Date('2026-03-03T00:00:00.000Z'));
    o.firstOfMarch3 = await buyLabel(server, ann.token, {
      apiId: api2,
      carrier: 'FEDEX',
      serviceType: 'FedEx Ground',
      recipient: recipient('Ivy 100%_Stone', 'Seattle', 'WA', '98101'),
    });
    clock.set(new Date('2026-03-04T12:00:00.000Z'));
    for (let i = 0; i < 12; i++) {
      clock.advance(1000);
      bulk.push(
        await buyLabel(server, ann.token, {
          apiId: api1,
          carrier: 'UPS',
          serviceType: 'UPS Ground',
          recipient: recipient(`Bulk Buyer ${String(i).padStart(2, '0')}`, 'Denver', 'CO', '80202'),
        }),
      );
    }
    // Two purchases that did not end in a label: one refused (refunded at once: hidden from lists, counts and sums)
    // and one whose provider answer was lost (its money is held: listed and counted).
    clock.advance(1000);
    failedId = await buyRefusedLabel(server, ann.token, {
      apiId: api1,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      recipient: recipient('Refused Parcel', 'Miami', 'FL', '33101'),
      catalogue: 'alpha',
      serviceCode: 'ups_ground',
    });
    clock.advance(1000);
    reconciling = await buyUnansweredLabel(server, ann.token, {
      apiId: api1,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      recipient: recipient('Slow Carrier', 'Miami', 'FL', '33101'),
    });
  });
  afterAll(() => server.stop());

  const list = async (token: string, query = '') => {
    const res = await call(server, 'GET', `/api/orders${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return OrderListResponse.parse(res.body);
  };
  const ids = async (query: string) => (await list(ann.token, query)).orders.map((x) => x._id);
  const annOrdersNewestFirst = () => [
    reconciling._id,
    ...[...bulk].reverse().map((x) => x._id),
    o.firstOfMarch3?._id,
    o.lastOfMarch2?._id,
    o.first?._id,
  ];

  it("lists the caller's own orders newest first, failed purchases left out, with page totals", async () => {
    const page1 = await list(ann.token);
    expect(page1).toMatchObject({ totalOrders: 16, page: 1, limit: 10, totalPages: 2 });
    const page2 = await list(ann.token, '?page=2');
    expect([...page1.orders, ...page2.orders].map((x) => x._id)).toEqual(annOrdersNewestFirst());
    expect(page2.orders).toHaveLength(6);
    expect(await ids('?limit=25')).not.toContain(failedId);
    expect((await list(ann.token, '?page=3')).orders).toEqual([]);

    // The order as listed is the order as bought: same fields, no owner details for a customer.
    const listed = page2.orders.find((x) => x._id === o.first?._id);
    expect(listed).toEqual(o.first);
    expect(listed?.userDetails).toBeUndefined();
    expect(listed).toMatchObject({
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      status: 'completed',
      deliveryStatus: 'pending',
      destination: 'San Francisco, CA',
      recipient: { name: 'Grace Receiver', zip: '94105' },
      hasLabel: true,
    });
    expect(listed?.trackingNumber).toMatch(/^1Z/);

    const bobs = await list(bob.token);
    expect(bobs.totalOrders).toBe(1);
    expect(bobs.orders[0]?.recipient.city).toBe('Austin');
  });

  it('pages with the allowed sizes only', async () => {
    expect((await list(ann.token, '?limit=25')).orders).toHaveLength(16);
    expect(await list(ann.token, '?limit=25')).toMatchObject({ totalPages: 1, limit: 25 });
    for (const q of ['?limit=7', '?limit=1000', '?page=0', '?page=x', '?status=shipped', '?from=2026-3-1']) {
      const res = await call(server, 'GET', `/api/orders${q}`, { token: ann.token });
      expect(res.status, q).toBe(400);
      expect(errorOf(res).error.code).toBe('invalid_input');
    }
  });

  it('filters by UTC day with the end day inclusive', async () => {
    expect(await ids('?from=2026-03-02&to=2026-03-02')).toEqual([o.lastOfMarch2?._id]);
    expect(await ids('?to=2026-03-01')).toEqual([o.first?._id]);
    expect(await ids('?from=2026-03-03&to=2026-03-03')).toEqual([o.firstOfMarch3?._id]);
    expect((await list(ann.token, '?from=2026-03-04&limit=25')).totalOrders).toBe(13);
    expect(await ids('?from=2026-03-05')).toEqual([]);
    const bad = await call(server, 'GET', '/api/orders?from=2026-03-03&to=2026-03-01', { token: ann.token });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).error.message).toBe(ORDER_MESSAGES.dateRange);
  });

  it('searches order id, tracking number, recipient name and destination, case-insensitively and literally', async () => {
    const second = o.lastOfMarch2;
    if (!second) throw new Error('setup');
    expect(await ids(`?search=${second._id.toUpperCase()}`)).toEqual([second._id]);
    expect(await ids(`?search=${second.trackingNumber.slice(4, 16)}`)).toEqual([second._id]);
    expect(await ids('?search=henry%20HILL')).toEqual([second._id]);
    expect(await ids('?search=austin')).toEqual([second._id]);
    expect((await list(ann.token, '?search=denver')).totalOrders).toBe(12);
    expect((await list(ann.token, '?search=bulk%20buyer%200')).totalOrders).toBe(10);
    // '%' and '_' are text, not wildcards.
    expect(await ids('?search=100%25_')).toEqual([o.firstOfMarch3?._id]);
    expect(await ids('?search=Ivy%25Stone')).toEqual([]);
    expect(await ids('?search=Ivy_100')).toEqual([]);
    // Search and day filters combine.
    expect(await ids('?search=Grace&from=2026-03-02')).toEqual([]);
    // Only the caller's orders are searched: Bob's parcel also goes to a Grace Receiver in Austin.
    expect((await list(bob.token, '?search=henry')).orders).toEqual([]);
    expect(await ids('?search=refused')).toEqual([]);
  });

  it('counts every listed order by My Orders tab', async () => {
    const res = await call(server, 'GET', '/api/orders/counts', { token: ann.token });
    expect(res.status, res.text).toBe(200);
    expect(OrderCounts.parse(res.body)).toEqual({
      all: 16,
      pending: 16,
      in_transit: 0,
      delivered: 0,
      exception: 0,
      cancelled: 0,
    });
    const bobs = await call(server, 'GET', '/api/orders/counts', { token: bob.token });
    expect(bobs.body).toEqual({ all: 1, pending: 1, in_transit: 0, delivered: 0, exception: 0, cancelled: 0 });
  });

  it('sums the last 30 days for the Dashboard, one entry per day, oldest first', async () => {
    const res = await call(server, 'GET', '/api/orders/stats/overview', { token: ann.token });
    expect(res.status, res.text).toBe(200);
    const stats = OrderStats.parse(res.body);
    const bought = [o.first, o.lastOfMarch2, o.firstOfMarch3, ...bulk].map((x) => Math.round((x?.price ?? 0) * 100));
    // The held (reconciling) purchase counts, the refunded one does not.
    const spentCents = bought.reduce((a, b) => a + b, 0) + Math.round(reconciling.price * 100);
    expect(stats).toMatchObject({ totalOrders: 16, pending: 16, inTransit: 0, delivered: 0 });
    expect(Math.round(stats.totalSpent * 100)).toBe(spentCents);
    expect(stats.dailyOrders).toHaveLength(30);
    expect(stats.dailyOrders[0]?.date).toBe('2026-02-03');
    expect(stats.dailyOrders.at(-1)?.date).toBe('2026-03-04');
    const byDay = Object.fromEntries(stats.dailyOrders.filter((d) => d.count > 0).map((d) => [d.date, d.count]));
    expect(byDay).toEqual({ '2026-03-01': 1, '2026-03-02': 1, '2026-03-03': 1, '2026-03-04': 13 });
    const daySpent = stats.dailyOrders.find((d) => d.date === '2026-03-02')?.spent;
    expect(daySpent).toBe(o.lastOfMarch2?.price);
  });

  it('answers the date range endpoint with the end day inclusive, and refuses bad ranges', async () => {
    const range = async (start: string, end: string) =>
      call(server, 'GET', `/api/orders/date-range/${start}/${end}`, { token: ann.token });
    const ok = await range('2026-03-02', '2026-03-03');
    expect(ok.status, ok.text).toBe(200);
    expect(
      z
        .array(z.object({ _id: z.string() }))
        .parse(ok.body)
        .map((x) => x._id),
    ).toEqual([o.firstOfMarch3?._id, o.lastOfMarch2?._id]);
    const oneDay = await range('2026-03-01', '2026-03-01');
    expect((oneDay.body as Order[]).map((x) => x._id)).toEqual([o.first?._id]);
    expect(((await range('2026-02-01', '2026-02-28')).body as Order[]).length).toBe(0);
    expect(((await range('2026-03-04', '2026-03-04')).body as Order[]).length).toBe(13);

    const reversed = await range('2026-03-03', '2026-03-01');
    expect(reversed.status).toBe(400);
    expect(errorOf(reversed).error.message).toBe(ORDER_MESSAGES.dateRange);
    expect((await range('2025-03-04', '2026-03-04')).status).toBe(200); // 366 days, both ends counted
    const tooLong = await range('2025-03-03', '2026-03-04');
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).error.message).toBe(ORDER_MESSAGES.dateRangeTooLong);
    for (const [s, e] of [
      ['2026-02-30', '2026-03-01'],
      ['2026-3-1', '2026-03-02'],
      ['yesterday', 'today'],
    ] as const) {
      const bad = await range(s, e);
      expect(bad.status, `${s}/${e}`).toBe(400);
      expect(errorOf(bad).error.message).toBe('Dates must be YYYY-MM-DD');
    }
  });

  it('reads one order by id, failed purchases included; fixed paths are never taken for an id', async () => {
    const res = await call(server, 'GET', `/api/orders/${o.first?._id}`, { token: ann.token });
    expect(res.status, res.text).toBe(200);
    // The list's order, and the formats its label can be had in (the carrier sandbox prints all three).
    expect(OrderResponse.parse(res.body).order).toEqual({ ...o.first, labelFormats: ['pdf', 'png', 'zpl'] });

    const failed = await call(server, 'GET', `/api/orders/${failedId}`, { token: ann.token });
    expect(failed.status).toBe(200);
    expect(OrderResponse.parse(failed.body).order).toMatchObject({
      status: 'failed',
      hasLabel: false,
      labelFormats: [],
      trackingNumber: 'PENDING',
      failureReason: 'Service currently unavailable',
    });

    const missing = await call(server, 'GET', '/api/orders/ord_01jzzzzzzzzzzzzzzzzzzzzzzz', { token: ann.token });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).error.message).toBe(ORDER_MESSAGES.orderNotFound);
    // These are routes of their own, not order ids.
    expect((await call(server, 'GET', '/api/orders/counts', { token: ann.token })).body).toMatchObject({ all: 16 });
    expect((await call(server, 'GET', '/api/orders/stats/overview', { token: ann.token })).body).toMatchObject({
      totalOrders: 16,
    });
  });

  it('moves between the status tabs as tracking refreshes change delivery statuses', async () => {
    // Ten days on, the first two parcels have arrived; a label bought now is in transit 22 hours later.
    clock.set(new Date('2026-03-14T00:30:00.000Z'));
    const fresh = await buyLabel(server, ann.token, {
      apiId: api1,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      recipient: recipient('Jay Fresh', 'Boston', 'MA', '02110'),
    });
    clock.set(new Date('2026-03-14T22:30:00.000Z'));
    for (const id of [o.first?._id, o.lastOfMarch2?._id, fresh._id]) {
      const r = await call(server, 'POST', `/api/tracking/${id}/refresh`, { token: ann.token });
      expect(r.status, r.text).toBe(200);
    }
    expect(await ids('?status=delivered')).toEqual([o.lastOfMarch2?._id, o.first?._id]);
    expect(await ids('?status=in_transit')).toEqual([fresh._id]);
    const pending = await list(ann.token, '?status=pending&limit=25');
    expect(pending.totalOrders).toBe(14);
    // SPEC §4: the filter value processing maps to pending.
    expect((await list(ann.token, '?status=processing&limit=25')).orders.map((x) => x._id)).toEqual(
      pending.orders.map((x) => x._id),
    );
    expect((await list(ann.token, '?status=all')).totalOrders).toBe(17);
    const counts = await call(server, 'GET', '/api/orders/counts', { token: ann.token });
    expect(counts.body).toEqual({ all: 17, pending: 14, in_transit: 1, delivered: 2, exception: 0, cancelled: 0 });

    // The 30-day window now runs 2026-02-13 .. 2026-03-14 and still holds everything.
    const stats = OrderStats.parse(
      (await call(server, 'GET', '/api/orders/stats/overview', { token: ann.token })).body,
    );
    expect(stats).toMatchObject({ totalOrders: 17, pending: 14, inTransit: 1, delivered: 2 });
    // Forty days later nothing is in the window, and every day of it reads zero.
    clock.set(new Date('2026-04-24T10:00:00.000Z'));
    const later = OrderStats.parse(
      (await call(server, 'GET', '/api/orders/stats/overview', { token: ann.token })).body,
    );
    expect(later).toMatchObject({ totalOrders: 0, totalSpent: 0, pending: 0, inTransit: 0, delivered: 0 });
    expect(later.dailyOrders.map((d) => d.date)[0]).toBe('2026-03-26');
    expect(later.dailyOrders.every((d) => d.count === 0 && d.spent === 0)).toBe(true);
  });
});
