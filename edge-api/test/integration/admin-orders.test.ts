import { LabelStats, type Order, OrderListResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  buyRefusedLabel,
  buyUnansweredLabel,
  fund,
  type LabelChoice,
  recipient,
  startOrdersServer,
  type TestClock,
} from './order-history-support';
import { seededApis } from './providers-support';

const cents = (orders: (Order | undefined)[]) => orders.reduce((sum, o) => sum + Math.round((o?.price ?? 0) * 100), 0);

/**
 * Admin Overview (label statistics per period) and All Orders (every customer's orders with their owner), on labels
 * bought over HTTP at known times: the server clock is moved between purchases, so each period holds known orders.
 * "Now" is 2026-03-10 12:00 UTC: today = since 03-10 00:00, week = since 03-03 12:00, month = since 02-08 12:00.
 */
describe('admin orders and label statistics', () => {
  let server: TestServer;
  let clock: TestClock;
  let admin: string;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  let api1: string;
  let api2: string;
  const o: Record<string, Order> = {};
  let reconciling: Order;

  const choice = (carrier: LabelChoice['carrier'], name: string, city = 'Denver', state = 'CO'): LabelChoice => {
    const service = { UPS: 'UPS Ground', USPS: 'USPS Priority Mail', FEDEX: 'FedEx Ground' }[carrier];
    return { apiId: api1, carrier, serviceType: service, recipient: recipient(name, city, state, '80202') };
  };

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-01-10T08:00:00.000Z')));
    const a = await loginAdmin(server);
    admin = a.token;
    ({
      api1: { _id: api1 },
      api2: { _id: api2 },
    } = await seededApis(server, admin));
    const annAuth = await register(server, { name: 'Ann Archer', email: 'ann@shop.test', password: 'pw-12345' });
    const bobAuth = await register(server, { name: 'Bob Baker', email: 'bob@example.com', password: 'pw-12345' });
    ann = { token: annAuth.token, id: annAuth.user._id };
    bob = { token: bobAuth.token, id: bobAuth.user._id };
    await fund(server, ann.id, 100_000, a.user._id);
    await fund(server, bob.id, 100_000, a.user._id);

    o.january = await buyLabel(server, ann.token, choice('UPS', 'January Parcel'));
    clock.set(new Date('2026-02-20T10:00:00.000Z'));
    o.february = await buyLabel(server, bob.token, choice('USPS', 'February Parcel', 'Austin', 'TX'));
    // Just outside the week: 03-03 11:59:59.999.
    clock.set(new Date('2026-03-03T11:59:59.999Z'));
    o.edgeOfWeek = await buyLabel(server, bob.token, { ...choice('FEDEX', 'Edge Parcel'), apiId: api2 });
    clock.set(new Date('2026-03-05T09:00:00.000Z'));
    o.thisWeek = await buyLabel(server, ann.token, choice('FEDEX', 'Week Parcel', 'Seattle', 'WA'));
    // Yesterday's last millisecond, then today.
    clock.set(new Date('2026-03-09T23:59:59.999Z'));
    o.yesterday = await buyLabel(server, bob.token, choice('UPS', 'Yesterday Parcel'));
    clock.set(new Date('2026-03-10T00:30:00.000Z'));
    o.todayAnn = await buyLabel(server, ann.token, choice('UPS', 'Today Ann'));
    clock.advance(1000);
    o.todayBob = await buyLabel(server, bob.token, choice('UPS', 'Today Bob', 'Boston', 'MA'));
    // Not labels sold: a refused purchase (refunded) and one still waiting for the carrier's answer.
    clock.advance(1000);
    await buyRefusedLabel(server, ann.token, {
      ...choice('UPS', 'Refused Parcel'),
      catalogue: 'alpha',
      serviceCode: 'ups_ground',
    });
    clock.advance(1000);
    reconciling = await buyUnansweredLabel(server, ann.token, choice('UPS', 'Waiting Parcel'));
    clock.set(new Date('2026-03-10T12:00:00.000Z'));
  });
  afterAll(() => server.stop());

  const stats = async (query: string) => {
    const res = await call(server, 'GET', `/api/admin/stats/labels${query}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return LabelStats.parse(res.body);
  };
  const expectStats = async (
    period: string,
    expected: { UPS: (Order | undefined)[]; USPS: (Order | undefined)[]; FEDEX: (Order | undefined)[] },
  ) => {
    const s = await stats(`?period=${period}`);
    expect(s.period).toBe(period);
    expect(s.carrierStats.map((c) => c._id)).toEqual(['UPS', 'USPS', 'FEDEX']);
    for (const c of s.carrierStats) {
      expect([c._id, c.count], period).toEqual([c._id, expected[c._id].length]);
      expect(Math.round(c.totalRevenue * 100), `${period} ${c._id}`).toBe(cents(expected[c._id]));
    }
    const every = [...expected.UPS, ...expected.USPS, ...expected.FEDEX];
    expect(s.totals.totalLabels).toBe(every.length);
    expect(Math.round(s.totals.totalRevenue * 100)).toBe(cents(every));
  };

  it('counts labels sold (completed orders only) per carrier with their revenue, per period', async () => {
    await expectStats('today', { UPS: [o.todayAnn, o.todayBob], USPS: [], FEDEX: [] });
    await expectStats('week', { UPS: [o.yesterday, o.todayAnn, o.todayBob], USPS: [], FEDEX: [o.thisWeek] });
    await expectStats('month', {
      UPS: [o.yesterday, o.todayAnn, o.todayBob],
      USPS: [o.february],
      FEDEX: [o.edgeOfWeek, o.thisWeek],
    });
    await expectStats('all', {
      UPS: [o.january, o.yesterday, o.todayAnn, o.todayBob],
      USPS: [o.february],
      FEDEX: [o.edgeOfWeek, o.thisWeek],
    });
    // No period means all; an unknown one is refused.
    expect((await stats('')).period).toBe('all');
    const bad = await call(server, 'GET', '/api/admin/stats/labels?period=year', { token: admin });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).error.code).toBe('invalid_input');
  });

  it('shows every carrier with zero when nothing was sold in the period', async () => {
    clock.set(new Date('2026-03-11T00:00:00.000Z'));
    const s = await stats('?period=today');
    expect(s.carrierStats).toEqual([
      { _id: 'UPS', count: 0, totalRevenue: 0 },
      { _id: 'USPS', count: 0, totalRevenue: 0 },
      { _id: 'FEDEX', count: 0, totalRevenue: 0 },
    ]);
    expect(s.totals).toEqual({ totalLabels: 0, totalRevenue: 0 });
    clock.set(new Date('2026-03-10T12:00:00.000Z'));
  });

  const list = async (query = '') => {
    const res = await call(server, 'GET', `/api/admin/orders${query}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return OrderListResponse.parse(res.body);
  };
  const ids = async (query: string) => (await list(query)).orders.map((x) => x._id);

  it("lists every customer's orders newest first with their owner; refused purchases left out", async () => {
    const all = await list('?limit=25');
    expect(all.orders.map((x) => x._id)).toEqual([
      reconciling._id,
      o.todayBob?._id,
      o.todayAnn?._id,
      o.yesterday?._id,
      o.thisWeek?._id,
      o.edgeOfWeek?._id,
      o.february?._id,
      o.january?._id,
    ]);
    expect(all).toMatchObject({ totalOrders: 8, page: 1, limit: 25, totalPages: 1 });
    const annDetails = { _id: ann.id, name: 'Ann Archer', email: 'ann@shop.test', isAdmin: false };
    const bobDetails = { _id: bob.id, name: 'Bob Baker', email: 'bob@example.com', isAdmin: false };
    const annOrders = new Set([reconciling._id, o.todayAnn?._id, o.thisWeek?._id, o.january?._id]);
    for (const order of all.orders) {
      expect(order.userDetails).toMatchObject(annOrders.has(order._id) ? annDetails : bobDetails);
    }
    expect(all.orders.find((x) => x._id === o.january?._id)).toEqual({ ...o.january, userDetails: expect.any(Object) });
  });

  it('pages with 10, 25, 50 or 100 per page', async () => {
    const first = await list('?limit=10');
    expect(first).toMatchObject({ totalOrders: 8, totalPages: 1 });
    expect((await list('?limit=10&page=2')).orders).toEqual([]);
    for (const q of ['?limit=5', '?page=0']) {
      expect((await call(server, 'GET', `/api/admin/orders${q}`, { token: admin })).status, q).toBe(400);
    }
  });

  it("searches the order fields and the owner's name and email", async () => {
    expect(await ids('?search=shop.test')).toEqual([reconciling._id, o.todayAnn?._id, o.thisWeek?._id, o.january?._id]);
    expect(await ids('?search=bob%20BAKER')).toEqual([
      o.todayBob?._id,
      o.yesterday?._id,
      o.edgeOfWeek?._id,
      o.february?._id,
    ]);
    expect(await ids(`?search=${o.february?.trackingNumber}`)).toEqual([o.february?._id]);
    expect(await ids(`?search=${o.thisWeek?._id}`)).toEqual([o.thisWeek?._id]);
    expect(await ids('?search=seattle')).toEqual([o.thisWeek?._id]);
    expect(await ids('?search=today%20bob')).toEqual([o.todayBob?._id]);
    expect(await ids('?search=nobody')).toEqual([]);
  });

  it('filters by day (end inclusive, from not after to) and by status', async () => {
    expect(await ids('?from=2026-03-09&to=2026-03-09')).toEqual([o.yesterday?._id]);
    expect(await ids('?from=2026-02-01&to=2026-03-03')).toEqual([o.edgeOfWeek?._id, o.february?._id]);
    const bad = await call(server, 'GET', '/api/admin/orders?from=2026-03-10&to=2026-03-01', { token: admin });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).error.message).toBe('From date cannot be after To date');

    // Tracking moves two parcels along: January's has arrived, today's first is on its way (22 hours after 00:30).
    clock.set(new Date('2026-03-10T22:30:00.000Z'));
    for (const id of [o.january?._id, o.todayAnn?._id]) {
      const r = await call(server, 'POST', `/api/tracking/${id}/refresh`, { token: admin });
      expect(r.status, r.text).toBe(200);
    }
    expect(await ids('?status=delivered')).toEqual([o.january?._id]);
    expect(await ids('?status=in_transit')).toEqual([o.todayAnn?._id]);
    // Processing = not yet on its way (pending or processing).
    const processing = await list('?status=processing');
    expect(processing.totalOrders).toBe(6);
    expect(processing.orders.map((x) => x._id)).not.toContain(o.january?._id);
    expect((await list('?status=cancelled')).orders).toEqual([]);
    expect((await list('?status=all&limit=25')).totalOrders).toBe(8);
    expect(await ids('?status=processing&search=ann%20archer')).toEqual([reconciling._id, o.thisWeek?._id]);
    expect((await call(server, 'GET', '/api/admin/orders?status=lost', { token: admin })).status).toBe(400);
  });
});
