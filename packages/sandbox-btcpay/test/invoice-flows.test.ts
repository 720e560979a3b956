import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BtcpaySandbox } from '../src/index';
import {
  greenfield,
  type InvoiceJson,
  json,
  type PaymentMethodJson,
  type Receiver,
  startReceiver,
  startSandbox,
  usdReceived,
  WEBHOOK_SECRET,
} from './helpers';

/**
 * Payment flows end to end: the state a Greenfield client reads, the payment-method figures it derives the USD
 * received from, and the webhook events it is sent, in order.
 */
describe('invoice flows', () => {
  let receiver: Receiver;
  let sandbox: BtcpaySandbox;
  const api = () => greenfield(sandbox);

  beforeAll(async () => {
    receiver = await startReceiver();
    // Confirmations take one minute of sandbox time; tests move the clock.
    sandbox = await startSandbox({
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      settlementDelayMs: 60_000,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  async function create(amount = '25.00'): Promise<InvoiceJson> {
    const res = await api().createInvoice({ amount, currency: 'USD', metadata: { orderId: `order-${amount}` } });
    expect(res.status).toBe(200);
    return json<InvoiceJson>(res);
  }
  async function read(id: string) {
    const invoice = await json<InvoiceJson>(await api().getInvoice(id));
    const [method] = await json<PaymentMethodJson[]>(await api().paymentMethods(id));
    if (!method) throw new Error('no payment method');
    return { invoice, method };
  }
  async function events(invoiceId: string) {
    await sandbox.webhooksIdle();
    return receiver.requests.map((r) => r.json).filter((e) => e.invoiceId === invoiceId);
  }

  it('full payment: New → Processing → Settled after the confirmation delay', async () => {
    const created = await create();
    sandbox.payInFull(created.id);

    let state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Processing', additionalStatus: 'None', paidAmount: '25.00' });
    expect(state.method).toMatchObject({ paymentMethodPaid: '0.00038462', totalPaid: '0.00038462', due: '0.00000000' });
    expect(state.method.payments).toHaveLength(1);
    expect(state.method.payments[0]).toMatchObject({ value: '0.00038462', fee: '0.00000000', status: 'Processing' });
    expect(state.method.payments[0]?.destination).toBe(state.method.destination);

    sandbox.clock.advance(59_000);
    expect((await read(created.id)).invoice.status).toBe('Processing');
    sandbox.clock.advance(1_000);
    state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Settled', additionalStatus: 'None' });
    expect(state.method.payments[0]?.status).toBe('Settled');
    expect(usdReceived(state.method)).toBe('25.00');

    const sent = await events(created.id);
    expect(sent.map((e) => e.type)).toEqual([
      'InvoiceCreated',
      'InvoiceReceivedPayment',
      'InvoiceProcessing',
      'InvoicePaymentSettled',
      'InvoiceSettled',
    ]);
    expect(sent[1]).toMatchObject({
      afterExpiration: false,
      paymentMethodId: 'BTC-CHAIN',
      payment: { value: '0.00038462', status: 'Processing' },
    });
    expect(sent[2]).toMatchObject({ overPaid: false });
    expect(sent[4]).toMatchObject({ overPaid: false, manuallyMarked: false, metadata: { orderId: 'order-25.00' } });
  });

  it('partial payment then expiry: New/PaidPartial → Expired/PaidPartial, USD received is the part paid', async () => {
    const created = await create();
    sandbox.payPart(created.id, '10.00');

    let state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'New', additionalStatus: 'PaidPartial', paidAmount: '10.00' });
    // $10 at 65000 = 0.00015385 BTC (rounded up to the satoshi); 0.00038462 − 0.00015385 still due, plus the network
    // fee the next payment must carry (MultiplePaymentsOnly, 10 sat/vB × 100 vB = 1000 sats): BTCPay adds it to
    // `due`, `amount` and `paymentMethodFee` once the first payment arrived. The first payment itself paid no fee.
    expect(state.method).toMatchObject({
      paymentMethodPaid: '0.00015385',
      due: '0.00024077',
      amount: '0.00039462',
      paymentMethodFee: '0.00001000',
    });
    expect(state.method.payments.map((p) => p.fee)).toEqual(['0.00000000']);
    expect(usdReceived(state.method)).toBe('10.00');

    sandbox.clock.advance(60_000);
    sandbox.clock.advance(15 * 60_000);
    state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Expired', additionalStatus: 'PaidPartial' });
    expect(usdReceived(state.method)).toBe('10.00');

    const sent = await events(created.id);
    expect(sent.map((e) => e.type)).toEqual([
      'InvoiceCreated',
      'InvoiceReceivedPayment',
      'InvoicePaymentSettled',
      'InvoiceExpired',
      'InvoiceExpiredPaidPartial',
    ]);
    expect(sent[3]).toMatchObject({ partiallyPaid: true });
  });

  it('part paid, then the rest: the second payment carries the network fee; the store nets the invoice amount', async () => {
    const created = await create('20.00');
    sandbox.payPart(created.id, '7.50');
    // 20 / 65000 → 0.00030770 due; 7.50 → 0.00011539; the rest 0.00019231 plus the 1000-sat fee.
    expect((await read(created.id)).method).toMatchObject({ due: '0.00020231', paymentMethodFee: '0.00001000' });
    sandbox.payInFull(created.id);

    let state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Processing', additionalStatus: 'None', paidAmount: '20.00' });
    expect(state.method).toMatchObject({
      // Gross: 0.00011539 + 0.00020231 = the invoice's 0.00030770 plus the fee.
      paymentMethodPaid: '0.00031770',
      totalPaid: '0.00031770',
      amount: '0.00031770',
      due: '0.00000000',
      paymentMethodFee: '0.00001000',
    });
    expect(state.method.payments.map((p) => [p.value, p.fee])).toEqual([
      ['0.00011539', '0.00000000'],
      ['0.00020231', '0.00001000'],
    ]);
    // Net: 0.00030770 × 65000 = 20.0005 → $20.00 (gross would be $20.65).
    expect(usdReceived(state.method)).toBe('20.00');

    sandbox.clock.advance(60_000);
    state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Settled', additionalStatus: 'None' });
    const sent = await events(created.id);
    const payments = sent.filter((e) => e.type === 'InvoiceReceivedPayment');
    expect(payments.map((e) => (e.payment as { fee: string }).fee)).toEqual(['0.00000000', '0.00001000']);
    for (const event of payments) {
      expect(event).toMatchObject({ paymentMethodId: 'BTC-CHAIN' });
      expect(event).not.toHaveProperty('paymentMethod');
    }
    expect(sent.find((e) => e.type === 'InvoiceSettled')).toMatchObject({ overPaid: false });
  });

  it('a second payment short of the fee leaves the invoice partly paid: the fee is netted before it counts', async () => {
    const created = await create('20.00');
    sandbox.payPart(created.id, '7.50');
    // Exactly the rest without the fee: gross covers the invoice, net does not.
    sandbox.payPart(created.id, '12.50');
    const state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'New', additionalStatus: 'PaidPartial' });
    // 12.50 → 0.00019231 paid, 0.00001000 of it fee: 0.00001000 still due plus the third payment's fee.
    expect(state.method).toMatchObject({ due: '0.00002000', paymentMethodFee: '0.00002000' });
    expect(usdReceived(state.method)).toBe('19.35');
  });

  it('overpayment: Settled with additionalStatus PaidOver and overPaid in the events', async () => {
    const created = await create();
    sandbox.overpay(created.id);
    expect((await read(created.id)).invoice).toMatchObject({ status: 'Processing', additionalStatus: 'PaidOver' });
    sandbox.confirmPayments(created.id);

    const state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Settled', additionalStatus: 'PaidOver', paidAmount: '27.50' });
    // Due plus 10 % of the invoice: 0.00038462 + 0.00003847; `due` goes negative when overpaid.
    expect(state.method).toMatchObject({ paymentMethodPaid: '0.00042309', due: '-0.00003847' });
    expect(usdReceived(state.method)).toBe('27.50');

    const sent = await events(created.id);
    expect(sent.find((e) => e.type === 'InvoiceProcessing')).toMatchObject({ overPaid: true });
    expect(sent.find((e) => e.type === 'InvoiceSettled')).toMatchObject({ overPaid: true, manuallyMarked: false });
  });

  it('expiry without payment: Expired/None, partiallyPaid false', async () => {
    const created = await create();
    sandbox.clock.advance(15 * 60_000);
    const state = await read(created.id);
    expect(state.invoice).toMatchObject({ status: 'Expired', additionalStatus: 'None', paidAmount: '0.00' });
    expect(usdReceived(state.method)).toBe('0.00');

    const sent = await events(created.id);
    expect(sent.map((e) => e.type)).toEqual(['InvoiceCreated', 'InvoiceExpired']);
    expect(sent[1]).toMatchObject({ partiallyPaid: false });
  });

  it('late payment: status stays Expired, additionalStatus PaidLate, never Settled', async () => {
    const created = await create();
    sandbox.payPart(created.id, '5.00');
    sandbox.expire(created.id);
    expect((await read(created.id)).invoice).toMatchObject({ status: 'Expired', additionalStatus: 'PaidPartial' });

    sandbox.payLate(created.id);
    sandbox.clock.advance(60_000);
    const state = await read(created.id);
    // paidAmount is net of fees (BTCPay's PaidAmount.Net); paymentMethodPaid is gross: the late payment carried the
    // network fee (0.00001000) on top of what was due.
    expect(state.invoice).toMatchObject({ status: 'Expired', additionalStatus: 'PaidLate', paidAmount: '25.00' });
    expect(state.method).toMatchObject({
      due: '0.00000000',
      paymentMethodPaid: '0.00039462',
      totalPaid: '0.00039462',
      amount: '0.00039462',
      paymentMethodFee: '0.00001000',
    });
    expect(state.method.payments.map((p) => p.fee)).toEqual(['0.00000000', '0.00001000']);
    expect(state.method.payments.map((p) => p.status)).toEqual(['Settled', 'Settled']);
    expect(usdReceived(state.method)).toBe('25.00');

    const sent = await events(created.id);
    expect(sent.map((e) => e.type)).toEqual([
      'InvoiceCreated',
      'InvoiceReceivedPayment',
      'InvoiceExpired',
      'InvoiceExpiredPaidPartial',
      'InvoiceReceivedPayment',
      'InvoicePaidAfterExpiration',
      'InvoicePaymentSettled',
      'InvoicePaymentSettled',
    ]);
    expect(sent[4]).toMatchObject({ afterExpiration: true });
  });

  it('marking invalid over Greenfield: Invalid/Marked, InvoiceInvalid manuallyMarked, no more payments', async () => {
    const created = await create();
    const res = await api().markStatus(created.id, 'Invalid');
    expect(res.status).toBe(200);
    expect(await json<InvoiceJson>(res)).toMatchObject({
      status: 'Invalid',
      additionalStatus: 'Marked',
      availableStatusesForManualMarking: ['Settled'],
    });
    expect(() => sandbox.payInFull(created.id)).toThrow(/cannot be paid/);

    const sent = await events(created.id);
    expect(sent.map((e) => e.type)).toEqual(['InvoiceCreated', 'InvoiceInvalid']);
    expect(sent[1]).toMatchObject({ manuallyMarked: true });

    const back = await api().markStatus(created.id, 'Settled');
    expect(await json<InvoiceJson>(back)).toMatchObject({ status: 'Settled', additionalStatus: 'Marked' });
    expect((await events(created.id)).at(-1)).toMatchObject({ type: 'InvoiceSettled', manuallyMarked: true });
  });

  it('refuses to mark a settled (not manually marked) invoice or to use another status', async () => {
    const created = await create();
    sandbox.payInFull(created.id);
    sandbox.confirmPayments(created.id);
    const refused = await api().markStatus(created.id, 'Invalid');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual([{ path: 'status', message: expect.stringContaining('cannot be marked') }]);
    expect((await api().markStatus(created.id, 'Expired')).status).toBe(422);
    expect((await read(created.id)).invoice.status).toBe('Settled');
  });
});

