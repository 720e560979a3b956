import {
  type UpdateUserPricingRequest,
  V1CreateLabelResponse,
  type V1Rate,
  V1RatesResponse,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer } from './helpers';
import { moneyOf, newCustomer, RECIPIENT, SENDER, startShop } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * POST /api/v1/rates over HTTP on a real database file: for every rate, POST /create-label with its serviceId then
 * charges exactly that price (the balance before and after, in the ledger), with and without custom pricing, for a
 * light parcel, a heavy one and one weighed in ounces; services that cannot take a parcel are left out and refuse it
 * when bought; the same bad input answers the same as create-label. Every answer is checked against the document.
 */

type Parcel = {
  weight: number;
  weightUnit?: 'lbs' | 'oz';
  dimensions: { length: number; width: number; height: number };
};

const shipment = (packageDetails: Parcel) => ({ sender: SENDER, recipient: RECIPIENT, packageDetails });
const LIGHT: Parcel = { weight: 3, dimensions: { length: 10, width: 8, height: 4 } };
const OUNCES: Parcel = { weight: 12, weightUnit: 'oz', dimensions: { length: 6, width: 4, height: 2 } };
const HEAVY: Parcel = { weight: 60, dimensions: { length: 20, width: 20, height: 20 } };

/** Custom prices on API 1: a percentage off, a fixed price, an amount off, and a carrier switched off. */
const CUSTOM: UpdateUserPricingRequest = {
  enabled: true,
  carriers: {
    UPS: {
      enabled: true,
      services: {
        'UPS Ground': { type: 'discount_percentage', discountPercentage: 12.5, applyToAllTiers: true },
        'UPS 3 Day Select': { type: 'discount_amount', discountAmount: 1.07, applyToAllTiers: true },
      },
    },
    USPS: {
      enabled: true,
      services: { 'USPS Priority Mail': { type: 'fixed', fixedPrice: 4.99, applyToAllTiers: true } },
    },
    FEDEX: { enabled: false, services: { 'FedEx Ground': { type: 'fixed', fixedPrice: 1, applyToAllTiers: true } } },
  },
};

