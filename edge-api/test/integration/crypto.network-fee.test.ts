import { BalanceResponse, RefreshPaymentResponse } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema';
import { call, register, type TestServer } from './helpers';
import { expectConsistent, ledgerOf, openTopUp, sandboxOf, startMoneyServer } from './money-support';

/**
 * BTCPay Server adds a payment-method ("network") fee to every payment of an invoice after the first (NetworkFeeMode
 * MultiplePaymentsOnly, its default) and reports `paymentMethodPaid` gross of it. A top-up is credited what the store
 * received: Σ (paid − each payment's fee) × rate, exact, rounded once. The embedded sandbox charges the fee as BTCPay
 * does (10 sat/vB × 100 vB = 1000 sats), at a rate with cents in it so gross and net differ in USD.
 */
describe('crypto top-ups paid in several payments are credited net of the network fee', () => {
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await startMoneyServer({ btcpaySandbox: { btcUsdRate: '64321.57' } });
    const session = await register(server, { name: 'Nina Net', email: 'nina@example.com', password: 'pw-12345' });
    token = session.token;
    userId = session.user._id;
  });
  afterAll(() => server.stop());

  const balance = async () =>
    BalanceResponse.parse((await call(server, 'GET', '/api/balance', { token })).body).balance;
  const entry = async (id: string) =>
    (await server.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id)))[0];

  /** A checkout action as the customer's browser sends it: a form POST to the sandbox's checkout page. */
  async function checkout(paymentUrl: string, action: string, form?: Record<string, string>) {
    const res = await fetch(`${server.url}${new URL(paymentUrl).pathname}/${action}`, {
      method: 'POST',
      redirect: 'manual',
      ...(form
        ? {
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          }
        : {}),
    });
    expect(res.status, `${action}: ${await res.text()}`).toBe(303);
    await sandboxOf(server).webhooksIdle();
  }

  it('part paid, then the rest with the fee on top: credits the invoice amount, not what was sent', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const topUp = await openTopUp(server, token, 43.21);

    await checkout(topUp.paymentUrl, 'pay-part', { amount: '12.34' });
    expect(btcpay.invoice(topUp.invoiceId)).toMatchObject({ status: 'New', additionalStatus: 'PaidPartial' });
    expect(await balance()).toBe(before / 100); // nothing while the invoice is open

    await checkout(topUp.paymentUrl, 'pay-full');
    expect(btcpay.invoice(topUp.invoiceId)).toMatchObject({ status: 'Settled', paidAmount: '43.21' });
    const [method] = btcpay.paymentMethods(topUp.invoiceId) ?? [];
    // 43.21 / 64321.57 → 0.00067179 BTC due; 0.00019185 then 0.00047994 + the 0.00001000 fee: 0.00068179 gross,
    // worth $43.85 — the customer's extra $0.64 paid the store's network cost, it is not balance.
    expect(method).toMatchObject({ paymentMethodPaid: '0.00068179', rate: '64321.57' });
    expect(method?.payments.map((p) => p.fee)).toEqual(['0.00000000', '0.00001000']);

    // Net: 0.00067179 × 64321.57 = 43.2105875… → $43.21, rounded once.
    expect(await entry(topUp.transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 4321,
      requestedCents: 4321,
    });
    expect(await expectConsistent(server, userId)).toBe(before + 4321);
    expect(await balance()).toBe((before + 4321) / 100);
    expect(
      RefreshPaymentResponse.parse(
        (await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token })).body,
      ),
    ).toMatchObject({ status: 'completed', amount: 43.21 });
    expect((await ledgerOf(server, userId)).settlements).toBe(1);
  });

  it('two partial payments, then expiry: credits what the store received net of the second payment’s fee', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const topUp = await openTopUp(server, token, 30);

    await checkout(topUp.paymentUrl, 'pay-part', { amount: '10.00' });
    await checkout(topUp.paymentUrl, 'pay-part', { amount: '5.00' });
    await checkout(topUp.paymentUrl, 'expire');
    expect(btcpay.invoice(topUp.invoiceId)).toMatchObject({ status: 'Expired', additionalStatus: 'PaidPartial' });
    const [method] = btcpay.paymentMethods(topUp.invoiceId) ?? [];
    // 0.00015547 + 0.00007774 sent (gross $15.00); the second carried a 0.00001000 fee. Still underpaid, so BTCPay's
    // method-level paymentMethodFee also counts the fee of a payment that never came: it is not what was paid.
    expect(method).toMatchObject({ paymentMethodPaid: '0.00023321', paymentMethodFee: '0.00002000' });

    // Net: 0.00022321 × 64321.57 = 14.3572176… → $14.36.
    expect(await entry(topUp.transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1436,
      requestedCents: 3000,
      description: `Crypto top-up (BTCPay invoice ${topUp.invoiceId}): partial payment, $14.36 of $30.00`,
    });
    expect(await expectConsistent(server, userId)).toBe(before + 1436);
  });
});
