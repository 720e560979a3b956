import {
  type MarginRow,
  MarginsResponse,
  type Order,
  ProviderPricesResponse,
  type UpdateUserPricingRequest,
  V1CreateLabelResponse,
  V1ServicesResponse,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRows, csvRow } from './bulk-engine-support';
import { call, loginAdmin, register, type TestServer } from './helpers';
import {
  buyLabel,
  buyRefusedLabel,
  drainJobs,
  fund,
  type LabelChoice,
  recipient,
  startOrdersServer,
  storedSums,
  type TestClock,
} from './order-history-support';
import { SENDER } from './orders-support';
import { carrierOf, enc, seededApis } from './providers-support';
import { regenerate, v1 } from './public-api-support';

const cents = (usd: number) => Math.round(usd * 100);

/**
 * The margin view of /admin/pricing (issue 13), checked against labels bought in this test over the real API from the
 * embedded carrier sandbox (catalogue alpha behind "API 1"): the provider cost stored on each order, the price each
 * customer was charged, custom pricing, a service priced below cost, a refused (refunded) purchase, a test-key label,
 * and the period filter. "Now" is 2026-03-10 12:00 UTC, so the default period is 2026-02-09 .. 2026-03-10.
 */
describe('admin pricing margins', () => {
  let server: TestServer;
  let clock: TestClock;
  let admin: string;
  let api1: string;
  const users: Record<string, { token: string; id: string }> = {};
  const bought: Record<string, Order> = {};

  const choice = (carrier: LabelChoice['carrier'], serviceType: string, weight: number): LabelChoice => ({
    apiId: api1,
    carrier,
    serviceType,
    weight,
    recipient: recipient('Rita Receiver', 'Denver', 'CO', '80202'),
  });

  async function adminCall(method: string, path: string, json?: unknown) {
    const res = await call(server, method, path, { token: admin, ...(json === undefined ? {} : { json }) });
    expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
    return res;
  }

  async function margins(query = '') {
    const res = await call(server, 'GET', `/api/admin/pricing/margins${query}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    return MarginsResponse.parse(res.body);
  }

  const row = (m: MarginsResponse, carrier: string, name: string): MarginRow => {
    const found = m.rows.find((r) => r.apiId === api1 && r.carrier === carrier && r.serviceName === name);
    if (!found) throw new Error(`no row ${carrier} ${name}`);
    return found;
  };

  beforeAll(async () => {
    ({ server, clock } = await startOrdersServer(new Date('2026-01-15T10:00:00.000Z')));
    const a = await loginAdmin(server);
    admin = a.token;
    api1 = (await seededApis(server, admin)).api1._id;
    for (const name of ['Ann', 'Bob', 'Carol', 'Dave']) {
      const auth = await register(server, {
        name: `${name} Buyer`,
        email: `${name.toLowerCase()}@margins.test`,
        password: 'pw-12345678',
      });
      users[name] = { token: auth.token, id: auth.user._id };
      await fund(server, auth.user._id, 100_000, a.user._id);
    }
    const ann = users.Ann as { token: string; id: string };
    const bob = users.Bob as { token: string; id: string };
    const carol = users.Carol as { token: string; id: string };
    const dave = users.Dave as { token: string; id: string };

    // Our prices. UPS Ground: own tiers above the provider's (alpha: $8.95 to 1 lb, $11.40 to 5 lbs, ... $62.50).
    await adminCall('PATCH', `/api/admin/config/dynamic-pricing/${api1}/UPS/${enc('UPS Ground')}`, {
      pricingTiers: [
        { start: 0, end: 1, price: 10 },
        { start: 1.01, end: 5, price: 13 },
        { start: 5.01, end: 150, price: 70 },
      ],
    });
    // FedEx Ground: a flat $10.00, below the provider's $11.55 for 1-5 lbs (and far below its heavier tiers).
    await adminCall('PATCH', `/api/admin/config/dynamic-pricing/${api1}/FEDEX/${enc('FedEx Ground')}`, {
      pricingTiers: [{ start: 0, end: 150, price: 10 }],
      hasDynamicPricing: false,
    });
    await adminCall('PATCH', `/api/admin/config/pricing/${api1}/FEDEX/${enc('FedEx Ground')}`, { basePrice: 10 });
    // Custom pricing: Bob $1 off UPS Ground on every tier; Carol a fixed $8.00 USPS Priority Mail (cost $9.45 at 2 lbs).
    const bobPricing: UpdateUserPricingRequest = {
      enabled: true,
      carriers: {
        UPS: {
          enabled: true,
          services: { 'UPS Ground': { type: 'discount_amount', discountAmount: 1, applyToAllTiers: true } },
        },
      },
    };
    await adminCall('PATCH', `/api/admin/users/${bob.id}/pricing/${api1}`, bobPricing);
    const carolPricing: UpdateUserPricingRequest = {
      enabled: true,
      carriers: {
        USPS: {
          enabled: true,
          services: { 'USPS Priority Mail': { type: 'fixed', fixedPrice: 8, applyToAllTiers: true } },
        },
      },
    };
    await adminCall('PATCH', `/api/admin/users/${carol.id}/pricing/${api1}`, carolPricing);

    // January (outside the default period): one UPS Ground label.
    bought.january = await buyLabel(server, ann.token, choice('UPS', 'UPS Ground', 3));

    clock.set(new Date('2026-03-01T09:00:00.000Z'));
    bought.ann1 = await buyLabel(server, ann.token, choice('UPS', 'UPS Ground', 3));
    bought.ann2 = await buyLabel(server, ann.token, choice('UPS', 'UPS Ground', 3));
    bought.annFedex = await buyLabel(server, ann.token, choice('FEDEX', 'FedEx Ground', 2));
    bought.bob = await buyLabel(server, bob.token, choice('UPS', 'UPS Ground', 3));
    bought.carol = await buyLabel(server, carol.token, choice('USPS', 'USPS Priority Mail', 2));
    // Not sold: a purchase the provider refuses (refunded at once).
    await buyRefusedLabel(server, ann.token, {
      ...choice('UPS', 'UPS Ground', 3),
      catalogue: 'alpha',
      serviceCode: 'ups_ground',
    });
    // Bulk: two UPS Ground rows of 3 lbs, bought by the job runner (rows get their provider cost as single orders do).
    clock.set(new Date('2026-03-05T09:00:00.000Z'));
    await buyRows(server, dave.token, (await seededApis(server, admin)).api1, [csvRow(), csvRow()]);
    await drainJobs(server);
    // A label bought with a TEST key: no money moves, never a sale.
    const keys = await regenerate(server, ann.token, 'test');
    const services = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key: keys.testKey })).body);
    const upsGroundId = services.data.services.UPS.find((s) => s.name === 'UPS Ground')?.id ?? '';
    const testLabel = await v1(server, 'POST', '/create-label', {
      key: keys.testKey,
      json: {
        serviceId: upsGroundId,
        sender: SENDER,
        recipient: recipient('Test Receiver', 'Denver', 'CO', '80202'),
        packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 } },
      },
    });
    expect(testLabel.status, testLabel.text).toBe(201);
    expect(V1CreateLabelResponse.parse(testLabel.body).data.order.price).toBe(13);

    clock.set(new Date('2026-03-10T12:00:00.000Z'));
  }, 120_000);
  afterAll(() => server.stop());

  it('records the provider cost on every bought label, single and bulk, equal to the provider’s own price list', async () => {
    const prices = ProviderPricesResponse.parse(
      (await adminCall('GET', `/api/admin/config/apis/${api1}/provider-prices`)).body,
    );
    const listPrice = (carrier: 'UPS' | 'USPS' | 'FEDEX', name: string, weight: number) =>
      cents(
        prices.carriers[carrier][name]?.prices.find((p) => p.fromWeight < weight && weight <= p.toWeight)?.price ?? 0,
      );
    expect(listPrice('UPS', 'UPS Ground', 3)).toBe(1140);
    const rows = await server.services.db.all<{
      service_name: string;
      provider_cost_cents: number | null;
      source: string;
    }>(sql`SELECT service_name, provider_cost_cents, source FROM orders WHERE status = 'completed' AND livemode = 1`);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.source === 'bulk')).toHaveLength(2);
    for (const r of rows) {
      const expected =
        r.service_name === 'UPS Ground'
          ? listPrice('UPS', 'UPS Ground', 3)
          : r.service_name === 'FedEx Ground'
            ? listPrice('FEDEX', 'FedEx Ground', 2)
            : listPrice('USPS', 'USPS Priority Mail', 2);
      expect(r.provider_cost_cents).toBe(expected);
    }
  });

  it('the default period (last 30 days) counts the labels bought in it: price charged − stored provider cost', async () => {
    const m = await margins();
    expect(m.period).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(m.apis.find((a) => a.apiId === api1)).toMatchObject({ ratesAvailable: true, error: null });

    // UPS Ground: Ann 2 × $13.00, Bob 1 × $12.00 (his $1 off), Dave 2 bulk rows × $13.00; each cost $11.40.
    const ground = row(m, 'UPS', 'UPS Ground');
    const groundDb = await storedSums(server, sql`service_name = 'UPS Ground' AND created_at >= '2026-02-09'`);
    expect(groundDb).toEqual({ n: 5, price: 6400, cost: 5700, missing: 0 });
    expect(ground.sold).toEqual({
      labelsSold: 5,
      revenueCents: 6400,
      providerCostCents: 5700,
      labelsWithoutCost: 0,
      grossMarginCents: 700,
      marginPercent: 10.9,
      avgProviderCostCents: 1140,
      avgMarginCents: 140,
    });
    expect(ground.loss).toBe(false);
    // Listed: our tiers against the provider's current rates, worst band 0.01-1 lb ($10.00 − $8.95).
    expect(ground.ratesStatus).toBe('ok');
    expect(ground.listed).toMatchObject({
      marginCents: 105,
      marginPercent: 10.5,
      providerCostMinCents: 895,
      providerCostMaxCents: 6250,
      priceMinCents: 1000,
      priceMaxCents: 7000,
    });
    expect(ground.listed?.bands.slice(0, 3)).toEqual([
      {
        fromWeight: 0.01,
        toWeight: 1,
        priceCents: 1000,
        providerCostCents: 895,
        marginCents: 105,
        marginPercent: 10.5,
      },
      {
        fromWeight: 1.01,
        toWeight: 5,
        priceCents: 1300,
        providerCostCents: 1140,
        marginCents: 160,
        marginPercent: 12.3,
      },
      {
        fromWeight: 5.01,
        toWeight: 10,
        priceCents: 7000,
        providerCostCents: 1520,
        marginCents: 5480,
        marginPercent: 78.3,
      },
    ]);
    // Bob, the one customer with custom pricing on it: $1 off every tier; his one label made $0.60.
    expect(ground.customers).toHaveLength(1);
    expect(ground.customers[0]).toMatchObject({
      email: 'bob@margins.test',
      ruleType: 'discount_amount',
      rule: '$1.00 off',
      loss: false,
      sold: { labelsSold: 1, revenueCents: 1200, providerCostCents: 1140, grossMarginCents: 60 },
    });
    expect(ground.customers[0]?.listed?.marginCents).toBe(5); // $9.00 − $8.95 up to 1 lb

    // FedEx Ground priced below cost: flagged on the price list and on the label sold.
    const fedex = row(m, 'FEDEX', 'FedEx Ground');
    expect(fedex.sold).toMatchObject({
      labelsSold: 1,
      revenueCents: 1000,
      providerCostCents: 1155,
      grossMarginCents: -155,
    });
    expect(fedex.listed?.bands[1]).toMatchObject({
      fromWeight: 1.01,
      toWeight: 5,
      priceCents: 1000,
      marginCents: -155,
    });
    expect(fedex.listed?.marginCents).toBe(1000 - 6380);
    expect(fedex.loss).toBe(true);

    // USPS Priority Mail: our list price equals the provider's (seeded), but Carol's fixed $8.00 loses $1.45.
    const priority = row(m, 'USPS', 'USPS Priority Mail');
    expect(priority.listed?.marginCents).toBe(0);
    expect(priority.sold).toMatchObject({
      labelsSold: 1,
      revenueCents: 800,
      providerCostCents: 945,
      grossMarginCents: -145,
    });
    expect(priority.customers).toEqual([
      expect.objectContaining({ email: 'carol@margins.test', rule: 'Fixed $8.00', loss: true }),
    ]);
    expect(priority.customersAtLoss).toBe(1);
    expect(priority.loss).toBe(true);

    // A service nobody bought is listed with zero sales; rows of other services are not losses.
    expect(row(m, 'UPS', 'UPS 2nd Day Air').sold.labelsSold).toBe(0);
    expect(
      m.rows
        .filter((r) => r.loss)
        .map((r) => `${r.apiName} ${r.serviceName}`)
        .sort(),
    ).toEqual(['API 1 FedEx Ground', 'API 1 USPS Priority Mail']);

    // Per carrier and in total: the refused purchase and the test-key label are not in any figure.
    const all = await storedSums(server, sql`created_at >= '2026-02-09'`);
    expect(all).toEqual({ n: 7, price: 8200, cost: 7800, missing: 0 });
    expect(m.byCarrier).toEqual([
      {
        carrier: 'UPS',
        labelsSold: 5,
        revenueCents: 6400,
        providerCostCents: 5700,
        grossMarginCents: 700,
        marginPercent: 10.9,
      },
      {
        carrier: 'USPS',
        labelsSold: 1,
        revenueCents: 800,
        providerCostCents: 945,
        grossMarginCents: -145,
        marginPercent: -18.1,
      },
      {
        carrier: 'FEDEX',
        labelsSold: 1,
        revenueCents: 1000,
        providerCostCents: 1155,
        grossMarginCents: -155,
        marginPercent: -15.5,
      },
    ]);
    expect(m.totals).toEqual({
      labelsSold: 7,
      revenueCents: 8200,
      providerCostCents: 7800,
      grossMarginCents: 400,
      marginPercent: 4.9,
      labelsWithoutCost: 0,
    });
    const refused = await server.services.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM orders WHERE status = 'failed'`,
    );
    expect(Number(refused[0]?.n)).toBe(1);
  });

  it('the period filter: January holds only the January label; a period without sales is all zeros', async () => {
    const jan = await margins('?from=2026-01-01&to=2026-01-31');
    expect(jan.period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(row(jan, 'UPS', 'UPS Ground').sold).toMatchObject({
      labelsSold: 1,
      revenueCents: 1300,
      providerCostCents: 1140,
      grossMarginCents: 160,
    });
    expect(jan.totals.labelsSold).toBe(1);
    expect(row(jan, 'FEDEX', 'FedEx Ground').sold.labelsSold).toBe(0);
    // The last day is included whole: 2026-03-01 alone holds the five single labels of that day.
    const day = await margins('?from=2026-03-01&to=2026-03-01');
    expect(day.totals).toMatchObject({ labelsSold: 5, revenueCents: 1300 * 2 + 1000 + 1200 + 800 });
    const empty = await margins('?from=2025-06-01&to=2025-06-30');
    expect(empty.totals).toMatchObject({ labelsSold: 0, revenueCents: 0, grossMarginCents: 0, marginPercent: null });
    // The listed margins do not depend on the period.
    expect(row(empty, 'UPS', 'UPS Ground').listed?.marginCents).toBe(105);
  });

  it('a provider that cannot be asked leaves the stored figures and says why the listed ones are missing', async () => {
    carrierOf(server).setDown(true);
    try {
      const m = await margins();
      expect(m.apis.find((a) => a.apiId === api1)).toMatchObject({ ratesAvailable: false });
      expect(m.apis.find((a) => a.apiId === api1)?.error).toBeTruthy();
      const ground = row(m, 'UPS', 'UPS Ground');
      expect(ground).toMatchObject({ ratesStatus: 'unavailable', listed: null });
      expect(ground.sold.grossMarginCents).toBe(700);
      expect(row(m, 'FEDEX', 'FedEx Ground').loss).toBe(true); // still a loss on what was sold
    } finally {
      carrierOf(server).setDown(false);
    }
  });

  it('a label bought before costs were recorded counts as sold, but not in cost or margin (never guessed)', async () => {
    const id = bought.bob?._id ?? '';
    await server.services.db.run(sql`UPDATE orders SET provider_cost_cents = NULL WHERE id = ${id}`);
    try {
      const ground = row(await margins(), 'UPS', 'UPS Ground');
      // Bob's $12.00 label drops out of cost and margin: 4 costed labels at $13.00 − $11.40.
      expect(ground.sold).toMatchObject({
        labelsSold: 5,
        revenueCents: 6400,
        labelsWithoutCost: 1,
        providerCostCents: 4560,
        grossMarginCents: 640,
        avgProviderCostCents: 1140,
        avgMarginCents: 160,
      });
    } finally {
      await server.services.db.run(sql`UPDATE orders SET provider_cost_cents = 1140 WHERE id = ${id}`);
    }
  });
});
