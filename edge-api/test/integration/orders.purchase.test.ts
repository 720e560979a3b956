import { CreateOrderResponse, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { isValidTrackingNumber } from '@labeldesk/sandbox-carrier';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingServices } from '../../src/db/schema';
import { QUOTE_CACHE_TTL_MS } from '../../src/use-cases/orders/calculate-price';
import { call, errorOf, type TestServer } from './helpers';
import {
  buyLabel,
  CARRIER_REFUSED_RECIPIENT,
  fetchLabel,
  labelLink,
  ledgerRowsOf,
  moneyOf,
  newCustomer,
  ordersOf,
  postOrder,
  quote,
  RECIPIENT,
  startShop,
  startsWithPdf,
  upsGround,
} from './orders-support';
import { carrierOf } from './providers-support';

/** The purchase over real HTTP: the Node server, a fresh database file, the embedded carrier sandbox. */
describe('buying a label', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let api2: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1, api2 } = await startShop());
  });
  afterAll(() => server.stop());

  const customer = (balance: number) => newCustomer(server, admin, balance);

  it('debits exactly once, records the order with its label, and the label PDF opens', async () => {
    const buyer = await customer(50);
    const body = upsGround(api1);
    const q = await quote(server, buyer.token, body);
    expect(q.price).toBe(11.4); // alpha UPS Ground, 1–5 lbs tier
    expect(q.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const created = await buyLabel(server, buyer.token, { ...body, price: q.price });
    expect(created.message).toBe(ORDER_MESSAGES.created);
    expect(created.newBalance).toBe(38.6);
    expect(created._id).toMatch(/^ord_/);
    expect(created.order).toMatchObject({
      _id: created._id,
      orderId: created._id,
      status: 'completed',
      deliveryStatus: 'pending',
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      price: 11.4,
      apiId: api1._id,
      apiName: 'API 1',
      destination: 'San Francisco, CA',
      hasLabel: true,
      failureReason: null,
      recipient: { ...RECIPIENT, company: '', country: 'US', email: '' },
      packageDetails: { weight: 3, weightUnit: 'lbs', dimensions: { length: 10, width: 8, height: 4 }, template: null },
    });
    expect(isValidTrackingNumber('UPS', created.order.trackingNumber)).toBe(true);
    expect(created.order.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The database file: one debit row naming the order, balance = ledger, total spend, the order row.
    const money = await moneyOf(server, buyer.id);
    expect(money).toMatchObject({ balance: 3860, ledger: 3860, totalSpend: 1140, debits: 1, refunds: 0 });
    const [debit] = await ledgerRowsOf(server, buyer.id, 'label_purchase');
    expect(debit).toMatchObject({
      type: 'debit',
      amount_cents: 1140,
      balance_after_cents: 3860,
      reference: created._id,
      description: `Label purchase: UPS Ground (${created._id})`,
      idempotency_key: `order:${created._id}:debit`,
    });
    const [row] = await ordersOf(server, buyer.id);
    expect(row).toMatchObject({
      id: created._id,
      status: 'completed',
      price_cents: 1140,
      tracking_number: created.order.trackingNumber,
      label_blob_key: `labels/${created._id}.pdf`,
      debit_entry_id: debit?.id,
      refund_entry_id: null,
    });
    expect(row?.provider_label_id).toMatch(/^lbl_/);

    // The customer's transaction history shows the purchase.
    const history = await call(server, 'GET', '/api/balance/transactions', { token: buyer.token });
    expect(JSON.stringify(history.body)).toContain(`Label purchase: UPS Ground (${created._id})`);

    const link = await labelLink(server, buyer.token, created._id);
    const pdf = await fetchLabel(server, link.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(startsWithPdf(pdf.bytes)).toBe(true);
    // The very label the provider issued (the sandbox serves the same document).
    const direct = await fetch(
      `${server.url}/sandbox/carrier/catalogues/alpha/v1/labels/${row?.provider_label_id}/pdf`,
      { headers: { 'X-Api-Key': carrierOf(server).catalogues.alpha?.apiKey ?? '' } },
    );
    expect(new Uint8Array(await direct.arrayBuffer())).toEqual(pdf.bytes);
  });

  it('charges exactly the quoted price, custom pricing included, on either API', async () => {
    const buyer = await customer(100);
    const pricing = await call(server, 'PATCH', `/api/admin/users/${buyer.id}/pricing/${api1._id}`, {
      token: admin,
      json: {
        enabled: true,
        carriers: {
          UPS: {
            enabled: true,
            services: { 'UPS Ground': { type: 'fixed', fixedPrice: 7.25, applyToAllTiers: true } },
          },
          USPS: {
            enabled: true,
            services: {
              'USPS Priority Mail': { type: 'discount_percentage', discountPercentage: 10, applyToAllTiers: true },
            },
          },
        },
      },
    });
    expect(pricing.status, pricing.text).toBe(200);

    const ups = upsGround(api1);
    expect((await quote(server, buyer.token, ups)).price).toBe(7.25);
    const priority = upsGround(api1, {
      carrier: 'USPS',
      serviceType: 'USPS Priority Mail',
      packageDetails: { weight: 40, weightUnit: 'oz', length: 10, width: 8, height: 4 },
    });
    // 40 oz = 2.5 lbs → 2–5 tier $13.20, −10 % = $11.88.
    expect((await quote(server, buyer.token, priority)).price).toBe(11.88);
    // API 2 (beta) has no custom pricing for this user: catalogue price.
    const beta = upsGround(api2);
    expect((await quote(server, buyer.token, beta)).price).toBe(9.8);

    const a = await buyLabel(server, buyer.token, ups);
    const b = await buyLabel(server, buyer.token, priority);
    const c = await buyLabel(server, buyer.token, beta);
    expect([a.order.price, b.order.price, c.order.price]).toEqual([7.25, 11.88, 9.8]);
    expect(b.order.packageDetails.template).toBe('BASIC');
    expect(c.order.apiName).toBe('API 2');
    const money = await moneyOf(server, buyer.id);
    expect(money).toMatchObject({ balance: 10000 - 725 - 1188 - 980, totalSpend: 725 + 1188 + 980, debits: 3 });
    expect(money.ledger).toBe(money.balance);
  });

  it("reports the provider's share of the purchase time as Server-Timing", async () => {
    const buyer = await customer(50);
    server.carrier?.setLatency(120);
    try {
      const res = await postOrder(server, buyer.token, upsGround(api1));
      expect(res.status, res.text).toBe(201);
      const match = /^provider;dur=(\d+\.\d)$/.exec(res.headers.get('server-timing') ?? '');
      expect(match, res.headers.get('server-timing') ?? 'no Server-Timing').not.toBeNull();
      expect(Number(match?.[1])).toBeGreaterThanOrEqual(120);
    } finally {
      server.carrier?.setLatency(0);
    }
  });

  it('a price change reaches the purchase at once and quotes within a second (the quote micro-cache)', async () => {
    const buyer = await customer(50);
    const body = upsGround(api1);
    expect((await quote(server, buyer.token, body)).price).toBe(11.4);
    const pricing = await call(server, 'PATCH', `/api/admin/users/${buyer.id}/pricing/${api1._id}`, {
      token: admin,
      json: {
        enabled: true,
        carriers: {
          UPS: { enabled: true, services: { 'UPS Ground': { type: 'fixed', fixedPrice: 8, applyToAllTiers: true } } },
        },
      },
    });
    expect(pricing.status, pricing.text).toBe(200);
    // The purchase prices from the database: the old price the form showed is refused with the new one.
    const stale = await postOrder(server, buyer.token, { ...body, price: 11.4 });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).error.message).toBe(ORDER_MESSAGES.priceChanged('$8.00'));
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000, debits: 0 });
    // Quotes may reuse the lookup for QUOTE_CACHE_TTL_MS, never longer.
    await new Promise((r) => setTimeout(r, QUOTE_CACHE_TTL_MS + 50));
    expect((await quote(server, buyer.token, body)).price).toBe(8);
    expect((await buyLabel(server, buyer.token, { ...body, price: 8 })).order.price).toBe(8);
  });

  it('refuses a price the customer did not see (409 with the new price), writing nothing', async () => {
    const buyer = await customer(50);
    const res = await postOrder(server, buyer.token, { ...upsGround(api1), price: 9.99 });
    expect(res.status).toBe(409);
    expect(errorOf(res).error.message).toBe(ORDER_MESSAGES.priceChanged('$11.40'));
    expect(await ordersOf(server, buyer.id)).toEqual([]);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000, debits: 0 });
  });

  it('a shipment the provider refuses is refunded at once: a credit row naming the order, balance restored', async () => {
    const buyer = await customer(20);
    // Our contract takes a street of 200 characters; the carrier takes 100 and refuses the shipment.
    const body = upsGround(api1, { recipient: CARRIER_REFUSED_RECIPIENT });
    const res = await postOrder(server, buyer.token, body);
    expect(res.status, res.text).toBe(400);
    const error = errorOf(res).error;
    expect(error.message).toBe(
      'The shipping provider refused the shipment details. Please check the addresses and package.',
    );
    expect(error.details).toContainEqual({ path: 'recipient.street1', message: 'is invalid' });

    const [order] = await ordersOf(server, buyer.id);
    expect(order).toMatchObject({ status: 'failed', tracking_number: 'PENDING', provider_label_id: null });
    expect(order?.failure_reason).toBe(error.message);
    const refunds = await ledgerRowsOf(server, buyer.id, 'label_refund');
    expect(refunds).toEqual([
      expect.objectContaining({
        id: order?.refund_entry_id,
        type: 'credit',
        amount_cents: 1140,
        balance_after_cents: 2000,
        reference: order?.id,
        description: `Refund for order ${order?.id}: ${error.message}`,
        idempotency_key: `order:${order?.id}:refund`,
      }),
    ]);
    expect(await moneyOf(server, buyer.id)).toMatchObject({
      balance: 2000,
      ledger: 2000,
      totalSpend: 0,
      debits: 1,
      refunds: 1,
    });
    // A failed order has no label.
    const link = await call(server, 'POST', `/api/labels/${order?.id}/link`, { token: buyer.token });
    expect(link.status).toBe(409);
    expect(errorOf(link).error.message).toBe(ORDER_MESSAGES.labelNotReady);
  });

  it("the provider's own weight refusal answers the SPEC §5 text and is refunded", async () => {
    // Our catalogue row went stale (no limit, a flat price); the provider still enforces its 15 oz.
    await server.services.db
      .update(shippingServices)
      .set({ maxWeight: null, hasDynamicPricing: false, basePriceCents: 395 })
      .where(and(eq(shippingServices.apiId, api1._id), eq(shippingServices.name, 'USPS Ground Advantage 15 oz')));
    const buyer = await customer(10);
    const res = await postOrder(
      server,
      buyer.token,
      upsGround(api1, {
        carrier: 'USPS',
        serviceType: 'USPS Ground Advantage 15 oz',
        packageDetails: { weight: 16, weightUnit: 'oz', length: 6, width: 4, height: 2 },
      }),
    );
    expect(res.status).toBe(400);
    expect(errorOf(res).error.message).toBe('Weight exceeds maximum allowed (15 oz) for USPS Ground Advantage 15 oz');
    const [order] = await ordersOf(server, buyer.id);
    expect(order).toMatchObject({ status: 'failed', failure_reason: errorOf(res).error.message });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 1000, ledger: 1000, debits: 1, refunds: 1 });
    await server.services.db
      .update(shippingServices)
      .set({ maxWeight: 15, hasDynamicPricing: true })
      .where(and(eq(shippingServices.apiId, api1._id), eq(shippingServices.name, 'USPS Ground Advantage 15 oz')));
  });

  it('a USPS label carries its template; a template the catalogue does not offer is refused and refunded', async () => {
    const buyer = await customer(30);
    const ok = await buyLabel(
      server,
      buyer.token,
      upsGround(api1, {
        carrier: 'USPS',
        serviceType: 'USPS Ground Advantage',
        packageDetails: { weight: 2, length: 6, width: 4, height: 2, template: 'evs' },
      }),
    );
    expect(ok.order.packageDetails.template).toBe('EVS');
    // Beta only offers BASIC.
    const refused = await postOrder(
      server,
      buyer.token,
      upsGround(api2, {
        carrier: 'USPS',
        serviceType: 'USPS Ground Advantage',
        packageDetails: { weight: 2, length: 6, width: 4, height: 2, template: 'EVS' },
      }),
    );
    expect(refused.status).toBe(400);
    const money = await moneyOf(server, buyer.id);
    expect(money).toMatchObject({ debits: 2, refunds: 1, balance: 3000 - 795, totalSpend: 795 });
  });

  it('needs a session', async () => {
    const res = await call(server, 'POST', '/api/orders', { json: upsGround(api1) });
    expect(res.status).toBe(401);
    const q = await call(server, 'POST', '/api/orders/calculate-price', { json: upsGround(api1) });
    expect(q.status).toBe(401);
  });

  it('answers in the CreateOrderResponse shape', async () => {
    const buyer = await customer(20);
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status).toBe(201);
    expect(() => CreateOrderResponse.parse(res.body)).not.toThrow();
  });
});
