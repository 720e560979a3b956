import { CreateOrderResponse, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MESSAGE } from '../../src/lib/idempotency';
import { call, errorOf, type TestServer } from './helpers';
import {
  CARRIER_REFUSED_RECIPIENT,
  ledgerRowsOf,
  moneyOf,
  newCustomer,
  ordersOf,
  postOrder,
  RECIPIENT,
  startShop,
  upsGround,
} from './orders-support';

/** Retries and races: the Idempotency-Key header, and many purchases at once on one balance. */
describe('order idempotency and concurrency', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
  });
  afterAll(() => server.stop());

  it('20 parallel requests with one Idempotency-Key: one debit, one label, every answer names the same order', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const body = upsGround(api1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postOrder(server, buyer.token, body, 'checkout-7f3a')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const parsed = answers.map((a) => CreateOrderResponse.parse(a.body));
    const ids = new Set(parsed.map((p) => p._id));
    expect(ids.size).toBe(1);
    expect(new Set(parsed.map((p) => p.order.trackingNumber)).size).toBe(1);
    expect(parsed.every((p) => p.order.status === 'completed' && p.order.hasLabel)).toBe(true);

    const orders = await ordersOf(server, buyer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'completed', idempotency_key: 'checkout-7f3a' });
    expect(await moneyOf(server, buyer.id)).toMatchObject({
      balance: 10000 - 1140,
      ledger: 10000 - 1140,
      totalSpend: 1140,
      debits: 1,
      refunds: 0,
    });
  });

  it('a retry after the answer was lost gets the first result, even if the price changed since', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const body = upsGround(api1, {
      carrier: 'USPS',
      serviceType: 'USPS Priority Mail',
      packageDetails: { weight: 1, length: 6, width: 4, height: 2 },
    });
    const first = await postOrder(server, buyer.token, body, 'retry-1');
    expect(first.status).toBe(201);
    // The admin changes the service price; the retried purchase is the one already made, at its price.
    const priced = await call(server, 'PATCH', `/api/admin/config/pricing/${api1._id}/USPS/USPS%20Priority%20Mail`, {
      token: admin,
      json: { basePrice: 99, enabled: true },
    });
    expect(priced.status, priced.text).toBe(200);
    const again = await postOrder(server, buyer.token, body, 'retry-1');
    expect(again.status).toBe(200);
    const a = CreateOrderResponse.parse(first.body);
    const b = CreateOrderResponse.parse(again.body);
    expect(b._id).toBe(a._id);
    expect(b.order.price).toBe(a.order.price);
    expect(b.message).toBe(ORDER_MESSAGES.created);
    expect(b.newBalance).toBe(a.newBalance);
    expect((await moneyOf(server, buyer.id)).debits).toBe(1);
  });

  it('a retry after the service was switched off gets the first result; a new key is refused', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const body = upsGround(api1, {
      serviceType: 'UPS 2nd Day Air',
      packageDetails: { weight: 1, length: 6, width: 4, height: 2 },
    });
    const first = await postOrder(server, buyer.token, body, 'retry-off-1');
    expect(first.status, first.text).toBe(201);
    const off = await call(server, 'PATCH', `/api/admin/config/pricing/${api1._id}/UPS/UPS%202nd%20Day%20Air`, {
      token: admin,
      json: { basePrice: 30, enabled: false },
    });
    expect(off.status, off.text).toBe(200);
    try {
      const again = await postOrder(server, buyer.token, body, 'retry-off-1');
      expect(again.status, again.text).toBe(200);
      expect(CreateOrderResponse.parse(again.body)._id).toBe(CreateOrderResponse.parse(first.body)._id);
      const fresh = await postOrder(server, buyer.token, body, 'retry-off-2');
      expect(fresh.status).toBe(404);
      expect(errorOf(fresh).error.message).toBe(ORDER_MESSAGES.serviceNotFound);
      expect((await moneyOf(server, buyer.id)).debits).toBe(1);
    } finally {
      await call(server, 'PATCH', `/api/admin/config/pricing/${api1._id}/UPS/UPS%202nd%20Day%20Air`, {
        token: admin,
        json: { basePrice: 30, enabled: true },
      });
    }
  });

  it('the same key with another body is refused and changes nothing', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const first = await postOrder(server, buyer.token, upsGround(api1), 'key-A');
    expect(first.status).toBe(201);
    const other = await postOrder(
      server,
      buyer.token,
      upsGround(api1, { recipient: { ...RECIPIENT, name: 'Someone Else' } }),
      'key-A',
    );
    expect(other.status).toBe(409);
    expect(errorOf(other).error).toMatchObject({ code: 'conflict', message: ORDER_MESSAGES.idempotencyMismatch });
    expect(await ordersOf(server, buyer.id)).toHaveLength(1);
    expect((await moneyOf(server, buyer.id)).debits).toBe(1);
  });

  it('keys belong to one customer: another customer may use the same key for their own order', async () => {
    const a = await newCustomer(server, admin, 50);
    const b = await newCustomer(server, admin, 50);
    const first = await postOrder(server, a.token, upsGround(api1), 'shared-key');
    const second = await postOrder(server, b.token, upsGround(api1), 'shared-key');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(CreateOrderResponse.parse(first.body)._id).not.toBe(CreateOrderResponse.parse(second.body)._id);
  });

  it('a replayed key of a refused purchase answers the same refusal without refunding twice', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const body = upsGround(api1, { recipient: CARRIER_REFUSED_RECIPIENT });
    const first = await postOrder(server, buyer.token, body, 'refused-1');
    const again = await postOrder(server, buyer.token, body, 'refused-1');
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    // The very body: the message and the field the carrier refused, on the request's own path.
    expect(errorOf(first).error.details).toContainEqual({ path: 'recipient.street1', message: 'is invalid' });
    expect(again.body).toEqual(first.body);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000, debits: 1, refunds: 1, totalSpend: 0 });
  });

  it.each([
    ['empty', ''],
    ['with a space', 'two words'],
    ['too long', 'k'.repeat(256)],
  ])('refuses an Idempotency-Key that is %s (400, nothing written)', async (_name, key) => {
    const buyer = await newCustomer(server, admin, 50);
    const res = await postOrder(server, buyer.token, upsGround(api1), key);
    expect(res.status).toBe(400);
    expect(errorOf(res).error.message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    expect(await ordersOf(server, buyer.id)).toEqual([]);
  });

  it('accepts a 255-character key', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const res = await postOrder(server, buyer.token, upsGround(api1), `${'k'.repeat(254)}~`);
    expect(res.status).toBe(201);
  });

  it('30 parallel purchases on a balance that covers 10: exactly 10 labels, the rest 402, balance ≥ 0 = Σ ledger', async () => {
    const buyer = await newCustomer(server, admin, 114); // 10 × $11.40
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postOrder(server, buyer.token, upsGround(api1, { recipient: { ...RECIPIENT, name: `Recipient ${i}` } })),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 402);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(errorOf(r).error.code).toBe('insufficient_funds');

    const orders = await ordersOf(server, buyer.id);
    expect(orders).toHaveLength(10);
    expect(orders.every((o) => o.status === 'completed' && o.provider_label_id !== null)).toBe(true);
    expect(new Set(orders.map((o) => o.tracking_number)).size).toBe(10);
    const money = await moneyOf(server, buyer.id);
    expect(money).toMatchObject({ balance: 0, ledger: 0, totalSpend: 11400, debits: 10, refunds: 0 });
    // Every debit row names a completed order, and every balance_after is ≥ 0.
    const debits = await ledgerRowsOf(server, buyer.id, 'label_purchase');
    expect(new Set(debits.map((d) => d.reference))).toEqual(new Set(orders.map((o) => o.id)));
    expect(debits.every((d) => d.balance_after_cents >= 0)).toBe(true);
  });
});
