import {
  BalanceResponse,
  DepositListResponse,
  PendingCryptoPaymentsResponse,
  RefreshPaymentResponse,
  TransactionListResponse,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, register, type TestServer } from './helpers';
import { expectConsistent, ledgerOf, openTopUp, sandboxOf, startMoneyServer, webhookSecretOf } from './money-support';

describe('crypto top-up through the embedded BTCPay sandbox (happy path)', () => {
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await startMoneyServer({ publicUrl: 'https://shop.labeldesk.test/' });
    const session = await register(server, { name: 'Carol Crypto', email: 'carol@example.com', password: 'pw-12345' });
    token = session.token;
    userId = session.user._id;
  });
  afterAll(() => server.stop());

  const balance = async () =>
    BalanceResponse.parse((await call(server, 'GET', '/api/balance', { token })).body).balance;

  it('opens an invoice at the processor, lists it as pending, and credits it once paid (webhook)', async () => {
    const btcpay = sandboxOf(server);
    const topUp = await openTopUp(server, token, 25.5);
    expect(topUp.transactionId).toMatch(/^txn_[0-9a-z]{26}$/);
    // The checkout page is served by the embedded sandbox on the app's own port, under the public URL.
    expect(topUp.paymentUrl).toBe(`${server.services.config.publicUrl}/sandbox/btcpay/i/${topUp.invoiceId}`);

    // The processor holds the invoice we asked for, pointing back at PUBLIC_URL/balance, with our ids in its metadata.
    const invoice = btcpay.invoice(topUp.invoiceId);
    expect(invoice).toMatchObject({
      amount: '25.50',
      currency: 'USD',
      status: 'New',
      metadata: { transactionId: topUp.transactionId, userId },
      checkout: { redirectURL: 'https://shop.labeldesk.test/balance' },
    });

    const pending = PendingCryptoPaymentsResponse.parse(
      (await call(server, 'GET', '/api/crypto/transactions', { token })).body,
    );
    expect(pending.transactions).toEqual([
      {
        transactionId: topUp.transactionId,
        invoiceId: topUp.invoiceId,
        amount: 25.5,
        createdAt: expect.any(String),
        paymentUrl: topUp.paymentUrl,
      },
    ]);
    expect(await balance()).toBe(0);

    // The customer pays on the checkout page (a real form POST to the sandbox; PUBLIC_URL's host is this server).
    const checkoutPath = new URL(topUp.paymentUrl).pathname;
    const paid = await fetch(`${server.url}${checkoutPath}/pay-full`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await btcpay.webhooksIdle();

    expect(await balance()).toBe(25.5);
    const list = TransactionListResponse.parse(
      (await call(server, 'GET', '/api/balance/transactions', { token })).body,
    );
    expect(list.transactions).toEqual([
      expect.objectContaining({
        _id: topUp.transactionId,
        transactionId: topUp.transactionId,
        type: 'credit',
        status: 'completed',
        amount: 25.5,
        balanceAfter: 25.5,
        method: 'crypto',
        reference: topUp.invoiceId,
        description: `Crypto top-up (BTCPay invoice ${topUp.invoiceId})`,
      }),
    ]);
    expect((await call(server, 'GET', '/api/crypto/transactions', { token })).body).toEqual({ transactions: [] });

    // Refreshing afterwards reports the credit and moves nothing.
    const refreshed = RefreshPaymentResponse.parse(
      (await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token })).body,
    );
    expect(refreshed).toEqual({
      status: 'completed',
      amount: 25.5,
      message: 'Payment confirmed: $25.50 was added to your balance.',
    });
    expect(await expectConsistent(server, userId)).toBe(2550);
    expect((await ledgerOf(server, userId)).settlements).toBe(1);

    // The admin sees it as a completed deposit.
    const admin = (await loginAdmin(server)).token;
    const deposits = DepositListResponse.parse(
      (await call(server, 'GET', '/api/admin/deposits', { token: admin })).body,
    );
    expect(deposits).toMatchObject({ totalTransactions: 1, totalDeposits: 25.5, page: 1, limit: 10, totalPages: 1 });
    expect(deposits.deposits[0]).toEqual({
      _id: topUp.transactionId,
      transactionId: topUp.transactionId,
      amount: 25.5,
      description: `Crypto top-up (BTCPay invoice ${topUp.invoiceId})`,
      createdAt: expect.any(String),
      status: 'completed',
      metadata: { method: 'crypto', invoiceId: topUp.invoiceId },
      userDetails: { name: 'Carol Crypto', email: 'carol@example.com' },
      user: { email: 'carol@example.com' },
    });
  });

  it('the refresh button settles a paid invoice through the same path when no webhook arrives', async () => {
    const btcpay = sandboxOf(server);
    const topUp = await openTopUp(server, token, 10);
    const before = await expectConsistent(server, userId);
    btcpay.setWebhook(null); // the processor's webhook is lost
    try {
      btcpay.payInFull(topUp.invoiceId);
      await btcpay.webhooksIdle();
      expect(await expectConsistent(server, userId)).toBe(before);
      const res = await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token });
      expect(res.status).toBe(200);
      expect(RefreshPaymentResponse.parse(res.body)).toMatchObject({ status: 'completed', amount: 10 });
      expect(await expectConsistent(server, userId)).toBe(before + 1000);
      // A second refresh is a no-op.
      await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token });
      expect(await expectConsistent(server, userId)).toBe(before + 1000);
    } finally {
      btcpay.setWebhook(`${server.url}/api/crypto/webhook`, webhookSecretOf(server));
    }
  });

  it('an unpaid invoice stays pending on refresh', async () => {
    const topUp = await openTopUp(server, token, 3);
    const res = await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token });
    expect(RefreshPaymentResponse.parse(res.body)).toEqual({
      status: 'pending',
      amount: 3,
      message: 'Payment not confirmed yet. We will keep checking.',
    });
  });
});
