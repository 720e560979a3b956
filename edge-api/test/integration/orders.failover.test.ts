import {
  CreateOrderResponse,
  OrderResponse,
  ProviderHealthResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyRows, csvRow, expectLedgerInvariant, waitForBulk } from './bulk-engine-support';
import { call, type TestServer } from './helpers';
import { waitFor } from './money-support';
import {
  fetchLabel,
  labelLink,
  moneyOf,
  newCustomer,
  postOrder,
  reconcileJob,
  startShop,
  upsGround,
} from './orders-support';
import { carrierOf } from './providers-support';

/**
 * Failover between provider APIs (issue 21) on the seeded "API 1" (sandbox catalogue alpha) and "API 2" (beta), which
 * both sell UPS Ground (`ups_ground`): a purchase that fails on API 1 before any label exists is bought through API 2
 * at once, at API 1's price; an unclear outcome never fails over; the breaker skips a failing API and probes it again.
 */
describe('failover between provider APIs', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let api2: ShippingApiConfig;
  // The server's clock (the breaker's cooldown is read from it); moved ahead by the breaker test only.
  const offset = { ms: 0 };

  /** Labels each sandbox catalogue made for an order (by its reference, our order id). */
  function labelsFor(orderId: string) {
    const count = (id: 'alpha' | 'beta') =>
      (carrierOf(server).catalogues[id]?.labels() ?? []).filter(
        (l) => l.reference === orderId && l.status === 'created',
      ).length;
    return { alpha: count('alpha'), beta: count('beta') };
  }

  async function adminOrder(orderId: string) {
    const res = await call(server, 'GET', `/api/orders/${orderId}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return OrderResponse.parse(res.body).order;
  }

  async function health(apiId: string) {
    const res = await call(server, 'GET', '/api/admin/config/apis/health', { token: admin });
    expect(res.status, res.text).toBe(200);
    const found = ProviderHealthResponse.parse(res.body).apis.find((a) => a.apiId === apiId);
    if (!found) throw new Error(`no health for ${apiId}`);
    return found;
  }

  beforeAll(async () => {
    ({ server, admin, api1, api2 } = await startShop({
      providerTimeoutMs: 1_000,
      providerBreakerFailures: 3,
      providerBreakerWindowSeconds: 600,
      providerBreakerCooldownSeconds: 30,
      clock: { now: () => new Date(Date.now() + offset.ms) },
    }));
  });
  afterEach(async () => {
    const sandbox = carrierOf(server);
    sandbox.setLatency(0);
    sandbox.setDown(false);
    sandbox.catalogues.alpha?.setDown(false);
    // Every test starts with closed breakers.
    await server.services.db.run(sql`DELETE FROM provider_breakers`);
  });
  afterAll(() => server.stop());

  it("API 1's catalogue down → bought through API 2 at once, at API 1's price, one debit, the provider recorded", async () => {
    const buyer = await newCustomer(server, admin, 50);
    carrierOf(server).catalogues.alpha?.setDown(true);
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status, res.text).toBe(201);
    const body = CreateOrderResponse.parse(res.body);
    expect(body.order).toMatchObject({
      status: 'completed',
      apiId: api1._id,
      apiName: 'API 1',
      boughtVia: { apiId: api2._id, apiName: 'API 2' },
      price: 11.4, // API 1's price, as quoted
    });
    expect(body.order.attempts).toBeUndefined(); // customers do not see the attempts
    // One debit of the quoted price, nothing refunded; the label exists at API 2 only.
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3860, ledger: 3860, debits: 1, refunds: 0 });
    expect(labelsFor(body._id)).toEqual({ alpha: 0, beta: 1 });
    // The margin view's cost is what API 2 charged for the label.
    const betaLabel = carrierOf(server)
      .catalogues.beta?.labels()
      .find((l) => l.reference === body._id);
    const [row] = await server.services.db.all<{ provider_cost_cents: number; provider_label_id: string }>(
      sql`SELECT provider_cost_cents, provider_label_id FROM orders WHERE id = ${body._id}`,
    );
    expect(row?.provider_label_id).toBe(betaLabel?.labelId);
    const betaUpsGround = Object.values(api2.services.UPS).find((s) => s.serviceCode === 'ups_ground');
    expect(row?.provider_cost_cents).toBeGreaterThan(0);
    expect(betaUpsGround).toBeDefined();

    // The admin sees where it was bought and every attempt.
    const seen = await adminOrder(body._id);
    expect(seen.boughtVia).toEqual({ apiId: api2._id, apiName: 'API 2' });
    expect(seen.attempts?.map((a) => [a.apiName, a.outcome])).toEqual([
      ['API 1', 'failed_over'],
      ['API 2', 'bought'],
    ]);
    expect(seen.attempts?.[0]?.error).toContain('503');

    // The label document and tracking come from API 2, even with API 1 still down.
    const pdf = await fetchLabel(server, (await labelLink(server, buyer.token, body._id)).url);
    expect(pdf.status).toBe(200);
    const tracking = await call(server, 'POST', `/api/tracking/${body._id}/refresh`, { token: buyer.token });
    expect(tracking.status, tracking.text).toBe(200);

    // Service Status counts the failover on API 1.
    expect(await health(api1._id)).toMatchObject({ state: 'closed', failures: 1, failovers24h: 1 });
    expect((await health(api1._id)).lastError).toContain('503');
  });

  it('API 1 timing out after the request was sent → no failover; exactly one label after reconciliation', async () => {
    const buyer = await newCustomer(server, admin, 50);
    // Every answer comes after the 1 s timeout: the sandbox makes the label, then its answer is lost.
    carrierOf(server).setLatency(2_500);
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status, res.text).toBe(202);
    const { _id: orderId } = CreateOrderResponse.parse(res.body);
    carrierOf(server).setLatency(0);
    expect(labelsFor(orderId)).toEqual({ alpha: 1, beta: 0 });
    expect((await adminOrder(orderId)).attempts?.map((a) => a.outcome)).toEqual(['unknown']);

    // Even with API 1 now refusing, reconciliation never buys elsewhere: the label may exist at API 1.
    carrierOf(server).catalogues.alpha?.setDown(true);
    expect((await reconcileJob(server, orderId)).kind).toBe('retry');
    expect(labelsFor(orderId)).toEqual({ alpha: 1, beta: 0 });

    carrierOf(server).catalogues.alpha?.setDown(false);
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    const order = await adminOrder(orderId);
    expect(order).toMatchObject({ status: 'completed', boughtVia: { apiId: api1._id, apiName: 'API 1' } });
    expect(labelsFor(orderId)).toEqual({ alpha: 1, beta: 0 });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3860, debits: 1, refunds: 0 });
    expect(order.attempts?.every((a) => a.apiName === 'API 1')).toBe(true);
  });

  it('the breaker opens after N failures, skips API 1, and closes after a good probe (a failed probe reopens it)', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const before = (await health(api1._id)).failovers24h;
    carrierOf(server).catalogues.alpha?.setDown(true);
    // N = 3 failures that bought nothing: each order fails over, the third opens the breaker.
    for (let i = 0; i < 3; i++) {
      const res = await postOrder(server, buyer.token, upsGround(api1));
      expect(res.status, res.text).toBe(201);
    }
    expect(await health(api1._id)).toMatchObject({ state: 'open', failures: 3, failovers24h: before + 3 });

    // Open: API 1 is not asked at all (the second purchase already knows, and plans the skip in its first write).
    for (let i = 0; i < 2; i++) {
      const skipped = CreateOrderResponse.parse((await postOrder(server, buyer.token, upsGround(api1))).body);
      expect(skipped.order.boughtVia?.apiName).toBe('API 2');
      expect((await adminOrder(skipped._id)).attempts?.map((a) => [a.apiName, a.outcome, a.error])).toEqual([
        ['API 1', 'skipped', 'circuit breaker open'],
        ['API 2', 'bought', null],
      ]);
    }

    // After the cooldown one probe goes through; API 1 still down → it fails over and the breaker opens again.
    offset.ms += 31_000;
    expect((await health(api1._id)).state).toBe('half_open');
    const failedProbe = CreateOrderResponse.parse((await postOrder(server, buyer.token, upsGround(api1))).body);
    expect((await adminOrder(failedProbe._id)).attempts?.map((a) => a.outcome)).toEqual(['failed_over', 'bought']);
    expect((await health(api1._id)).state).toBe('open');

    // API 1 back; after the next cooldown the probe buys there and closes the breaker.
    carrierOf(server).catalogues.alpha?.setDown(false);
    offset.ms += 31_000;
    expect((await health(api1._id)).state).toBe('half_open');
    const probe = CreateOrderResponse.parse((await postOrder(server, buyer.token, upsGround(api1))).body);
    expect(probe.order.boughtVia).toEqual({ apiId: api1._id, apiName: 'API 1' });
    expect(await health(api1._id)).toMatchObject({ state: 'closed', failures: 0 });
    const next = CreateOrderResponse.parse((await postOrder(server, buyer.token, upsGround(api1))).body);
    expect(next.order.boughtVia?.apiId).toBe(api1._id);
  });

  it('an API that is not allowed as a failover target is never bought through', async () => {
    const off = await call(server, 'PATCH', `/api/admin/config/apis/${api2._id}/failover`, {
      token: admin,
      json: { failoverTarget: false },
    });
    expect(off.status, off.text).toBe(200);
    try {
      const buyer = await newCustomer(server, admin, 50);
      carrierOf(server).catalogues.alpha?.setDown(true);
      const res = await postOrder(server, buyer.token, upsGround(api1));
      expect(res.status, res.text).toBe(202); // waits for API 1, as before failover existed
      const { _id: orderId } = CreateOrderResponse.parse(res.body);
      expect(labelsFor(orderId)).toEqual({ alpha: 0, beta: 0 });
      expect((await adminOrder(orderId)).attempts?.map((a) => a.outcome)).toEqual(['not_bought']);
    } finally {
      await call(server, 'PATCH', `/api/admin/config/apis/${api2._id}/failover`, {
        token: admin,
        json: { failoverTarget: true },
      });
    }
    const bad = await call(server, 'PATCH', `/api/admin/config/apis/${api2._id}/failover`, {
      token: admin,
      json: { priority: -1 },
    });
    expect(bad.status).toBe(400);
  });

  it('a 200-row bulk order with API 1 going down halfway: every row bought once, each row records its API', async () => {
    const buyer = await newCustomer(server, admin, 5_000);
    const rows = Array.from({ length: 200 }, () => csvRow());
    const { created } = await buyRows(server, buyer.token, api1, rows);
    const bulkId = created.bulkOrderId;
    // Halfway: API 1 goes down.
    await waitFor(async () => {
      const [done] = await server.services.db.all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM orders WHERE bulk_order_id = ${bulkId} AND status = 'completed'`,
      );
      return Number(done?.n) >= 100 ? true : undefined;
    }, 120_000);
    carrierOf(server).catalogues.alpha?.setDown(true);
    const final = await waitForBulk(server, bulkId, 180_000);
    expect(final.status).toBe('completed');

    const orderRows = await server.services.db.all<{ id: string; via: string }>(
      sql`SELECT id, COALESCE(provider_api_id, api_id) AS via FROM orders WHERE bulk_order_id = ${bulkId}`,
    );
    expect(orderRows).toHaveLength(200);
    let viaApi2 = 0;
    for (const order of orderRows) {
      const labels = labelsFor(order.id);
      expect(labels.alpha + labels.beta, order.id).toBe(1);
      expect(order.via).toBe(labels.alpha === 1 ? api1._id : api2._id);
      if (labels.beta === 1) viaApi2 += 1;
    }
    expect(viaApi2).toBeGreaterThan(0);
    // The hold settled: one debit for the whole bulk order stands, no row refunded, nothing left open.
    const [money] = await server.services.db.all<{ balance: number; holds: number; refunds: number }>(sql`
      SELECT u.balance_cents AS balance,
        (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND reference = ${bulkId}) AS holds,
        (SELECT COUNT(*) FROM ledger_entries e JOIN orders o ON o.id = e.reference
          WHERE o.bulk_order_id = ${bulkId} AND e.method = 'label_refund') AS refunds
      FROM users u WHERE u.id = ${buyer.id}`);
    expect({ balance: Number(money?.balance), holds: Number(money?.holds), refunds: Number(money?.refunds) }).toEqual({
      balance: 500_000 - final.total_price_cents,
      holds: 1,
      refunds: 0,
    });
    expect(final.failed_order_count).toBe(0);
    await expectLedgerInvariant(server);
  }, 300_000);
});
