import {
  ORDER_MESSAGES,
  V1CreateBulkLabelsResponse,
  V1CreateLabelResponse,
  V1RatesResponse,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallResult, errorOf, type TestServer } from './helpers';
import { moneyOf, newCustomer, RECIPIENT, SENDER, startShop } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';
import { ADDRESS_REFUSAL_CASES } from './refusal-cases';

/**
 * POST /api/v1/rates checks the addresses exactly as POST /api/v1/create-label does, over HTTP on a real database file:
 * every address create-label refuses (required fields, and the US ZIP codes and states no carrier takes) answers the
 * same status and body on /rates, with a live key and a test key, and nothing is written or charged. Addresses the
 * carriers do take (ZIP+4, a lower-case state, another country's postcode) are rated, and bought at that rate.
 */

const PARCEL = { weight: 3, weightUnit: 'lbs', dimensions: { length: 10, width: 8, height: 4 } };

let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, admin } = await startShop());
}, 60_000);
afterAll(() => server?.stop());

async function integrator(balance: number) {
  const buyer = await newCustomer(server, admin, balance);
  return { ...buyer, keys: await apiKeysOf(server, buyer.token) };
}

const answerOf = (res: CallResult) => ({ status: res.status, body: res.body ?? res.text });

async function ordersWritten(userId: string): Promise<number> {
  const [row] = await server.services.db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM orders WHERE user_id = ${userId}`,
  );
  return Number(row?.n);
}

describe('POST /api/v1/rates: the addresses create-label refuses', () => {
  it.each(ADDRESS_REFUSAL_CASES)(
    '%s: /rates answers as /create-label, with either key, and nothing is charged',
    async (_name, parties) => {
      const me = await integrator(50);
      const good = await v1(server, 'POST', '/rates', {
        key: me.keys.apiKey,
        json: { sender: SENDER, recipient: RECIPIENT, packageDetails: PARCEL },
      });
      const serviceId = V1RatesResponse.parse(good.body).rates[0]?.serviceId;
      expect(serviceId).toBeDefined();
      const shipment = { sender: SENDER, recipient: RECIPIENT, packageDetails: PARCEL, ...parties };
      for (const key of [me.keys.apiKey, me.keys.testKey]) {
        const bought = await v1(server, 'POST', '/create-label', { key, json: { serviceId, ...shipment } });
        const rated = await v1(server, 'POST', '/rates', { key, json: shipment });
        expect(bought.status, bought.text).toBe(400);
        expect(answerOf(rated)).toEqual(answerOf(bought));
      }
      expect(await moneyOf(server, me.id)).toMatchObject({ balance: 5000, ledger: 5000, debits: 0, refunds: 0 });
      expect(await ordersWritten(me.id)).toBe(0);
    },
  );

  it.each(ADDRESS_REFUSAL_CASES)(
    '%s: /create-bulk-labels refuses that order the same way, whole or alone with partial',
    async (_name, parties) => {
      const me = await integrator(50);
      const good = await v1(server, 'POST', '/rates', {
        key: me.keys.apiKey,
        json: { sender: SENDER, recipient: RECIPIENT, packageDetails: PARCEL },
      });
      const [rate] = V1RatesResponse.parse(good.body).rates;
      const order = { sender: SENDER, recipient: RECIPIENT, packageDetails: PARCEL };
      const bad = { ...order, ...parties };
      const single = await v1(server, 'POST', '/create-label', {
        key: me.keys.apiKey,
        json: { serviceId: rate?.serviceId, ...bad },
      });
      expect(single.status, single.text).toBe(400);
      const reasons = errorOf(single).error.details.map((d) => d.path);
      for (const key of [me.keys.apiKey, me.keys.testKey]) {
        const whole = await v1(server, 'POST', '/create-bulk-labels', {
          key,
          json: { serviceId: rate?.serviceId, orders: [order, bad] },
        });
        expect(whole.status, whole.text).toBe(400);
        expect(errorOf(whole).error.code).toBe('invalid_input');
        const partial = await v1(server, 'POST', '/create-bulk-labels', {
          key,
          json: { serviceId: rate?.serviceId, partial: true, orders: [order, bad] },
        });
        expect(partial.status, partial.text).toBe(201);
        const { data } = V1CreateBulkLabelsResponse.parse(partial.body);
        expect(data.totalPrice).toBe(rate?.price);
        expect(data.rejected?.map((r) => r.index)).toEqual([1]);
        expect(data.rejected?.[0]?.details.map((d) => d.path)).toEqual(reasons.map((path) => `orders[1].${path}`));
      }
      // The live partial order holds exactly the one good label's price; the whole ones wrote nothing.
      expect((await moneyOf(server, me.id)).debits).toBe(1);
      expect((await moneyOf(server, me.id)).balance).toBe(5000 - Math.round((rate?.price ?? 0) * 100));
    },
  );

  it('names every US field no carrier takes, on the request’s own paths', async () => {
    const me = await integrator(0);
    const res = await v1(server, 'POST', '/rates', {
      key: me.keys.apiKey,
      json: {
        sender: { ...SENDER, zip: '1000' },
        recipient: { ...RECIPIENT, zip: '94105-12', state: 'California' },
        packageDetails: PARCEL,
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res).error).toEqual({
      code: 'invalid_input',
      message: ORDER_MESSAGES.usZip,
      details: [
        { path: 'sender.zip', message: ORDER_MESSAGES.usZip },
        { path: 'recipient.zip', message: ORDER_MESSAGES.usZip },
        { path: 'recipient.state', message: ORDER_MESSAGES.usState },
      ],
    });
  });

  it.each([
    ['a ZIP+4 and a lower-case state', { ...RECIPIENT, zip: '94105-1234', state: 'ca' }],
    ['a Canadian postcode and province', { ...RECIPIENT, country: 'CA', zip: 'M5V 2T6', state: 'ON', city: 'Toronto' }],
  ])('%s: rated, and bought at that rate', async (_name, recipient) => {
    const me = await integrator(50);
    const shipment = { sender: SENDER, recipient, packageDetails: PARCEL };
    const rated = await v1(server, 'POST', '/rates', { key: me.keys.apiKey, json: shipment });
    expect(rated.status, rated.text).toBe(200);
    const [rate] = V1RatesResponse.parse(rated.body).rates;
    expect(rate).toBeDefined();
    const bought = await v1(server, 'POST', '/create-label', {
      key: me.keys.apiKey,
      json: { serviceId: rate?.serviceId, ...shipment },
    });
    expect(bought.status, bought.text).toBe(201);
    expect(V1CreateLabelResponse.parse(bought.body).data.order.price).toBe(rate?.price);
    expect((await moneyOf(server, me.id)).balance).toBe(5000 - Math.round((rate?.price ?? 0) * 100));
  });
});
