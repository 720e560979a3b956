import {
  type DeliveryStatus,
  type Order,
  OrderCounts,
  OrderListResponse,
  OrderStats,
  RefreshStatsResponse,
  RefreshUserTrackingResponse,
  TrackingInfo,
  TrackingRefreshRun,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  buyRefusedLabel,
  buyUnansweredLabel,
  drainJobs,
  fund,
  orderRow,
  recipient,
  startOrdersServer,
  type TestClock,
} from './order-history-support';
import { carrierOf, seededApis } from './providers-support';

/**
 * "Figures that must add up": one customer with orders in every status — a label not dropped off yet, one in transit,
 * one in exception (the carrier's failed attempt or delay), one delivered, one the carrier cancelled (voided), a
 * purchase still waiting for the provider's answer, and a refused (refunded) one — and every figure the product shows
 * counts each order in exactly one bucket: the dashboard cards and My Orders counts (listed orders), the admin's
 * refresh statistics and a refresh run's statistics (bought labels), where "pending" means the same thing.
 * The carrier sandbox gives every parcel one exception on its way (exceptionRate 1), and the test moves the shared
 * clock an hour at a time, refreshing each parcel until it stands where the test needs it.
 */
describe('figures that must add up', () => {
  let server: TestServer;
  let clock: TestClock;
  let admin: string;
  let buyer: { token: string; id: string };
  const o: Record<'notDroppedOff' | 'inTransit' | 'exception' | 'delivered' | 'cancelled' | 'unanswered', Order> =
    {} as never;

  const refresh = async (id: string): Promise<DeliveryStatus> => {
    const res = await call(server, 'POST', `/api/tracking/${id}/refresh`, { token: buyer.token });
    expect(res.status, res.text).toBe(200);
    return TrackingInfo.parse(res.body).deliveryStatus;
  };

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-05-04T00:30:00.000Z'), { exceptionRate: 1 }));
    const a = await loginAdmin(server);
    admin = a.token;
    const { api1 } = await seededApis(server, admin);
    const b = await register(server, { name: 'Fay Figures', email: 'fay@example.com', password: 'fay-password-123' });
    buyer = { token: b.token, id: b.user._id };
    await fund(server, buyer.id, 100_000, a.user._id);
    const choice = (name: string) => ({
      apiId: api1._id,
      carrier: 'UPS' as const,
      serviceType: 'UPS Ground',
      recipient: recipient(name, 'Chicago', 'IL', '60601'),
    });
    for (const key of ['notDroppedOff', 'inTransit', 'exception', 'delivered', 'cancelled'] as const) {
      o[key] = await buyLabel(server, buyer.token, choice(key));
    }
    o.unanswered = await buyUnansweredLabel(server, buyer.token, choice('unanswered'));
    await buyRefusedLabel(server, buyer.token, { ...choice('refused'), catalogue: 'alpha', serviceCode: 'ups_ground' });

    // The carrier cancels one label (voided before its first scan); its tracking says so.
    const sandbox = carrierOf(server);
    const alpha = sandbox.catalogues.alpha;
    if (!alpha) throw new Error('no catalogue alpha');
    const labelId = (await orderRow(server, o.cancelled._id)).providerLabelId;
    const voided = await fetch(`${sandbox.baseUrlFor(server.url, 'alpha')}/v1/labels/${labelId}/void`, {
      method: 'POST',
      headers: { 'X-Api-Key': alpha.apiKey },
    });
    expect(voided.status).toBe(200);
    expect(await refresh(o.cancelled._id)).toBe('cancelled');

    // An hour at a time until each parcel stands at its target (each is asked only until it gets there).
    const targets = new Map<string, DeliveryStatus>([
      [o.inTransit._id, 'in_transit'],
      [o.exception._id, 'exception'],
      [o.delivered._id, 'delivered'],
    ]);
    for (let hour = 1; targets.size > 0; hour++) {
      if (hour > 15 * 24) throw new Error(`parcels never reached ${JSON.stringify([...targets])}`);
      clock.advance(3_600_000);
      for (const [id, target] of [...targets]) {
        if ((await refresh(id)) === target) targets.delete(id);
      }
    }
  }, 180_000);
  afterAll(() => server.stop());

  const ids = async (query: string) => {
    const res = await call(server, 'GET', `/api/orders${query}`, { token: buyer.token });
    expect(res.status, res.text).toBe(200);
    return OrderListResponse.parse(res.body).orders.map((x) => x._id);
  };

  it('the dashboard cards and the My Orders counts put every listed order in exactly one bucket', async () => {
    const stats = OrderStats.parse(
      (await call(server, 'GET', '/api/orders/stats/overview', { token: buyer.token })).body,
    );
    // Six listed (the refunded purchase is not): the parcel not dropped off and the purchase awaiting its answer are
    // pending; one in each other bucket.
    expect(stats).toMatchObject({ totalOrders: 6, pending: 2, inTransit: 1, delivered: 1, exception: 1, cancelled: 1 });
    expect(stats.pending + stats.inTransit + stats.delivered + stats.exception + stats.cancelled).toBe(
      stats.totalOrders,
    );

    const counts = OrderCounts.parse((await call(server, 'GET', '/api/orders/counts', { token: buyer.token })).body);
    expect(counts).toEqual({ all: 6, pending: 2, in_transit: 1, delivered: 1, exception: 1, cancelled: 1 });
    expect(counts.pending + counts.in_transit + counts.delivered + counts.exception + counts.cancelled).toBe(
      counts.all,
    );

    // The filters the Exceptions and Cancelled cards link to list exactly those orders.
    expect(await ids('?status=exception')).toEqual([o.exception._id]);
    expect(await ids('?status=cancelled')).toEqual([o.cancelled._id]);
    expect((await ids('?status=pending')).sort()).toEqual([o.notDroppedOff._id, o.unanswered._id].sort());
    const everyBucket = [
      ...(await ids('?status=pending')),
      ...(await ids('?status=in_transit')),
      ...(await ids('?status=delivered')),
      ...(await ids('?status=exception')),
      ...(await ids('?status=cancelled')),
    ];
    expect(everyBucket.sort()).toEqual((await ids('?status=all')).sort());
  });

  it('the admin refresh statistics and a refresh run count every label once, with one meaning of pending', async () => {
    const before = RefreshStatsResponse.parse(
      (await call(server, 'GET', `/api/tracking/refresh-stats/${buyer.id}`, { token: admin })).body,
    ).userStats;
    // Bought labels only (the purchase awaiting its answer has none yet).
    expect(before).toMatchObject({
      totalOrders: 5,
      pendingOrders: 1,
      inTransitOrders: 1,
      deliveredOrders: 1,
      exceptionOrders: 1,
      cancelledOrders: 1,
    });
    const sum = (s: typeof before) =>
      s.pendingOrders + s.inTransitOrders + s.deliveredOrders + s.exceptionOrders + s.cancelledOrders;
    expect(sum(before)).toBe(before.totalOrders);

    const started = await call(server, 'POST', `/api/tracking/refresh-user/${buyer.id}`, {
      token: admin,
      json: { batchDelay: 500, requestDelay: 200, forceAll: true },
    });
    expect(started.status, started.text).toBe(202);
    const { runId } = RefreshUserTrackingResponse.parse(started.body).run;
    await drainJobs(server);
    const run = TrackingRefreshRun.parse(
      (await call(server, 'GET', `/api/tracking/refresh-runs/${runId}`, { token: admin })).body,
    );
    expect(run).toMatchObject({ status: 'completed', processed: 5 });
    // The run asked about every label at today's time (parcels moved on since they were last asked): each label is
    // in the bucket of its status after the run, and those buckets are the statistics' own, "pending" included.
    const { pending, inTransit, delivered, exception, cancelled } = run.stats;
    expect(run.stats).toMatchObject({ totalOrders: 5, errors: 0, cancelled: 1 });
    expect(pending + inTransit + delivered + exception + cancelled).toBe(run.processed);
    const after = RefreshStatsResponse.parse(
      (await call(server, 'GET', `/api/tracking/refresh-stats/${buyer.id}`, { token: admin })).body,
    ).userStats;
    expect(sum(after)).toBe(after.totalOrders);
    expect({ pending, inTransit, delivered, exception, cancelled }).toEqual({
      pending: after.pendingOrders,
      inTransit: after.inTransitOrders,
      delivered: after.deliveredOrders,
      exception: after.exceptionOrders,
      cancelled: after.cancelledOrders,
    });
  }, 60_000);
});