describe('background expiry', () => {
  it('expires an invoice on its own and notifies the webhook without any request', async () => {
    const receiver = await startReceiver();
    const sandbox = await startSandbox({
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      sweepIntervalMs: 50,
      // The store's default lifetime, 300 ms (Greenfield refuses expirationMinutes under 30 seconds).
      invoiceExpirationMinutes: 0.005,
    });
    try {
      const created = await json<InvoiceJson>(await greenfield(sandbox).createInvoice({ amount: '3.00' }));
      const requests = await receiver.waitFor(2, 5000);
      expect(requests.map((r) => r.json.type)).toEqual(['InvoiceCreated', 'InvoiceExpired']);
      expect(requests[1]?.json.invoiceId).toBe(created.id);
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });
});

describe('network fee modes', () => {
  const flow = async (options: { networkFeeMode?: 'Always' | 'Never'; networkFeeRate?: number }) => {
    const sandbox = await startSandbox({ settlementDelayMs: 0, ...options });
    try {
      const api = greenfield(sandbox);
      const created = await json<InvoiceJson>(await api.createInvoice({ amount: '10.00' }));
      const before = (await json<PaymentMethodJson[]>(await api.paymentMethods(created.id)))[0];
      sandbox.payPart(created.id, '4.00');
      sandbox.payInFull(created.id);
      const after = (await json<PaymentMethodJson[]>(await api.paymentMethods(created.id)))[0];
      return { before, after, invoice: sandbox.invoice(created.id) };
    } finally {
      await sandbox.close();
    }
  };

  it('Always: every payment carries the fee, the first one included', async () => {
    const { before, after, invoice } = await flow({ networkFeeMode: 'Always', networkFeeRate: 2 });
    // 10 / 65000 → 0.00015385, plus a 200-sat fee up front.
    expect(before).toMatchObject({ amount: '0.00015585', due: '0.00015585', paymentMethodFee: '0.00000200' });
    expect(after?.payments.map((p) => p.fee)).toEqual(['0.00000200', '0.00000200']);
    expect(invoice).toMatchObject({ status: 'Settled', paidAmount: '10.00' });
    if (after) expect(usdReceived(after)).toBe('10.00');
  });

  it('Never: no fee at all', async () => {
    const { after, invoice } = await flow({ networkFeeMode: 'Never' });
    expect(after).toMatchObject({ paymentMethodPaid: '0.00015385', paymentMethodFee: '0.00000000' });
    expect(after?.payments.map((p) => p.fee)).toEqual(['0.00000000', '0.00000000']);
    expect(invoice).toMatchObject({ status: 'Settled', paidAmount: '10.00' });
  });
});
