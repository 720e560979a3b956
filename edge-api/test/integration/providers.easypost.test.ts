import { ApiConfigResponse, CheckUpdatesResponse, isReportError, type ShippingApiConfig } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_MESSAGES } from '../../src/ports/label-provider';
import { call, errorOf, loginAdmin, type TestServer } from './helpers';
import {
  buyLabel,
  fetchLabel,
  labelLink,
  moneyOf,
  newCustomer,
  postOrder,
  quote,
  RECIPIENT,
  reconcileJob,
  SENDER,
  startOrdersServer,
  startsWithPdf,
} from './orders-support';

/**
 * An EasyPost-kind API end to end over real HTTP, through the embedded EasyPost-protocol sandbox (/sandbox/easypost):
 * Add New API (wrong key, wrong host), the update check, adding services, a quote, a purchase with its label PDF,
 * tracking, and an unclear purchase answer settled by looking the purchase up — never by buying twice.
 */
describe('provider kind: EasyPost through its sandbox', () => {
  let server: TestServer;
  let admin: string;
  let api: ShippingApiConfig;
  const KEY = 'EZTK0123456789abcdefABCDEF';

  beforeAll(async () => {
    server = await startOrdersServer({ runJobs: false });
    admin = (await loginAdmin(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const addApi = (body: Record<string, unknown>) =>
    call(server, 'POST', '/api/admin/config/apis', { token: admin, json: body });
  const apiCount = async () =>
    (await server.services.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM shipping_apis`))[0]?.n ?? 0;

  it('refuses a key EasyPost refuses, and a base URL that is not EasyPost or its sandbox; saves nothing', async () => {
    const before = await apiCount();
    const wrongKey = await addApi({
      name: 'EasyPost',
      key: 'not-a-test-key',
      baseUrl: `${server.url}/sandbox/easypost`,
      kind: 'easypost',
    });
    expect(wrongKey.status, wrongKey.text).toBe(400);
    expect(errorOf(wrongKey).error.message).toBe(PROVIDER_ERROR_MESSAGES.keyRefused);

    // The carrier sandbox is on this very server, but it is not an EasyPost endpoint.
    const wrongHost = await addApi({
      name: 'EasyPost',
      key: KEY,
      baseUrl: `${server.url}/sandbox/carrier/catalogues/alpha`,
      kind: 'easypost',
    });
    expect(wrongHost.status, wrongHost.text).toBe(400);
    expect(errorOf(wrongHost).error.message).toContain('https://api.easypost.com');
    const elsewhere = await addApi({
      name: 'EasyPost',
      key: KEY,
      baseUrl: 'https://api.example.com',
      kind: 'easypost',
    });
    expect(elsewhere.status, elsewhere.text).toBe(400);
    expect(await apiCount()).toBe(before);
  });

  it('adds the API, lists its services in the update check with price ranges, and adds UPS Ground', async () => {
    const res = await addApi({
      name: 'EasyPost',
      key: KEY,
      baseUrl: `${server.url}/sandbox/easypost`,
      kind: 'easypost',
    });
    expect(res.status, res.text).toBe(201);
    api = ApiConfigResponse.parse(res.body).api;
    expect(api.kind).toBe('easypost');
    const listed = await call(server, 'GET', '/api/admin/config/apis', { token: admin });
    expect((listed.body as { apis: ShippingApiConfig[] }).apis.find((a) => a._id === api._id)?.kind).toBe('easypost');

    const check = await call(server, 'POST', '/api/admin/services/check-updates', {
      token: admin,
      json: { apis: [{ id: api._id }] },
    });
    expect(check.status, check.text).toBe(200);
    const result = CheckUpdatesResponse.parse(check.body)[api._id];
    if (!result || isReportError(result)) throw new Error(`update check failed: ${JSON.stringify(result)}`);
    const ground = result.carriers.UPS.find((s) => s.serviceCode === 'ups_ground');
    expect(ground?.name).toBe('UPS Ground');
    // Rated at the reference parcels: one price per weight step, lightest first, each dearer or equal.
    expect(ground?.prices.map((p) => [p.fromWeight, p.toWeight])).toEqual([
      [0, 1],
      [1, 5],
      [5, 10],
      [10, 20],
      [20, 50],
      [50, 70],
      [70, 150],
    ]);
    const prices = ground?.prices.map((p) => p.price) ?? [];
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // FedEx Home Delivery stops at 70 lbs in the sandbox: the 150 lbs parcel got no rate, so its maximum is known.
    expect(result.carriers.FEDEX.find((s) => s.serviceCode === 'fedex_home_delivery')?.maxWeight).toBe(70);
    expect(result.carriers.USPS.some((s) => s.serviceCode === 'usps_priority_mail')).toBe(true);

    const add = await call(server, 'POST', '/api/admin/services/add-services', {
      token: admin,
      json: { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
    });
    expect(add.status, add.text).toBe(200);
  });

  it('a customer prices and buys UPS Ground on it: label PDF, tracking, provider cost = the rate bought', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const body = {
      apiId: api._id,
      carrier: 'UPS' as const,
      serviceType: 'UPS Ground',
      sender: SENDER,
      recipient: RECIPIENT,
      packageDetails: { weight: 3, weightUnit: 'lbs' as const, length: 10, width: 8, height: 4, description: 'Books' },
    };
    const price = await quote(server, buyer.token, body);
    expect(price.price).toBeGreaterThan(0);
    const bought = await buyLabel(server, buyer.token, body);
    expect(bought.order.status).toBe('completed');
    expect(bought.order.trackingNumber).toMatch(/^1Z/);

    const [row] = await server.services.db.all<{ provider_label_id: string; provider_cost_cents: number }>(
      sql`SELECT provider_label_id, provider_cost_cents FROM orders WHERE id = ${bought.order._id}`,
    );
    expect(row?.provider_label_id).toMatch(/^shp_/);
    const shipment = (await (
      await fetch(`${server.url}/sandbox/easypost/v2/shipments/${row?.provider_label_id}`, {
        headers: { Authorization: `Basic ${btoa(`${KEY}:`)}` },
      })
    ).json()) as { selected_rate: { rate: string }; reference: string };
    expect(row?.provider_cost_cents).toBe(Math.round(Number(shipment.selected_rate.rate) * 100));
    expect(shipment.reference).toBe(bought.order._id);
    expect((await moneyOf(server, buyer.id)).balance).toBe(10_000 - Math.round(price.price * 100));

    const link = await labelLink(server, buyer.token, bought.order._id);
    const pdf = await fetchLabel(server, link.url);
    expect(pdf.status).toBe(200);
    expect(startsWithPdf(pdf.bytes)).toBe(true);

    const tracking = await call(server, 'POST', `/api/tracking/${bought.order._id}/refresh`, { token: buyer.token });
    expect(tracking.status, tracking.text).toBe(200);
    expect((tracking.body as { trackingNumber: string }).trackingNumber).toBe(bought.order.trackingNumber);
  });

  it('a buy whose answer is lost is looked up by our reference, not bought a second time', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const before = server.easypost?.purchases().length ?? 0;
    server.easypost?.failBuysAfterPurchase(1);
    const body = {
      apiId: api._id,
      carrier: 'UPS' as const,
      serviceType: 'UPS Ground',
      sender: SENDER,
      recipient: RECIPIENT,
      packageDetails: { weight: 2, weightUnit: 'lbs' as const, length: 10, width: 8, height: 4 },
    };
    const res = await postOrder(server, buyer.token, body);
    expect(res.status, res.text).toBe(202);
    const orderId = (res.body as { order: { _id: string } }).order._id;
    expect(server.easypost?.purchases().length).toBe(before + 1);

    // Reconciliation asks EasyPost for the shipment with our reference: it was bought, so that label completes it.
    await reconcileJob(server, orderId);
    const [row] = await server.services.db.all<{ status: string; provider_label_id: string }>(
      sql`SELECT status, provider_label_id FROM orders WHERE id = ${orderId}`,
    );
    expect(row?.status).toBe('completed');
    const purchases = server.easypost?.purchases() ?? [];
    expect(purchases.length).toBe(before + 1);
    expect(purchases.filter((p) => p.reference === orderId)).toEqual([
      { shipmentId: row?.provider_label_id, reference: orderId, refund: null },
    ]);
  });
});