describe('POST /api/v1/rates', () => {
  let server: TestServer;
  let admin: string;
  let api1: string;

  beforeAll(async () => {
    const shop = await startShop();
    ({ server, admin } = shop);
    api1 = shop.api1._id;
  });
  afterAll(() => server.stop());

  async function integrator(balance: number) {
    const buyer = await newCustomer(server, admin, balance);
    return { ...buyer, keys: await apiKeysOf(server, buyer.token) };
  }

  async function rates(key: string, body: unknown): Promise<V1Rate[]> {
    const res = await v1(server, 'POST', '/rates', { key, json: body });
    expect(res.status, res.text).toBe(200);
    return V1RatesResponse.parse(res.body).rates;
  }

  /** Buys each rated service for the parcel and expects the balance to drop by exactly the rate. */
  async function expectChargedAsRated(me: { id: string; keys: { apiKey: string } }, parcel: Parcel, list: V1Rate[]) {
    for (const rate of list) {
      const before = await moneyOf(server, me.id);
      const res = await v1(server, 'POST', '/create-label', {
        key: me.keys.apiKey,
        json: { serviceId: rate.serviceId, ...shipment(parcel) },
      });
      expect(res.status, `${rate.apiName} ${rate.name}: ${res.text}`).toBe(201);
      const { order } = V1CreateLabelResponse.parse(res.body).data;
      const after = await moneyOf(server, me.id);
      expect(before.balance - after.balance, `${rate.apiName} ${rate.name}`).toBe(Math.round(rate.price * 100));
      expect(after.ledger).toBe(after.balance);
      expect(order).toMatchObject({ price: rate.price, serviceName: rate.name, carrier: rate.carrier });
    }
  }

  it('quotes every service that takes the parcel, and create-label charges exactly each rate', async () => {
    const me = await integrator(2000);
    const light = await rates(me.keys.apiKey, shipment(LIGHT));
    // Both seeded APIs, all three carriers, cheapest first.
    expect(new Set(light.map((r) => r.apiName))).toEqual(new Set(['API 1', 'API 2']));
    expect(new Set(light.map((r) => r.carrier))).toEqual(new Set(['UPS', 'USPS', 'FEDEX']));
    expect(light.map((r) => r.price)).toEqual([...light.map((r) => r.price)].sort((a, b) => a - b));
    await expectChargedAsRated(me, LIGHT, light);

    const ounces = await rates(me.keys.apiKey, { ...shipment(OUNCES), apiId: api1 });
    expect(ounces.every((r) => r.apiId === api1)).toBe(true);
    await expectChargedAsRated(me, OUNCES, ounces);

    // A heavy parcel: the services it is too heavy for are left out, and buying one of them is refused, uncharged.
    const heavy = await rates(me.keys.apiKey, shipment(HEAVY));
    const left = light.filter((r) => !heavy.some((h) => h.serviceId === r.serviceId));
    expect(left.length).toBeGreaterThan(0);
    expect(heavy.length).toBeGreaterThan(0);
    const before = await moneyOf(server, me.id);
    const refused = await v1(server, 'POST', '/create-label', {
      key: me.keys.apiKey,
      json: { serviceId: left[0]?.serviceId, ...shipment(HEAVY) },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(await moneyOf(server, me.id)).toEqual(before);
    await expectChargedAsRated(me, HEAVY, heavy.slice(0, 3));
  });

  it("quotes a customer's custom prices, which create-label then charges; a test key gets the same rates", async () => {
    const plain = await integrator(0);
    const me = await integrator(2000);
    const saved = await call(server, 'PATCH', `/api/admin/users/${me.id}/pricing/${api1}`, {
      token: admin,
      json: CUSTOM,
    });
    expect(saved.status, saved.text).toBe(200);
    const mine = await rates(me.keys.apiKey, { ...shipment(LIGHT), apiId: api1 });
    const theirs = await rates(plain.keys.apiKey, { ...shipment(LIGHT), apiId: api1 });
    const price = (list: V1Rate[], name: string) => list.find((r) => r.name === name)?.price;
    expect(price(mine, 'USPS Priority Mail')).toBe(4.99);
    expect(price(mine, 'UPS Ground')).toBeLessThan(price(theirs, 'UPS Ground') ?? 0);
    expect(price(mine, 'FedEx Ground')).toBe(price(theirs, 'FedEx Ground'));
    await expectChargedAsRated(me, LIGHT, mine);
    const test = await v1(server, 'POST', '/rates', {
      key: me.keys.testKey,
      json: { ...shipment(LIGHT), apiId: api1 },
    });
    expect(V1RatesResponse.parse(test.body)).toEqual({ status: 'success', livemode: false, rates: mine });
  });

  it('answers bad input exactly as create-label does, and an unknown apiId with 404', async () => {
    const me = await integrator(50);
    const [any] = await rates(me.keys.apiKey, shipment(LIGHT));
    const bad: unknown[] = [
      { ...shipment(LIGHT), recipient: { ...RECIPIENT, city: '' } },
      { ...shipment(LIGHT), sender: { ...SENDER, name: ' ' }, recipient: { ...RECIPIENT, street1: 'x'.repeat(500) } },
      { ...shipment({ ...LIGHT, weight: 0 }) },
      { ...shipment({ ...LIGHT, weight: -1, dimensions: { length: 0, width: 8, height: 4 } }) },
      { sender: SENDER, packageDetails: LIGHT },
      { ...shipment(LIGHT), packageDetails: { weight: 3 } },
    ];
    for (const body of bad) {
      const rated = await v1(server, 'POST', '/rates', { key: me.keys.apiKey, json: body });
      const bought = await v1(server, 'POST', '/create-label', {
        key: me.keys.apiKey,
        json: { serviceId: any?.serviceId, ...(body as object) },
      });
      expect(rated.status, rated.text).toBe(400);
      expect(rated.body, JSON.stringify(body)).toEqual(bought.body);
    }
    for (const raw of ['{"sender":', 'not json']) {
      const headers = { 'Content-Type': 'application/json' };
      const rated = await v1(server, 'POST', '/rates', { key: me.keys.apiKey, raw, headers });
      const bought = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, raw, headers });
      expect(rated.status).toBe(400);
      expect(rated.body).toEqual(bought.body);
    }
    const text = await v1(server, 'POST', '/rates', {
      key: me.keys.apiKey,
      raw: 'a=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    const unknown = await v1(server, 'POST', '/rates', {
      key: me.keys.apiKey,
      json: { ...shipment(LIGHT), apiId: 'nope' },
    });
    expect(unknown.status).toBe(404);
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 5000, debits: 0 });
  });
});
