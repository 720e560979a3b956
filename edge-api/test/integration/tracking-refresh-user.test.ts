import {
  RefreshStatsResponse,
  RefreshUserTrackingResponse,
  TRACKING_REFRESH_MESSAGES,
  TrackingInfo,
  TrackingRefreshRun,
} from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, trackingRefreshRuns } from '../../src/db/schema';
import { runUserTrackingRefresh } from '../../src/use-cases/tracking/run-user-tracking-refresh';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import { buyLabel, drainJobs, fund, recipient, startOrdersServer, type TestClock } from './order-history-support';
import { seededApis } from './providers-support';

const LABELS = 24;

/**
 * An admin's tracking refresh of one customer (SPEC §7 refresh-stats / refresh-user) over HTTP, against the embedded
 * carrier sandbox whose clock the test moves: labels bought at 00:30 are picked up by 22:00 and delivered within ten
 * days. The refresh runs as `tracking.refresh-user` jobs through the real local job runner.
 */
describe('tracking refresh of one customer', () => {
  let server: TestServer;
  let clock: TestClock;
  let admin: string;
  let bob: { token: string; id: string };
  let labels: string[];

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-04-01T00:30:00.000Z')));
    const a = await loginAdmin(server);
    admin = a.token;
    const { api1 } = await seededApis(server, admin);
    const b = await register(server, { name: 'Bob Bulk', email: 'bob@example.com', password: 'bob-password-123' });
    bob = { token: b.token, id: b.user._id };
    await fund(server, bob.id, 500_000, a.user._id);
    labels = [];
    for (let i = 0; i < LABELS; i++) {
      const o = await buyLabel(server, bob.token, {
        apiId: api1._id,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        recipient: recipient(`Receiver ${i}`, 'Chicago', 'IL', '60601'),
      });
      labels.push(o._id);
    }
  }, 120_000);
  afterAll(() => server.stop());

  const stats = async () => {
    const res = await call(server, 'GET', `/api/tracking/refresh-stats/${bob.id}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return RefreshStatsResponse.parse(res.body);
  };
  const start = async (json: unknown) => {
    const res = await call(server, 'POST', `/api/tracking/refresh-user/${bob.id}`, { token: admin, json });
    expect(res.status, res.text).toBe(202);
    return RefreshUserTrackingResponse.parse(res.body);
  };
  const runOf = async (runId: string) => {
    const res = await call(server, 'GET', `/api/tracking/refresh-runs/${runId}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return TrackingRefreshRun.parse(res.body);
  };
  const refreshJobs = async () =>
    (await server.services.db.select().from(jobs)).filter((j) => j.type === 'tracking.refresh-user');

  it('delays outside the SPEC ranges answer 400 with a clear message and start nothing', async () => {
    const cases: [unknown, string][] = [
      [{ batchDelay: 499, requestDelay: 1000 }, TRACKING_REFRESH_MESSAGES.batchDelay],
      [{ batchDelay: 10_001, requestDelay: 1000 }, TRACKING_REFRESH_MESSAGES.batchDelay],
      [{ batchDelay: 2000, requestDelay: 199 }, TRACKING_REFRESH_MESSAGES.requestDelay],
      [{ batchDelay: 2000, requestDelay: 5001 }, TRACKING_REFRESH_MESSAGES.requestDelay],
      [{ batchDelay: '2000', requestDelay: 1000 }, TRACKING_REFRESH_MESSAGES.batchDelay],
      [{ batchDelay: 2000.5, requestDelay: 1000 }, TRACKING_REFRESH_MESSAGES.batchDelay],
    ];
    for (const [json, message] of cases) {
      const res = await call(server, 'POST', `/api/tracking/refresh-user/${bob.id}`, { token: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(errorOf(res).error.message).toBe(message);
    }
    expect(await server.services.db.select().from(trackingRefreshRuns)).toEqual([]);
    expect(await refreshJobs()).toEqual([]);
    expect((await stats()).latestRun).toBeNull();
  });

  it('an unknown user answers 404; a customer gets 403 on all three calls', async () => {
    const stats404 = await call(server, 'GET', '/api/tracking/refresh-stats/usr_nobody', { token: admin });
    expect(stats404.status).toBe(404);
    expect(errorOf(stats404).error.message).toBe(TRACKING_REFRESH_MESSAGES.userNotFound);
    const start404 = await call(server, 'POST', '/api/tracking/refresh-user/usr_nobody', { token: admin, json: {} });
    expect(start404.status).toBe(404);
    expect(errorOf(start404).error.message).toBe(TRACKING_REFRESH_MESSAGES.userNotFound);
    for (const [method, path] of [
      ['GET', `/api/tracking/refresh-stats/${bob.id}`],
      ['POST', `/api/tracking/refresh-user/${bob.id}`],
      ['GET', '/api/tracking/refresh-runs/trr_x'],
    ] as const) {
      const res = await call(server, method, path, { token: bob.token, json: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
    }
    expect(await server.services.db.select().from(trackingRefreshRuns)).toEqual([]);
  });

  it('stats before any refresh: every label pending, none checked', async () => {
    expect((await stats()).userStats).toEqual({
      totalOrders: LABELS,
      deliveredOrders: 0,
      inTransitOrders: 0,
      pendingOrders: LABELS,
      exceptionOrders: 0,
      cancelledOrders: 0,
      deliveryRate: 0,
      recentlyUpdated: 0,
    });
  });

  it('runs as a job with the delays, a second POST answers the same run, and the stats match the carrier', async () => {
    clock.set(new Date('2026-04-01T22:30:00.000Z')); // picked up: in transit
    const first = await start({ batchDelay: 500, requestDelay: 200, forceAll: false });
    expect(first.run).toMatchObject({ status: 'running', processed: 0, batchDelay: 500, requestDelay: 200 });
    expect(first.run.stats.totalOrders).toBe(LABELS);
    // SPEC §7 reads `stats` at the top level of the answer.
    expect(first.stats).toEqual(first.run.stats);
    const again = await start({ batchDelay: 600, requestDelay: 300, forceAll: true });
    expect(again.run.runId).toBe(first.run.runId);
    expect(again.message).toBe('A tracking refresh of this customer is already running');
    expect(await refreshJobs()).toHaveLength(1);
    expect((await stats()).latestRun?.status).toBe('running');

    const t0 = Date.now();
    await drainJobs(server);
    const elapsed = Date.now() - t0;
    // Batches of 10: 10 + 10 + 4 orders → 9 + 9 + 3 request delays and 2 batch delays.
    const minimum = 21 * 200 + 2 * 500;
    expect(elapsed).toBeGreaterThanOrEqual(minimum);

    const done = await runOf(first.run.runId);
    expect(done.status).toBe('completed');
    expect(done.processed).toBe(LABELS);
    expect(done.stats.duration).toBeGreaterThanOrEqual(minimum / 1000 - 0.1);
    expect(done.stats).toMatchObject({ totalOrders: LABELS, updated: LABELS, newlyDelivered: 0, errors: 0 });

    // What the carrier says now (asked through GET /api/tracking, i.e. what was stored) is what the stats report.
    const now: Record<string, string> = {};
    for (const id of labels) {
      const res = await call(server, 'GET', `/api/tracking/${id}`, { token: admin });
      const t = TrackingInfo.parse(res.body);
      now[id] = t.deliveryStatus;
      expect(t.lastChecked).toBe('2026-04-01T22:30:00.000Z');
    }
    const moved = labels.filter((id) => now[id] !== 'pending');
    expect(moved.length).toBeGreaterThan(0);
    expect(done.stats.statusChanges).toEqual(
      moved
        .map((id) => ({ orderId: id, from: 'pending', to: now[id] }))
        .sort((a, b) => (a.orderId < b.orderId ? -1 : 1)),
    );
    // Each label in the bucket of its status after the run; "pending" as in the customer's figures (not dropped off).
    const inBucket = (status: string) => labels.filter((id) => now[id] === status).length;
    expect(done.stats).toMatchObject({
      pending: inBucket('pending'),
      inTransit: inBucket('in_transit'),
      delivered: inBucket('delivered'),
      exception: 0,
      cancelled: 0,
    });
    const s = await stats();
    expect(s.userStats).toMatchObject({
      totalOrders: LABELS,
      inTransitOrders: labels.filter((id) => now[id] === 'in_transit').length,
      pendingOrders: labels.filter((id) => now[id] === 'pending').length,
      recentlyUpdated: LABELS,
    });
    expect(s.latestRun?.runId).toBe(first.run.runId);
    expect(await refreshJobs()).toHaveLength(1); // the second POST enqueued nothing
  }, 60_000);

  it('without forceAll, labels checked in the last hour are skipped; forceAll asks about all of them', async () => {
    clock.advance(10 * 60_000);
    const skip = await start({ batchDelay: 500, requestDelay: 200 });
    expect(skip.run.stats.totalOrders).toBe(0);
    await drainJobs(server);
    expect((await runOf(skip.run.runId)).status).toBe('completed');

    clock.set(new Date('2026-04-12T12:00:00.000Z')); // all delivered
    const all = await start({ batchDelay: 500, requestDelay: 200, forceAll: true });
    expect(all.run.stats.totalOrders).toBe(LABELS);
    await drainJobs(server);
    const done = await runOf(all.run.runId);
    expect(done.stats).toMatchObject({ totalOrders: LABELS, updated: LABELS, pending: 0, errors: 0 });
    const rows = await server.services.db.select().from(orders).where(eq(orders.userId, bob.id));
    expect(rows.every((r) => r.deliveryStatus === 'delivered')).toBe(true);
    expect(done.stats.newlyDelivered).toBe(LABELS);
    expect(done.stats.statusChanges.every((c) => c.to === 'delivered')).toBe(true);
    expect((await stats()).userStats).toMatchObject({ deliveredOrders: LABELS, deliveryRate: 100 });
  }, 60_000);

  it('a long run goes in chunks: each chunk re-enqueues itself with its cursor, and a stale redelivery changes nothing', async () => {
    clock.advance(2 * 3600_000);
    const started = await start({ batchDelay: 500, requestDelay: 200, forceAll: true });
    const runId = started.run.runId;
    const noSleep = async () => {};
    // The first chunk with a zero time budget: one batch of 10, then the next chunk is enqueued with the cursor.
    await runUserTrackingRefresh(server.services, { runId, cursor: null, sleep: noSleep, chunkMs: 0 });
    const afterFirst = await runOf(runId);
    expect(afterFirst).toMatchObject({ status: 'running', processed: 10 });
    const [row] = await server.services.db.select().from(trackingRefreshRuns).where(eq(trackingRefreshRuns.id, runId));
    const next = (await refreshJobs()).map((j) => JSON.parse(j.payload)).filter((p) => p.runId === runId);
    expect(next.map((p) => p.cursor)).toContain(row?.cursor);
    // The first chunk delivered again (its job redelivered): the cursor moved on, nothing is asked twice.
    await runUserTrackingRefresh(server.services, { runId, cursor: null, sleep: noSleep, chunkMs: 0 });
    expect((await runOf(runId)).processed).toBe(10);
    // The job runner finishes the rest: the original first job is ignored (stale), the follow-ups do 10 + 4.
    await drainJobs(server);
    const done = await runOf(runId);
    expect(done).toMatchObject({ status: 'completed', processed: LABELS });
    expect(done.stats).toMatchObject({ totalOrders: LABELS, updated: LABELS, errors: 0 });
  }, 60_000);
});
