import { ORDER_MESSAGES, type Order, OrderListResponse, OrderResponse, TrackingInfo } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REQUIRED_MESSAGE } from '../../src/middleware/auth';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import { buyLabel, fund, orderRow, recipient, startOrdersServer } from './order-history-support';
import { seededApis } from './providers-support';

/**
 * The role matrix of order history, tracking and the admin order views, on labels bought through POST /api/orders:
 * anonymous callers get 401; a customer reads only their own orders — another customer's order answers exactly like
 * one that does not exist; customers get 403 on the admin views; an admin reads everything, with the owner's details.
 */
describe('orders, tracking and admin order views: role matrix', () => {
  let server: TestServer;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  let admin: { token: string; id: string };
  let annOrder: Order;
  let bobOrder: Order;
  const NO_SUCH_ORDER = 'ord_01jzzzzzzzzzzzzzzzzzzzzzzz';

  beforeAll(async () => {
    ({ server } = await startOrdersServer(new Date('2026-07-01T00:30:00.000Z')));
    const a = await loginAdmin(server);
    admin = { token: a.token, id: a.user._id };
    const { api1 } = await seededApis(server, admin.token);
    const annAuth = await register(server, { name: 'Ann Archer', email: 'ann@example.com', password: 'pw-12345' });
    const bobAuth = await register(server, { name: 'Bob Baker', email: 'bob@example.com', password: 'pw-12345' });
    ann = { token: annAuth.token, id: annAuth.user._id };
    bob = { token: bobAuth.token, id: bobAuth.user._id };
    await fund(server, ann.id, 10_000, admin.id);
    await fund(server, bob.id, 10_000, admin.id);
    const ups = (name: string) => ({
      apiId: api1._id,
      carrier: 'UPS' as const,
      serviceType: 'UPS Ground',
      recipient: recipient(name, 'Portland', 'OR', '97201'),
    });
    annOrder = await buyLabel(server, ann.token, ups('Ann Recipient'));
    bobOrder = await buyLabel(server, bob.token, ups('Bob Recipient'));
  });
  afterAll(() => server.stop());

  const routes = (id: string) =>
    [
      ['GET', '/api/orders'],
      ['GET', '/api/orders/counts'],
      ['GET', '/api/orders/stats/overview'],
      ['GET', '/api/orders/date-range/2026-07-01/2026-07-01'],
      ['GET', `/api/orders/${id}`],
      ['GET', `/api/tracking/${id}`],
      ['POST', `/api/tracking/${id}/refresh`],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/stats/labels?period=all'],
    ] as const;

  it('anonymous callers and bad tokens get 401 everywhere', async () => {
    for (const [method, path] of routes(annOrder._id)) {
      for (const token of [undefined, 'not-a-token']) {
        const res = await call(server, method, path, { token });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(errorOf(res).error.code).toBe('unauthorized');
      }
    }
    expect((await orderRow(server, annOrder._id)).lastCheckedAt).toBeNull();
  });

  it("another customer's order answers exactly like an order that does not exist", async () => {
    for (const path of ['/api/orders/', '/api/tracking/']) {
      const theirs = await call(server, 'GET', `${path}${annOrder._id}`, { token: bob.token });
      const none = await call(server, 'GET', `${path}${NO_SUCH_ORDER}`, { token: bob.token });
      expect(theirs.status, path).toBe(404);
      expect(errorOf(theirs).error.message).toBe(ORDER_MESSAGES.orderNotFound);
      expect(theirs.body).toEqual(none.body);
      expect(theirs.text).not.toContain(annOrder.trackingNumber);
    }
    const refresh = await call(server, 'POST', `/api/tracking/${annOrder._id}/refresh`, { token: bob.token });
    expect(refresh.status).toBe(404);
    expect(errorOf(refresh).error.message).toBe(ORDER_MESSAGES.orderNotFound);
    // Nobody asked the carrier on Bob's behalf.
    expect((await orderRow(server, annOrder._id)).lastCheckedAt).toBeNull();
  });

  it("a customer's lists, search, counts and date range never include another customer's orders", async () => {
    const mine = OrderListResponse.parse((await call(server, 'GET', '/api/orders', { token: bob.token })).body);
    expect(mine.orders.map((o) => o._id)).toEqual([bobOrder._id]);
    for (const q of [annOrder._id, annOrder.trackingNumber, 'Ann Recipient']) {
      const res = await call(server, 'GET', `/api/orders?search=${encodeURIComponent(q)}`, { token: bob.token });
      expect(OrderListResponse.parse(res.body).totalOrders, q).toBe(0);
    }
    const counts = await call(server, 'GET', '/api/orders/counts', { token: bob.token });
    expect(counts.body).toEqual({ all: 1, pending: 1, in_transit: 0, delivered: 0, exception: 0, cancelled: 0 });
    const stats = await call(server, 'GET', '/api/orders/stats/overview', { token: bob.token });
    expect(stats.body).toMatchObject({ totalOrders: 1, totalSpent: bobOrder.price });
    const range = await call(server, 'GET', '/api/orders/date-range/2026-07-01/2026-07-01', { token: bob.token });
    expect((range.body as Order[]).map((o) => o._id)).toEqual([bobOrder._id]);
  });

  it('customers get 403 on the admin order views', async () => {
    for (const path of ['/api/admin/orders', '/api/admin/stats/labels?period=today']) {
      const res = await call(server, 'GET', path, { token: ann.token });
      expect(res.status, path).toBe(403);
      expect(errorOf(res).error).toMatchObject({ code: 'forbidden', message: ADMIN_REQUIRED_MESSAGE });
    }
  });

  it("an admin reads and refreshes any customer's order, with the owner's details", async () => {
    const read = await call(server, 'GET', `/api/orders/${annOrder._id}`, { token: admin.token });
    expect(read.status, read.text).toBe(200);
    expect(OrderResponse.parse(read.body).order).toEqual({
      ...annOrder,
      userDetails: {
        _id: ann.id,
        name: 'Ann Archer',
        email: 'ann@example.com',
        createdAt: expect.any(String),
        isAdmin: false,
      },
      // The formats the label can be had in (the carrier sandbox prints all three).
      labelFormats: ['pdf', 'png', 'zpl'],
      // Admins also see every provider API asked for the label: here one, the chosen API, which bought it.
      attempts: [
        { apiId: annOrder.apiId, apiName: annOrder.apiName, outcome: 'bought', error: null, at: expect.any(String) },
      ],
    });
    // The owner reading their own order gets no owner details (nor the attempts).
    const own = await call(server, 'GET', `/api/orders/${annOrder._id}`, { token: ann.token });
    expect(OrderResponse.parse(own.body).order.userDetails).toBeUndefined();
    expect(OrderResponse.parse(own.body).order.attempts).toBeUndefined();

    const tracking = await call(server, 'GET', `/api/tracking/${bobOrder._id}`, { token: admin.token });
    expect(TrackingInfo.parse(tracking.body).trackingNumber).toBe(bobOrder.trackingNumber);
    const refresh = await call(server, 'POST', `/api/tracking/${bobOrder._id}/refresh`, { token: admin.token });
    expect(refresh.status, refresh.text).toBe(200);
    expect((await orderRow(server, bobOrder._id)).lastCheckedAt).not.toBeNull();

    const all = OrderListResponse.parse((await call(server, 'GET', '/api/admin/orders', { token: admin.token })).body);
    expect(all.orders.map((o) => [o._id, o.userDetails?.email])).toEqual([
      [bobOrder._id, 'bob@example.com'],
      [annOrder._id, 'ann@example.com'],
    ]);
    // An admin's own order history holds only the admin's own orders.
    const adminsOwn = await call(server, 'GET', '/api/orders', { token: admin.token });
    expect(OrderListResponse.parse(adminsOwn.body).totalOrders).toBe(0);
  });
});
