import {
  REFRESH_DELAYS,
  RefreshStatsResponse,
  RefreshUserTrackingResponse,
  TrackingRefreshRun,
} from '@labeldesk/contracts';
import type { TrackingRequestRecord } from '@labeldesk/sandbox-carrier';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, trackingRefreshRuns } from '../../src/db/schema';
import { USER_REFRESH_BATCH_SIZE } from '../../src/use-cases/tracking/run-user-tracking-refresh';
import { call, loginAdmin, register, type TestServer } from './helpers';
import { buyLabel, drainJobs, fund, recipient, startOrdersServer, type TestClock } from './order-history-support';
import { carrierOf, seededApis } from './providers-support';

/** Labels bought at each of three moments, so that the refresh finds parcels at every stage of their journey. */
const PER_GROUP = 100;
const LABELS = 3 * PER_GROUP;
const GROUP_DAYS = ['2026-04-01T00:30:00.000Z', '2026-04-06T00:30:00.000Z', '2026-04-10T00:30:00.000Z'];
/** The refresh happens here: group 1 is long delivered, group 2 on its way or just delivered, group 3 not picked up. */
const REFRESH_AT = '2026-04-10T12:00:00.000Z';
/** The smallest delays the SPEC allows (§9), so the 300 lookups take as little time as they may. */
const BATCH_DELAY = REFRESH_DELAYS.batch.min;
const REQUEST_DELAY = REFRESH_DELAYS.request.min;
/** The provider throttles the first lookups of the run: four 429s asking to wait this long. */
const RETRY_AFTER_S = 1;
const THROTTLED = 4;
/**
 * Gaps are measured between arrival times in whole milliseconds (Date.now()) and Node timers may fire up to a
 * millisecond early against that clock: this much slack, never an upper bound.
 */
const CLOCK_SLACK_MS = 2;

/** What the carrier's tracking statuses mean for an order (SPEC §4 delivery statuses). */
const DELIVERY_STATUS: Record<string, string> = {
  pre_transit: 'pending',
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  delivered: 'delivered',
  exception: 'exception',
  cancelled: 'cancelled',
};

/**
 * An admin's tracking refresh of a customer with 300 labels, over HTTP against the embedded carrier sandbox, watched
 * from the provider's side (the sandbox's log of tracking lookups): the statistics match what the carrier reports for
 * those labels, the pace respects the delays, a 429 is waited out (its Retry-After) rather than counted as an error,
 * and a second POST while the first runs joins that run instead of asking the carrier again.
 */
