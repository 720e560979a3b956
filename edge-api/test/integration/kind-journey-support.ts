import {
  ApiConfigResponse,
  CheckUpdatesResponse,
  isReportError,
  type LabelFormat,
  OrderResponse,
  type ShippingApiConfig,
  TrackingRefreshResponse,
} from '@labeldesk/contracts';
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

/** One purchase as the provider's sandbox keeps it, in common terms. */
export interface SandboxPurchase {
  labelId: string;
  reference: string | null;
  /** The provider's refund status, null when none was asked for. */
  refund: string | null;
}

/** What differs between the provider kinds whose sandboxes the journey runs through. */
export interface KindJourney {
  kind: 'easypost' | 'shippo';
  /** As the Add New API error names the kind's official host. */
  officialBaseUrl: string;
  sandboxPath: '/sandbox/easypost' | '/sandbox/shippo';
  /** A key the sandbox accepts (the provider's test prefix). */
  testKey: string;
  /** The provider's label id (what orders.provider_label_id holds). */
  labelIdPattern: RegExp;
  /** The formats its labels can be had in (LABEL_FORMATS_BY_KIND). */
  labelFormats: LabelFormat[];
  controls(server: TestServer): {
    failBuysAfterPurchase(count: number): void;
    breakLabelFiles(count: number): void;
    purchases(): SandboxPurchase[];
  };
  /** The price of the rate the label was bought at (cents) and the reference the provider keeps, read from it. */
  bought(server: TestServer, labelId: string): Promise<{ cents: number; reference: string | null }>;
}

/** The refund status of a voided label, per provider: EasyPost `submitted`, Shippo `REFUNDPENDING`. */
const VOID_REQUESTED = new Set(['submitted', 'REFUNDPENDING']);

/**
 * An API of one provider kind end to end over real HTTP, through its embedded sandbox: Add New API (a refused key, a
 * foreign host), the update check, adding services, a quote, a purchase with its label PDF, tracking, a lost purchase
 * answer settled by looking the purchase up (never by buying twice), and an unusable label voided at the provider
 * before the customer is refunded.
 */
