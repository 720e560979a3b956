import { ORDER_MESSAGES, type Order, OrderResponse, TrackingInfo, TrackingRefreshResponse } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { PERIODIC_CRON, runScheduled } from '../../src/jobs/schedule';
import { newId } from '../../src/lib/ids';
import { TRACKING_REFRESHES_PER_MINUTE } from '../../src/lib/throttle';
import { PROVIDER_ERROR_MESSAGES } from '../../src/ports/label-provider';
import { refreshDueTracking } from '../../src/use-cases/tracking/refresh-due-tracking';
import { TRACKING_API_GONE_MESSAGE } from '../../src/use-cases/tracking/refresh-tracking';
import { storeProviderTracking } from '../../src/use-cases/tracking/store-provider-tracking';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  buyUnansweredLabel,
  drainJobs,
  fund,
  orderRow,
  recipient,
  startOrdersServer,
  type TestClock,
} from './order-history-support';
import { carrierOf, seededApis } from './providers-support';

const ups = (apiId: string, name: string) => ({
  apiId,
  carrier: 'UPS' as const,
  serviceType: 'UPS Ground',
  recipient: recipient(name, 'Chicago', 'IL', '60601'),
});

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
    order = await buyLabel(server, ann.token, ups(api1, 'Grace Receiver'));
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
    const waiting = await buyUnansweredLabel(server, ann.token, ups(api1, 'Slow Carrier'));
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
    const parcel = await buyLabel(server, ann.token, ups(api1, 'Down Time'));
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

/**
 * The scheduled refresh (job `tracking.refresh`, enqueued on every cron tick) run through the real local job runner:
 * which orders it picks, what it leaves alone, and how it behaves when the provider is down or rate limits us.
 */
describe('tracking: the scheduled refresh', () => {
  let server: TestServer;
  let clock: TestClock;
  let token: string;
  let api1: string;
  let api2: string;
  let delivered: Order;
  let a: Order;
  let b: Order;
  let recent: Order;

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-05-01T00:30:00.000Z')));
    const admin = await loginAdmin(server);
    ({
      api1: { _id: api1 },
      api2: { _id: api2 },
    } = await seededApis(server, admin.token));
    const u = await register(server, { name: 'Dan Dray', email: 'dan@example.com', password: 'pw-12345' });
    token = u.token;
    await fund(server, u.user._id, 50_000, admin.user._id);

    delivered = await buyLabel(server, token, ups(api1, 'Long Delivered'));
    clock.set(new Date('2026-05-12T00:30:00.000Z'));
    const r = await call(server, 'POST', `/api/tracking/${delivered._id}/refresh`, { token });
    expect(TrackingInfo.parse(r.body).deliveryStatus).toBe('delivered');

    a = await buyLabel(server, token, ups(api1, 'Due One'));
    b = await buyLabel(server, token, {
      apiId: api2,
      carrier: 'USPS',
      serviceType: 'USPS Ground Advantage',
      recipient: recipient('Due Two', 'Chicago', 'IL', '60601'),
    });
    recent = await buyLabel(server, token, ups(api1, 'Checked Recently'));
    clock.set(new Date('2026-05-12T22:30:00.000Z'));
    const checked = await call(server, 'POST', `/api/tracking/${recent._id}/refresh`, { token });
    expect(TrackingInfo.parse(checked.body).deliveryStatus).toBe('in_transit');
  });
  afterAll(() => server.stop());

  const jobRow = async (jobId: string) => {
    const [row] = await server.services.db.select().from(jobs).where(eq(jobs.id, jobId));
    return row;
  };
  const rows = async () => ({
    delivered: await orderRow(server, delivered._id),
    a: await orderRow(server, a._id),
    b: await orderRow(server, b._id),
    recent: await orderRow(server, recent._id),
  });

  it('each cron tick refreshes due orders of every API and leaves recently checked and delivered ones alone', async () => {
    clock.set(new Date('2026-05-12T23:00:00.000Z'));
    const before = await rows();
    const enqueued = await runScheduled(server.services, PERIODIC_CRON);
    const job = enqueued.find((m) => m.type === 'tracking.refresh');
    expect(job).toMatchObject({ limit: 100 });
    await drainJobs(server);
    expect(await jobRow(job?.jobId ?? '')).toMatchObject({ status: 'done', attempts: 1, lastError: null });

    const after = await rows();
    for (const key of ['a', 'b'] as const) {
      expect(after[key]).toMatchObject({ deliveryStatus: 'in_transit', lastCheckedAt: '2026-05-12T23:00:00.000Z' });
      expect(JSON.parse(after[key].trackingEventsJson).length).toBeGreaterThanOrEqual(2);
    }
    // Checked 30 minutes ago, and delivered long since: not asked again.
    expect(after.recent).toEqual(before.recent);
    expect(after.delivered).toEqual(before.delivered);
  });

  it('a redelivered job changes nothing; an hour after its check an order is due again', async () => {
    const before = await rows();
    const jobId = newId('job');
    const message = { type: 'tracking.refresh' as const, jobId, limit: 50 };
    await server.services.queue.send(message);
    await drainJobs(server);
    // The same message delivered again (a queue may redeliver): a new row for the local runner.
    await server.services.queue.send({ ...message, jobId: `${jobId}_again` });
    await drainJobs(server);
    expect(await rows()).toEqual(before);

    clock.set(new Date('2026-05-12T23:31:00.000Z'));
    await server.services.queue.send({ type: 'tracking.refresh', jobId: newId('job'), limit: 50 });
    await drainJobs(server);
    const after = await rows();
    expect(after.recent.lastCheckedAt).toBe('2026-05-12T23:31:00.000Z');
    expect(after.a).toEqual(before.a);
    expect(after.b).toEqual(before.b);
  });

  it('a provider that is down stops the run without retrying the job; its orders wait for the next run', async () => {
    clock.set(new Date('2026-05-13T02:00:00.000Z'));
    const before = await rows();
    carrierOf(server).setDown(true);
    const jobId = newId('job');
    try {
      await server.services.queue.send({ type: 'tracking.refresh', jobId, limit: 50 });
      await drainJobs(server);
    } finally {
      carrierOf(server).setDown(false);
    }
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await rows()).toEqual(before);

    await server.services.queue.send({ type: 'tracking.refresh', jobId: newId('job'), limit: 50 });
    await drainJobs(server);
    const after = await rows();
    for (const key of ['a', 'b', 'recent'] as const) {
      expect(after[key].lastCheckedAt).toBe('2026-05-13T02:00:00.000Z');
    }
    expect(after.delivered).toEqual(before.delivered);
  });

  it('a bounded batch is shared between the APIs, least recently checked first', async () => {
    // API 2's only order was checked later than both of API 1's; all three are due at 04:31.
    clock.set(new Date('2026-05-13T03:30:00.000Z'));
    expect((await call(server, 'POST', `/api/tracking/${b._id}/refresh`, { token })).status).toBe(200);
    clock.set(new Date('2026-05-13T04:31:00.000Z'));
    await server.services.queue.send({ type: 'tracking.refresh', jobId: newId('job'), limit: 2 });
    await drainJobs(server);
    const after = await rows();
    const refreshed = (['a', 'b', 'recent'] as const).filter(
      (k) => after[k].lastCheckedAt === '2026-05-13T04:31:00.000Z',
    );
    // The least recently checked of API 1 and the one of API 2, rather than API 1's two oldest.
    expect(refreshed).toEqual(['a', 'b']);
    expect(after.recent.lastCheckedAt).toBe('2026-05-13T02:00:00.000Z');
  });

  it('an answer that started from an older check never overwrites a newer one', async () => {
    const stale = await orderRow(server, a._id);
    clock.set(new Date('2026-05-20T00:00:00.000Z'));
    const res = await call(server, 'POST', `/api/tracking/${a._id}/refresh`, { token });
    expect(TrackingInfo.parse(res.body).deliveryStatus).toBe('delivered');
    const fresh = await orderRow(server, a._id);
    const late = await storeProviderTracking(server.services, stale, {
      trackingNumber: stale.trackingNumber,
      status: 'in_transit',
      estimatedDelivery: null,
      deliveredAt: null,
      events: [],
      checkedAt: '2026-05-13T04:00:00.000Z',
    });
    expect(late).toBeNull();
    expect(await orderRow(server, a._id)).toEqual(fresh);
  });
});