describe('tracking refresh of a customer with 300 labels', () => {
  let server: TestServer;
  let clock: TestClock;
  let admin: string;
  let customer: { token: string; id: string };
  /** Order id → tracking number, for every label bought. */
  const labels = new Map<string, string>();

  beforeAll(async () => {
    // The carrier's per-minute limit is off for the purchases: its window follows the test's clock, which stands still.
    ({ server, clock } = await startOrdersServer(new Date(GROUP_DAYS[0] ?? ''), { rateLimit: false }));
    const a = await loginAdmin(server);
    admin = a.token;
    const { api1 } = await seededApis(server, admin);
    const c = await register(server, { name: 'Sam Scale', email: 'sam@example.com', password: 'sam-password-123' });
    customer = { token: c.token, id: c.user._id };
    await fund(server, customer.id, 10_000_00, a.user._id);
    // Real purchases (POST /api/orders against the sandbox), a few at a time.
    for (const day of GROUP_DAYS) {
      clock.set(new Date(day));
      for (let i = 0; i < PER_GROUP; i += 5) {
        const bought = await Promise.all(
          Array.from({ length: 5 }, (_, k) =>
            buyLabel(server, customer.token, {
              apiId: api1._id,
              carrier: 'UPS',
              serviceType: 'UPS Ground',
              recipient: recipient(`Receiver ${labels.size + k}`, 'Chicago', 'IL', '60601'),
            }),
          ),
        );
        for (const o of bought) labels.set(o._id, o.trackingNumber);
      }
    }
  }, 300_000);
  afterAll(() => server.stop());

  const start = async (json: unknown) => {
    const res = await call(server, 'POST', `/api/tracking/refresh-user/${customer.id}`, { token: admin, json });
    expect(res.status, res.text).toBe(202);
    return RefreshUserTrackingResponse.parse(res.body);
  };

  /** What the carrier says about a label right now, asked directly (the catalogue's own API key). */
  async function carrierStatus(trackingNumber: string): Promise<string> {
    const alpha = carrierOf(server).catalogues.alpha;
    if (!alpha) throw new Error('no catalogue alpha');
    const res = await fetch(`${server.url}${alpha.path}/v1/tracking/${trackingNumber}`, {
      headers: { 'X-Api-Key': alpha.apiKey },
    });
    if (res.status !== 200) throw new Error(`carrier tracking ${trackingNumber}: ${res.status} ${await res.text()}`);
    const { status } = (await res.json()) as { status: string };
    const mapped = DELIVERY_STATUS[status];
    if (!mapped) throw new Error(`unknown carrier status ${status}`);
    return mapped;
  }

  it('stats match the carrier, the delays and a 429 are respected, and a second POST joins the running run', async () => {
    expect(labels.size).toBe(LABELS);
    const carrier = carrierOf(server);
    clock.set(new Date(REFRESH_AT));
    carrier.clearTrackingRequests();
    carrier.setThrottle(THROTTLED, RETRY_AFTER_S);

    // Two admins press the button at the same moment: one run, one job.
    const body = { batchDelay: BATCH_DELAY, requestDelay: REQUEST_DELAY, forceAll: false };
    const [a, b] = await Promise.all([start(body), start(body)]);
    expect(a.run.runId).toBe(b.run.runId);
    expect([a.message, b.message].sort()).toEqual([
      'A tracking refresh of this customer is already running',
      'Tracking refresh started',
    ]);
    const runId = a.run.runId;
    expect(a.run).toMatchObject({ status: 'running', batchDelay: BATCH_DELAY, requestDelay: REQUEST_DELAY });
    expect(a.run.stats.totalOrders).toBe(LABELS);

    // The job runs; once the carrier has seen a few lookups, a third POST arrives and joins the same run.
    let drained = false;
    const draining = drainJobs(server).finally(() => {
      drained = true;
    });
    while (!drained && carrier.trackingRequests().filter((r) => r.status === 200).length < 15) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const during = await start({ ...body, forceAll: true });
    expect(during.run.runId).toBe(runId);
    expect(during.message).toBe('A tracking refresh of this customer is already running');
    await draining;
    // One run for the three POSTs; every chunk job belonged to it.
    const runs = await server.services.db
      .select()
      .from(trackingRefreshRuns)
      .where(eq(trackingRefreshRuns.userId, customer.id));
    expect(runs.map((r) => r.id)).toEqual([runId]);
    const refreshJobs = (await server.services.db.select().from(jobs)).filter(
      (j) => j.type === 'tracking.refresh-user',
    );
    expect(refreshJobs.length).toBeGreaterThan(0);
    expect(refreshJobs.every((j) => JSON.parse(j.payload).runId === runId)).toBe(true);

    const runRes = await call(server, 'GET', `/api/tracking/refresh-runs/${runId}`, { token: admin });
    const run = TrackingRefreshRun.parse(runRes.body);
    expect(run.status).toBe('completed');
    const seen: TrackingRequestRecord[] = carrier.trackingRequests();

    // The carrier saw every label of the customer exactly once answered (the 429s aside), and nothing else.
    const answered = seen.filter((r) => r.status === 200);
    expect(answered.map((r) => r.trackingNumber).sort()).toEqual([...labels.values()].sort());
    const throttled = seen.filter((r) => r.status === 429);
    expect(throttled).toHaveLength(THROTTLED);
    expect(seen).toHaveLength(LABELS + THROTTLED);
    // The four 429s hit the first label asked, which was then answered: waited out, not an error.
    expect(new Set(throttled.map((r) => r.trackingNumber))).toEqual(new Set([answered[0]?.trackingNumber]));

    // Pace, from the carrier's side: after a 429 at least its Retry-After; between two labels of one batch at least
    // requestDelay; before the first label of a later batch at least batchDelay.
    const idByNumber = new Map([...labels].map(([id, number]) => [number, id]));
    const sortedIds = [...labels.keys()].sort();
    for (let i = 1; i < seen.length; i++) {
      const prev = seen[i - 1] as TrackingRequestRecord;
      const cur = seen[i] as TrackingRequestRecord;
      const gap = cur.receivedMs - prev.receivedMs;
      const position = sortedIds.indexOf(idByNumber.get(cur.trackingNumber) ?? '');
      let minimum: number;
      if (prev.status === 429) minimum = RETRY_AFTER_S * 1000;
      else if (position % USER_REFRESH_BATCH_SIZE === 0) minimum = BATCH_DELAY;
      else minimum = REQUEST_DELAY;
      expect(gap, `gap before lookup ${i} (${cur.trackingNumber}, label ${position})`).toBeGreaterThanOrEqual(
        minimum - CLOCK_SLACK_MS,
      );
    }
    // Labels were asked in the run's order (by order id), batch after batch.
    expect(answered.map((r) => idByNumber.get(r.trackingNumber))).toEqual(sortedIds);
    const batches = LABELS / USER_REFRESH_BATCH_SIZE;
    const minimumMs =
      (batches - 1) * BATCH_DELAY + (LABELS - batches) * REQUEST_DELAY + THROTTLED * RETRY_AFTER_S * 1000;
    expect(run.stats.duration).toBeGreaterThanOrEqual(minimumMs / 1000 - 0.01);

    // The statistics are what the carrier reports for those labels now.
    const truth = new Map<string, string>();
    for (const [id, number] of labels) truth.set(id, await carrierStatus(number));
    const count = (status: string) => [...truth.values()].filter((s) => s === status).length;
    // The three groups put parcels at every stage, so each figure below is tested against a non-zero count.
    expect(count('delivered')).toBeGreaterThan(0);
    expect(count('in_transit')).toBeGreaterThan(0);
    expect(count('pending')).toBeGreaterThan(0);
    expect(count('delivered') + count('in_transit') + count('pending')).toBe(LABELS);
    expect(run.stats).toMatchObject({
      totalOrders: LABELS,
      updated: LABELS,
      newlyDelivered: count('delivered'),
      pending: count('pending'),
      inTransit: count('in_transit'),
      delivered: count('delivered'),
      exception: 0,
      cancelled: 0,
      errors: 0,
    });
    expect(run.stats.statusChanges).toEqual(
      sortedIds
        .filter((id) => truth.get(id) !== 'pending')
        .map((id) => ({ orderId: id, from: 'pending', to: truth.get(id) })),
    );
    expect(run.processed).toBe(LABELS);

    // Stored on each order, and summed up by refresh-stats the same way.
    const rows = await server.services.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.deliveryStatus]))).toEqual(Object.fromEntries(truth));
    expect(rows.every((r) => r.lastCheckedAt === REFRESH_AT)).toBe(true);
    const statsRes = await call(server, 'GET', `/api/tracking/refresh-stats/${customer.id}`, { token: admin });
    const stats = RefreshStatsResponse.parse(statsRes.body);
    expect(stats.userStats).toMatchObject({
      totalOrders: LABELS,
      deliveredOrders: count('delivered'),
      inTransitOrders: count('in_transit'),
      pendingOrders: count('pending'),
      recentlyUpdated: LABELS,
    });
    expect(stats.latestRun?.runId).toBe(runId);
  }, 300_000);
});
