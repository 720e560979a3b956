import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BtcpaySandbox } from '../src/index';
import { greenfield, type InvoiceJson, json, type PaymentMethodJson, STORE_ID, startSandbox } from './helpers';

describe('Greenfield invoices: create and read', () => {
  let sandbox: BtcpaySandbox;
  const api = () => greenfield(sandbox);

  beforeAll(async () => {
    sandbox = await startSandbox({ btcUsdRate: '65000.00', publicBaseUrl: 'https://pay.example.test/btcpay' });
  });
  afterAll(() => sandbox.close());

  it('creates a New invoice with Greenfield field names and types', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await api().createInvoice({
      amount: '25.00',
      currency: 'USD',
      metadata: { orderId: 'txn_123', userId: 'usr_9', nested: { a: 1 } },
      checkout: { redirectURL: 'https://labeldesk.test/balance?invoice={InvoiceId}' },
    });
    expect(res.status).toBe(200);
    const invoice = await json<InvoiceJson>(res);

    expect(invoice.id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{18,24}$/);
    expect(invoice).toMatchObject({
      storeId: STORE_ID,
      amount: '25.00',
      paidAmount: '0.00',
      currency: 'USD',
      type: 'Standard',
      status: 'New',
      additionalStatus: 'None',
      archived: false,
      availableStatusesForManualMarking: ['Settled', 'Invalid'],
      metadata: { orderId: 'txn_123', userId: 'usr_9', nested: { a: 1 } },
    });
    expect(invoice.checkoutLink).toBe(`https://pay.example.test/btcpay/i/${invoice.id}`);
    expect(invoice.checkout.redirectURL).toBe('https://labeldesk.test/balance?invoice={InvoiceId}');
    expect(invoice.checkout.expirationMinutes).toBe(15);
    // Unix seconds, 15 min to expiry, one day of monitoring after that.
    expect(Number.isInteger(invoice.createdTime)).toBe(true);
    expect(invoice.createdTime).toBeGreaterThanOrEqual(before);
    expect(invoice.createdTime).toBeLessThan(before + 60);
    expect(invoice.expirationTime - invoice.createdTime).toBe(15 * 60);
    expect(invoice.monitoringExpiration - invoice.expirationTime).toBe(24 * 60 * 60);

    const read = await json<InvoiceJson>(await api().getInvoice(invoice.id));
    expect(read).toEqual(invoice);
  });

  it('accepts a numeric amount, honours checkout.expirationMinutes and defaults the currency to USD', async () => {
    const invoice = await json<InvoiceJson>(
      await api().createInvoice({ amount: 12.5, checkout: { expirationMinutes: 30 } }),
    );
    expect(invoice.amount).toBe('12.50');
    expect(invoice.currency).toBe('USD');
    expect(invoice.expirationTime - invoice.createdTime).toBe(30 * 60);
    expect(invoice.checkout.expirationMinutes).toBe(30);
  });

  it('prices the BTC payment method at the rate locked on creation', async () => {
    const invoice = await json<InvoiceJson>(await api().createInvoice({ amount: '25.00', currency: 'USD' }));
    sandbox.setRate('70000.00');
    const later = await json<InvoiceJson>(await api().createInvoice({ amount: '70.00', currency: 'USD' }));
    sandbox.setRate('65000.00');

    const [method] = await json<PaymentMethodJson[]>(await api().paymentMethods(invoice.id));
    expect(method).toMatchObject({
      paymentMethodId: 'BTC-CHAIN',
      currency: 'BTC',
      rate: '65000.00',
      // 25 / 65000 = 0.000384615… BTC, rounded up to the satoshi so paying it always covers $25.
      amount: '0.00038462',
      paymentMethodPaid: '0.00000000',
      totalPaid: '0.00000000',
      due: '0.00038462',
      // MultiplePaymentsOnly: no network fee until a first payment arrived.
      paymentMethodFee: '0.00000000',
      payments: [],
    });
    // BTCPay 2.x dropped the 1.x fields.
    for (const legacy of ['paymentMethod', 'cryptoCode', 'networkFee']) expect(method).not.toHaveProperty(legacy);
    expect(method?.destination).toMatch(/^bcrt1q/);

    const [laterMethod] = await json<PaymentMethodJson[]>(await api().paymentMethods(later.id));
    expect(laterMethod).toMatchObject({ rate: '70000.00', amount: '0.00100000' });
  });

  it('lists invoices newest first and filters by metadata.orderId and status', async () => {
    const a = await json<InvoiceJson>(await api().createInvoice({ amount: '1.00', metadata: { orderId: 'find-me' } }));
    await api().createInvoice({ amount: '2.00', metadata: { orderId: 'other' } });
    const found = await json<InvoiceJson[]>(await api().listInvoices('?orderId=find-me'));
    expect(found.map((i) => i.id)).toEqual([a.id]);

    sandbox.payInFull(a.id);
    const settled = await json<InvoiceJson[]>(await api().listInvoices('?status=Settled'));
    expect(settled.map((i) => i.id)).toEqual([a.id]);

    const all = await json<InvoiceJson[]>(await api().listInvoices());
    expect(all[0]?.metadata.orderId).toBe('other');
  });

  it('rejects invalid bodies with 422 and Greenfield [{ path, message }] errors', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ amount: '-5', currency: 'USD' }, ['amount']],
      [{ amount: '0', currency: 'USD' }, ['amount']],
      [{ amount: '10.005', currency: 'USD' }, ['amount']],
      [{ amount: 'ten', currency: 'USD' }, ['amount']],
      [{ currency: 'USD' }, ['amount']],
      [{ amount: '10.00', currency: 'EUR' }, ['currency']],
      [{ amount: '10.00', metadata: 'nope' }, ['metadata']],
      [{ amount: '10.00', checkout: { redirectURL: 'javascript:alert(1)' } }, ['checkout.redirectURL']],
      // BTCPay: "Expiration time must be at least 30 seconds" on Checkout.Expiration; minutes are whole numbers.
      [{ amount: '10.00', checkout: { expirationMinutes: 0 } }, ['Checkout.Expiration']],
      [{ amount: '10.00', checkout: { expirationMinutes: -5 } }, ['Checkout.Expiration']],
      [{ amount: '10.00', checkout: { expirationMinutes: 0.4 } }, ['checkout.expirationMinutes']],
      [{ amount: 'x', currency: 'GBP' }, ['amount', 'currency']],
    ];
    for (const [body, paths] of cases) {
      const res = await api().createInvoice(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const errors = await json<Array<{ path: string; message: string }>>(res);
      expect(errors.map((e) => e.path)).toEqual(paths);
      for (const error of errors) expect(error.message.length).toBeGreaterThan(0);
    }
    const tooShort = await api().createInvoice({ amount: '10.00', checkout: { expirationMinutes: 0 } });
    expect(await tooShort.json()).toEqual([
      { path: 'Checkout.Expiration', message: 'Expiration time must be at least 30 seconds' },
    ]);
    // The shortest lifetime BTCPay takes: one minute.
    const oneMinute = await json<InvoiceJson>(
      await api().createInvoice({ amount: '10.00', checkout: { expirationMinutes: 1 } }),
    );
    expect(oneMinute.expirationTime - oneMinute.createdTime).toBe(60);

    const broken = await fetch(`${sandbox.url}/api/v1/stores/${STORE_ID}/invoices`, {
      method: 'POST',
      headers: { Authorization: 'token key-test-123', 'Content-Type': 'application/json' },
      body: '{"amount": ',
    });
    expect(broken.status).toBe(422);
  });
});