/**
 * A provider that rate limits us (4 requests a minute per API key here): the run stops at the first 429 and acks; the
 * orders it did not reach are the first ones the next run picks.
 */
describe('tracking: the scheduled refresh under a provider rate limit', () => {
  let server: TestServer;
  let clock: TestClock;
  let apiId: string;
  const bought: Order[] = [];

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-06-01T00:30:00.000Z'), {
      rateLimit: { limit: 4, windowMs: 60_000 },
    }));
    const admin = await loginAdmin(server);
    apiId = (await seededApis(server, admin.token)).api1._id;
    const u = await register(server, { name: 'Eve Eager', email: 'eve@example.com', password: 'pw-12345' });
    await fund(server, u.user._id, 50_000, admin.user._id);
    for (let i = 0; i < 6; i++) {
      // A fresh rate-limit window for every purchase.
      clock.advance(61_000);
      bought.push(await buyLabel(server, u.token, ups(apiId, `Parcel ${i}`)));
    }
  });
  afterAll(() => server.stop());

  it('stops at the first 429 and picks the orders it did not reach first on the next run', async () => {
    clock.set(new Date('2026-06-01T22:40:00.000Z'));
    // The run itself (what the job handler calls), to see where it stopped.
    const summary = await refreshDueTracking(server.services, { limit: 50 });
    expect(summary).toMatchObject({ picked: 6, updated: 4, statusChanged: 4, deferred: 2, notFound: 0, skipped: 0 });
    expect(summary.stoppedApis).toEqual([{ apiId, reason: expect.stringContaining('429 rate_limited') }]);
    const first = await Promise.all(bought.map((o) => orderRow(server, o._id)));
    expect(first.filter((r) => r.lastCheckedAt === '2026-06-01T22:40:00.000Z')).toHaveLength(4);
    expect(first.filter((r) => r.deliveryStatus === 'in_transit')).toHaveLength(4);
    const waiting = first.filter((r) => r.lastCheckedAt === null).map((r) => r.id);
    expect(waiting).toHaveLength(2);

    // The next run, through the queue: acked, and the two it did not reach go first.
    clock.advance(61_000);
    const jobId = newId('job');
    await server.services.queue.send({ type: 'tracking.refresh', jobId, limit: 50 });
    await drainJobs(server);
    const [job] = await server.services.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    const second = await Promise.all(bought.map((o) => orderRow(server, o._id)));
    const now = '2026-06-01T22:41:01.000Z';
    expect(second.filter((r) => r.lastCheckedAt === now).map((r) => r.id)).toEqual(
      bought.map((o) => o._id).filter((id) => waiting.includes(id)),
    );
    expect(second.every((r) => r.deliveryStatus === 'in_transit')).toBe(true);
  });
});