export function describeKindJourney(spec: KindJourney): void {
  describe(`provider kind ${spec.kind}: the journey through its sandbox`, () => {
    let server: TestServer;
    let admin: string;
    let api: ShippingApiConfig;

    beforeAll(async () => {
      server = await startOrdersServer({ runJobs: false });
      admin = (await loginAdmin(server)).token;
    });
    afterAll(async () => {
      await server?.stop();
    });

    const addApi = (body: Record<string, unknown>) =>
      call(server, 'POST', '/api/admin/config/apis', { token: admin, json: { kind: spec.kind, ...body } });
    const apiCount = async () =>
      (await server.services.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM shipping_apis`))[0]?.n ?? 0;
    const order = (weight: number) => ({
      apiId: api._id,
      carrier: 'UPS' as const,
      serviceType: 'UPS Ground',
      sender: SENDER,
      recipient: RECIPIENT,
      packageDetails: { weight, weightUnit: 'lbs' as const, length: 10, width: 8, height: 4, description: 'Books' },
    });
    const orderRow = async (orderId: string) =>
      (
        await server.services.db.all<{
          status: string;
          provider_label_id: string | null;
          provider_cost_cents: number | null;
          refund_entry_id: string | null;
        }>(
          sql`SELECT status, provider_label_id, provider_cost_cents, refund_entry_id FROM orders WHERE id = ${orderId}`,
        )
      )[0];

    it('refuses a key the provider refuses and a base URL that is not the provider or its sandbox; saves nothing', async () => {
      const before = await apiCount();
      const wrongKey = await addApi({
        name: spec.kind,
        key: 'not-a-test-key',
        baseUrl: `${server.url}${spec.sandboxPath}`,
      });
      expect(wrongKey.status, wrongKey.text).toBe(400);
      expect(errorOf(wrongKey).error.message).toBe(PROVIDER_ERROR_MESSAGES.keyRefused);
      // The carrier sandbox is on this very server, but it is not an endpoint of this kind.
      const wrongHost = await addApi({
        name: spec.kind,
        key: spec.testKey,
        baseUrl: `${server.url}/sandbox/carrier/catalogues/alpha`,
      });
      expect(wrongHost.status, wrongHost.text).toBe(400);
      expect(errorOf(wrongHost).error.message).toContain(spec.officialBaseUrl);
      const elsewhere = await addApi({ name: spec.kind, key: spec.testKey, baseUrl: 'https://api.example.com' });
      expect(elsewhere.status, elsewhere.text).toBe(400);
      expect(await apiCount()).toBe(before);
    });

    it('adds the API, lists its services with price ranges in the update check, and adds UPS Ground', async () => {
      const res = await addApi({ name: spec.kind, key: spec.testKey, baseUrl: `${server.url}${spec.sandboxPath}` });
      expect(res.status, res.text).toBe(201);
      api = ApiConfigResponse.parse(res.body).api;
      expect(api.kind).toBe(spec.kind);
      const listed = await call(server, 'GET', '/api/admin/config/apis', { token: admin });
      expect((listed.body as { apis: ShippingApiConfig[] }).apis.find((a) => a._id === api._id)?.kind).toBe(spec.kind);

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
      // The same canonical codes as every other API, whatever the provider calls the services.
      expect(result.carriers.USPS.map((s) => s.serviceCode)).toContain('usps_priority_mail');
      expect(result.carriers.UPS.map((s) => s.serviceCode)).toContain('ups_2nd_day_air');

      const add = await call(server, 'POST', '/api/admin/services/add-services', {
        token: admin,
        json: { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
      });
      expect(add.status, add.text).toBe(200);
    });

    it('a customer prices and buys UPS Ground on it: label PDF, tracking, provider cost = the rate bought', async () => {
      const buyer = await newCustomer(server, admin, 100);
      const price = await quote(server, buyer.token, order(3));
      expect(price.price).toBeGreaterThan(0);
      const bought = await buyLabel(server, buyer.token, order(3));
      expect(bought.order.status).toBe('completed');
      expect(bought.order.trackingNumber).toMatch(/^1Z/);

      const row = await orderRow(bought.order._id);
      expect(row?.provider_label_id).toMatch(spec.labelIdPattern);
      const rate = await spec.bought(server, row?.provider_label_id ?? '');
      expect(row?.provider_cost_cents).toBe(rate.cents);
      expect(rate.reference).toBe(bought.order._id);
      expect((await moneyOf(server, buyer.id)).balance).toBe(10_000 - Math.round(price.price * 100));

      const link = await labelLink(server, buyer.token, bought.order._id);
      const pdf = await fetchLabel(server, link.url);
      expect(pdf.status).toBe(200);
      expect(startsWithPdf(pdf.bytes)).toBe(true);

      const tracking = await call(server, 'POST', `/api/tracking/${bought.order._id}/refresh`, { token: buyer.token });
      expect(tracking.status, tracking.text).toBe(200);
      const info = TrackingRefreshResponse.parse(tracking.body);
      expect(info.trackingNumber).toBe(bought.order.trackingNumber);
      expect(info.carrier).toBe('UPS');
      expect(info.events.length).toBeGreaterThan(0);
    });

    it('its labels come in the formats the provider gives, each offered; any other is a clear 400', async () => {
      const buyer = await newCustomer(server, admin, 100);
      const bought = await buyLabel(server, buyer.token, order(1));
      const id = bought.order._id;
      const details = await call(server, 'GET', `/api/orders/${id}`, { token: buyer.token });
      expect(details.status, details.text).toBe(200);
      expect(OrderResponse.parse(details.body).order.labelFormats).toEqual(spec.labelFormats);
      const download = (query: string) => fetchLabel(server, `/api/labels/${id}/download${query}`, buyer.token);
      const refusal = async (query: string) => {
        const res = await download(query);
        expect(res.status).toBe(400);
        return (JSON.parse(new TextDecoder().decode(res.bytes)) as { error: { message: string } }).error.message;
      };
      if (spec.labelFormats.includes('zpl')) {
        // Converted by the provider, not by us: a 4x6 at 203 dpi with the tracking number in its barcode field.
        const res = await download('?format=zpl');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/zpl');
        const zpl = new TextDecoder().decode(res.bytes).trim();
        expect(zpl.match(/\^XA/g)).toHaveLength(1);
        expect(zpl).toContain('^PW812');
        expect(zpl).toMatch(new RegExp(`\\^BCN,[^\\n]*\\^FD${bought.order.trackingNumber}\\^FS`));
        expect(await refusal('?format=zpl&dpi=300')).toBe(
          'This label is not available as ZPL at 300 dpi: its shipping service prints ZPL at 203 dpi only',
        );
      } else {
        expect(await refusal('?format=zpl')).toBe(
          'This label is not available as ZPL: its shipping service does not print that format',
        );
      }
      expect(await refusal('?format=png')).toBe(
        'This label is not available as PNG: its shipping service does not print that format',
      );
      expect(startsWithPdf((await download('?format=pdf')).bytes)).toBe(true);
    });

    it('a purchase whose answer is lost is looked up by our reference, not bought a second time', async () => {
      const buyer = await newCustomer(server, admin, 100);
      const sandbox = spec.controls(server);
      const before = sandbox.purchases().length;
      sandbox.failBuysAfterPurchase(1);
      const res = await postOrder(server, buyer.token, order(2));
      expect(res.status, res.text).toBe(202);
      const orderId = (res.body as { order: { _id: string } }).order._id;
      expect(sandbox.purchases().length).toBe(before + 1);

      await reconcileJob(server, orderId);
      const row = await orderRow(orderId);
      expect(row?.status).toBe('completed');
      expect(sandbox.purchases().length).toBe(before + 1);
      expect(sandbox.purchases().filter((p) => p.reference === orderId)).toEqual([
        { labelId: row?.provider_label_id, reference: orderId, refund: null },
      ]);
    });

    it('a label that cannot be used is voided at the provider, and only then the customer refunded', async () => {
      const buyer = await newCustomer(server, admin, 100);
      const sandbox = spec.controls(server);
      // The label is bought, but its PDF is unreadable on the purchase and again when reconciliation asks for it.
      sandbox.breakLabelFiles(2);
      const res = await postOrder(server, buyer.token, order(4));
      expect(res.status, res.text).toBe(202);
      const orderId = (res.body as { order: { _id: string } }).order._id;
      const paid = await moneyOf(server, buyer.id);
      expect(paid.balance).toBeLessThan(10_000);

      await reconcileJob(server, orderId);
      const mine = sandbox.purchases().filter((p) => p.reference === orderId);
      // One label for the order, and its refund asked for at the provider (never a second purchase).
      expect(mine).toHaveLength(1);
      expect(VOID_REQUESTED.has(mine[0]?.refund ?? '')).toBe(true);
      const row = await orderRow(orderId);
      expect(row?.status).toBe('failed');
      expect(row?.refund_entry_id).not.toBeNull();
      const after = await moneyOf(server, buyer.id);
      expect(after).toMatchObject({ balance: 10_000, refunds: 1, ledger: 10_000 });
    });
  });
}
