import { ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, type TestServer } from './helpers';
import { moneyOf, newCustomer, ordersOf, postOrder, startShop, upsGround } from './orders-support';
import { REFUSAL_CASES } from './refusal-cases';

/**
 * Purchases the server refuses before it asks a provider (SPEC §5 texts, an unknown or disabled service, a balance
 * too small): each answers its status and message and writes nothing (split from orders.purchase, its own server).
 */
describe('refused purchases', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let api2: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1, api2 } = await startShop());
  });
  afterAll(() => server.stop());

  const customer = (balance: number) => newCustomer(server, admin, balance);

  describe('SPEC §5 refusals write nothing', () => {
    const cases = REFUSAL_CASES;

    it.each(cases)('%s', async (_name, body, status, message) => {
      const buyer = await customer(50);
      const res = await postOrder(server, buyer.token, body(api1));
      expect(res.status, res.text).toBe(status);
      expect(errorOf(res).error.message).toBe(message);
      expect(await ordersOf(server, buyer.id)).toEqual([]);
      expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000, ledger: 5000, totalSpend: 0, debits: 0 });
      // The quote refuses the same way (except for fields it does not read).
      if (status === 404 || message.startsWith('Weight exceeds') || message === 'Service currently unavailable') {
        const q = await call(server, 'POST', '/api/orders/calculate-price', { token: buyer.token, json: body(api1) });
        expect(q.status).toBe(status);
        expect(errorOf(q).error.message).toBe(message);
      }
    });

    it('a disabled service is not sold', async () => {
      const buyer = await customer(50);
      const off = await call(server, 'PATCH', `/api/admin/config/pricing/${api2._id}/UPS/UPS%20Next%20Day%20Air`, {
        token: admin,
        json: { basePrice: 44, enabled: false },
      });
      expect(off.status, off.text).toBe(200);
      const res = await postOrder(server, buyer.token, upsGround(api2, { serviceType: 'UPS Next Day Air' }));
      expect(res.status).toBe(404);
      expect(errorOf(res).error.message).toBe(ORDER_MESSAGES.serviceNotFound);
      expect(await ordersOf(server, buyer.id)).toEqual([]);
    });
  });

  it('insufficient balance: 402 with nothing written', async () => {
    const buyer = await customer(11.39);
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status).toBe(402);
    expect(errorOf(res).error).toMatchObject({
      code: 'insufficient_funds',
      message: 'Insufficient balance. Please add funds first.',
    });
    expect(await ordersOf(server, buyer.id)).toEqual([]);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 1139, ledger: 1139, totalSpend: 0, debits: 0 });
  });
});
