import { type Order, TrackingInfo } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { PERIODIC_CRON, runScheduled } from '../../src/jobs/schedule';
import { newId } from '../../src/lib/ids';
import { refreshDueTracking } from '../../src/use-cases/tracking/refresh-due-tracking';
import { storeProviderTracking } from '../../src/use-cases/tracking/store-provider-tracking';
import { call, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  drainJobs,
  fund,
  orderRow,
  recipient,
  startOrdersServer,
  type TestClock,
  upsToChicago,
} from './order-history-support';
import { carrierOf, seededApis } from './providers-support';

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

    delivered = await buyLabel(server, token, upsToChicago(api1, 'Long Delivered'));
    clock.set(new Date('2026-05-12T00:30:00.000Z'));
    const r = await call(server, 'POST', `/api/tracking/${delivered._id}/refresh`, { token });
    expect(TrackingInfo.parse(r.body).deliveryStatus).toBe('delivered');

    a = await buyLabel(server, token, upsToChicago(api1, 'Due One'));
    b = await buyLabel(server, token, {
      apiId: api2,
      carrier: 'USPS',
      serviceType: 'USPS Ground Advantage',
      recipient: recipient('Due Two', 'Chicago', 'IL', '60601'),
    });
    recent = await buyLabel(server, token, upsToChicago(api1, 'Checked Recently'));
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
      bought.push(await buyLabel(server, u.token, upsToChicago(apiId, `Parcel ${i}`)));
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
