import { ORDER_MESSAGES, type Order, OrderResponse, TrackingInfo, TrackingRefreshResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_REFRESHES_PER_MINUTE } from '../../src/lib/throttle';
import { PROVIDER_ERROR_MESSAGES } from '../../src/ports/label-provider';
import { TRACKING_API_GONE_MESSAGE } from '../../src/use-cases/tracking/refresh-tracking';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  buyUnansweredLabel,
  fund,
  orderRow,
  recipient,
  startOrdersServer,
  type TestClock,
  upsToChicago,
} from './order-history-support';
import { carrierOf, seededApis } from './providers-support';

function isOldestFirst(events: { date: string }[]): boolean {
  return events.every((e, i) => i === 0 || (events[i - 1]?.date ?? '') <= e.date);
}

/**
 * Tracking over HTTP with the carrier sandbox's clock moved by the test: the parcel of a label bought at 00:30 UTC is
 * picked up the same day (by 22:00), is out for delivery at the earliest the next morning, and has arrived ten days
 * later (UPS Ground: 1-5 days; no random exceptions on these servers).
 */
describe('tracking: one order', () => {
  let server: TestServer;
  let clock: TestClock;
  let ann: { token: string; id: string };
  let api1: string;
  let api2: string;
  let order: Order;

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-04-01T00:30:00.000Z')));
    const admin = await loginAdmin(server);
    ({
      api1: { _id: api1 },
      api2: { _id: api2 },
    } = await seededApis(server, admin.token));
    const a = await register(server, { name: 'Ann Archer', email: 'ann@example.com', password: 'pw-12345' });
    ann = { token: a.token, id: a.user._id };
    await fund(server, ann.id, 50_000, admin.user._id);
    order = await buyLabel(server, ann.token, upsToChicago(api1, 'Grace Receiver'));
  });
  afterAll(() => server.stop());

  const tracking = async (id: string) => {
    const res = await call(server, 'GET', `/api/tracking/${id}`, { token: ann.token });
    expect(res.status, res.text).toBe(200);
    return TrackingInfo.parse(res.body);
  };
  const refresh = async (id: string) => {
    const res = await call(server, 'POST', `/api/tracking/${id}/refresh`, { token: ann.token });
    expect(res.status, res.text).toBe(200);
    return TrackingRefreshResponse.parse(res.body);
  };

  it('a new label is pending, never checked, with its tracking number and no events', async () => {
    expect(await tracking(order._id)).toEqual({
      orderId: order._id,
      deliveryStatus: 'pending',
      events: [],
      lastChecked: null,
      trackingNumber: order.trackingNumber,
      carrier: 'UPS',
      estimatedDelivery: order.estimatedDelivery,
    });
  });

  it('refresh moves the order along as the carrier clock advances: pending, in transit, delivered', async () => {
    clock.advance(60_000);
    const created = await refresh(order._id);
    expect(created).toMatchObject({
      message: 'Tracking updated',
      deliveryStatus: 'pending',
      lastChecked: '2026-04-01T00:31:00.000Z',
      trackingNumber: order.trackingNumber,
    });
    expect(created.events.map((e) => e.status)).toEqual(['pending']);

    clock.set(new Date('2026-04-01T22:30:00.000Z'));
    const moving = await refresh(order._id);
    expect(moving.deliveryStatus).toBe('in_transit');
    expect(moving.lastChecked).toBe('2026-04-01T22:30:00.000Z');
    expect(moving.events[0]?.status).toBe('pending');
    expect(moving.events.length).toBeGreaterThanOrEqual(2);
    expect(moving.events.slice(1).every((e) => e.status === 'in_transit')).toBe(true);
    expect(isOldestFirst(moving.events)).toBe(true);
    expect(moving.events.every((e) => e.date <= '2026-04-01T22:30:00.000Z')).toBe(true);

    clock.set(new Date('2026-04-11T12:00:00.000Z'));
    const arrived = await refresh(order._id);
    expect(arrived.deliveryStatus).toBe('delivered');
    expect(arrived.events.at(-1)?.status).toBe('delivered');
    expect(arrived.events.length).toBeGreaterThan(moving.events.length);
    expect(isOldestFirst(arrived.events)).toBe(true);
    // Out for delivery counts as in transit (SPEC §4): nothing but the three statuses appears.
    expect(new Set(arrived.events.map((e) => e.status))).toEqual(new Set(['pending', 'in_transit', 'delivered']));
    expect(arrived.trackingNumber).toBe(order.trackingNumber);
    const deliveredOn = arrived.events.at(-1)?.date ?? '';
    expect(arrived.estimatedDelivery).toBe(deliveredOn.slice(0, 10));

    // What refresh answered is what is stored: tracking, the order, the database row.
    const { message: _m, ...info } = arrived;
    expect(await tracking(order._id)).toEqual(info);
    const read = OrderResponse.parse(
      (await call(server, 'GET', `/api/orders/${order._id}`, { token: ann.token })).body,
    );
    expect(read.order).toMatchObject({
      deliveryStatus: 'delivered',
      trackingEvents: arrived.events,
      lastChecked: '2026-04-11T12:00:00.000Z',
    });
    const row = await orderRow(server, order._id);
    expect(row.deliveredAt).toBe(deliveredOn);
  });

  it(`a customer may refresh ${TRACKING_REFRESHES_PER_MINUTE} times a minute; beyond, 429 with Retry-After`, async () => {
    clock.advance(61_000); // a fresh window
    for (let i = 0; i < TRACKING_REFRESHES_PER_MINUTE; i++) await refresh(order._id);
    const limited = await call(server, 'POST', `/api/tracking/${order._id}/refresh`, { token: ann.token });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reading the stored tracking is not limited; a minute later refreshing works again.
    expect((await tracking(order._id)).orderId).toBe(order._id);
    clock.advance(61_000);
    expect((await refresh(order._id)).message).toBe('Tracking updated');
  });

  it('an order without a bought label answers 409 and shows no tracking number', async () => {
    const waiting = await buyUnansweredLabel(server, ann.token, upsToChicago(api1, 'Slow Carrier'));
    const res = await call(server, 'POST', `/api/tracking/${waiting._id}/refresh`, { token: ann.token });
    expect(res.status).toBe(409);
    expect(errorOf(res).error.message).toBe(ORDER_MESSAGES.trackingUnavailable);
    expect(await tracking(waiting._id)).toMatchObject({
      deliveryStatus: 'pending',
      trackingNumber: null,
      events: [],
      lastChecked: null,
    });
  });

  it('an unreachable provider answers 503 with its taxonomy text and nothing changes', async () => {
    const parcel = await buyLabel(server, ann.token, upsToChicago(api1, 'Down Time'));
    await refresh(parcel._id);
    const before = await orderRow(server, parcel._id);
    carrierOf(server).setDown(true);
    try {
      clock.advance(3600_000);
      const res = await call(server, 'POST', `/api/tracking/${parcel._id}/refresh`, { token: ann.token });
      expect(res.status).toBe(503);
      expect(errorOf(res).error.message).toBe(PROVIDER_ERROR_MESSAGES.unavailable);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    } finally {
      carrierOf(server).setDown(false);
    }
    expect(await orderRow(server, parcel._id)).toEqual(before);
  });

  it('an order whose API config was deleted says so, and its stored tracking stays readable', async () => {
    const viaApi2 = await buyLabel(server, ann.token, {
      apiId: api2,
      carrier: 'FEDEX',
      serviceType: 'FedEx Ground',
      recipient: recipient('Orphan Parcel', 'Boise', 'ID', '83702'),
    });
    clock.advance(22 * 3600_000);
    const last = await refresh(viaApi2._id);
    const admin = await loginAdmin(server);
    const del = await call(server, 'DELETE', `/api/admin/config/apis/${api2}`, { token: admin.token });
    expect(del.status, del.text).toBe(200);

    const res = await call(server, 'POST', `/api/tracking/${viaApi2._id}/refresh`, { token: ann.token });
    expect(res.status).toBe(409);
    expect(errorOf(res).error.message).toBe(TRACKING_API_GONE_MESSAGE);
    const { message: _m, ...info } = last;
    expect(await tracking(viaApi2._id)).toEqual(info);
  });
});
