import type { ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, loginAdmin, register, type TestServer } from './helpers';
import { openTopUp, sandboxOf } from './money-support';
import { mailJobsFor, waitForMails } from './notifications-support';
import { newCustomer, postOrder, startOrdersServer, upsGround } from './orders-support';
import { carrierOf, seededApis } from './providers-support';

/**
 * The admins' notification mails (issue 23), read back from the mail sandbox: a crypto deposit that needs attention
 * (underpaid, overpaid, paid late — decided where the top-up is reconciled) and a provider API whose circuit opened
 * (once per opening, not per failure), each to every admin who has it on.
 */
describe('notifications: admins', () => {
  let server: TestServer;
  let admin: string;
  let adminId: string;
  let api1: ShippingApiConfig;
  let n = 0;

  beforeAll(async () => {
    server = await startOrdersServer({
      btcpaySandbox: { settlementDelayMs: 0, webhookRetryScheduleMs: [50, 100] },
      providerTimeoutMs: 1_000,
      providerBreakerFailures: 2,
      providerBreakerWindowSeconds: 600,
      providerBreakerCooldownSeconds: 600,
    });
    const session = await loginAdmin(server);
    admin = session.token;
    adminId = session.user._id;
    ({ api1 } = await seededApis(server, admin));
  });
  afterAll(() => server.stop());

  async function depositor() {
    n += 1;
    const email = `depositor${n}@example.com`;
    const { token, user } = await register(
      server,
      { name: `Depositor ${n}`, email, password: 'pw-12345678' },
      { 'X-Forwarded-For': `192.0.2.${n}` },
    );
    return { email, token, id: user._id };
  }
  const attention = (s: string) => s.startsWith('Deposit needs attention');

  it('mails the admins about an underpaid deposit and then its late rest; the customer hears of each credit', async () => {
    const btcpay = sandboxOf(server);
    const customer = await depositor();
    const topUp = await openTopUp(server, customer.token, 10);
    btcpay.payPart(topUp.invoiceId, '4.00');
    btcpay.expire(topUp.invoiceId);
    await btcpay.webhooksIdle();

    const [underpaid] = await waitForMails(server, ADMIN_EMAIL, attention);
    expect(underpaid?.subject).toBe(`Deposit needs attention: underpaid (${customer.email})`);
    expect(underpaid?.text).toContain(
      `A crypto deposit of ${customer.email} was underpaid: $4.00 received for $10.00 asked (invoice ${topUp.invoiceId}, transaction ${topUp.transactionId}).`,
    );
    expect(underpaid?.html).toContain('/admin/transactions"');
    const [credited] = await waitForMails(server, customer.email, (s) => s.includes('was added'));
    expect(credited?.subject).toBe('$4.00 was added to your LabelDesk balance');

    btcpay.payLate(topUp.invoiceId);
    await btcpay.webhooksIdle();
    const both = await waitForMails(server, ADMIN_EMAIL, attention, 2);
    expect(both[1]?.subject).toBe(`Deposit needs attention: paid late (${customer.email})`);
    expect(both[1]?.text).toContain('$10.00 received for $10.00 asked');
  });

  it('mails an overpaid deposit, but not one paid exactly on time, and not once switched off', async () => {
    const btcpay = sandboxOf(server);
    const customer = await depositor();
    const exact = await openTopUp(server, customer.token, 20);
    btcpay.payInFull(exact.invoiceId);
    await btcpay.webhooksIdle();
    const over = await openTopUp(server, customer.token, 15);
    btcpay.overpay(over.invoiceId);
    await btcpay.webhooksIdle();

    const mails = await waitForMails(server, ADMIN_EMAIL, (s) => attention(s) && s.includes(customer.email));
    expect(mails.map((m) => m.subject)).toEqual([`Deposit needs attention: overpaid (${customer.email})`]);
    expect(mails[0]?.text).toContain(`(invoice ${over.invoiceId}, transaction ${over.transactionId})`);
    const jobs = async () =>
      (await mailJobsFor(server, adminId, 'deposit-attention')).filter(
        (m) => m.template === 'deposit-attention' && m.customerEmail === customer.email,
      );
    expect(await jobs()).toHaveLength(1);

    const off = await call(server, 'PUT', '/api/notification-settings', {
      token: admin,
      json: { depositAttention: false },
    });
    expect(off.status, off.text).toBe(200);
    const again = await openTopUp(server, customer.token, 15);
    btcpay.overpay(again.invoiceId);
    await btcpay.webhooksIdle();
    // Credited (the webhook reconciles before it answers), yet no mail for the admin who switched it off.
    const list = await call(server, 'GET', '/api/balance/transactions', { token: customer.token });
    expect((list.body as { transactions: Array<{ _id: string; status: string }> }).transactions).toContainEqual(
      expect.objectContaining({ _id: again.transactionId, status: 'completed' }),
    );
    expect(await jobs()).toHaveLength(1);
    await call(server, 'PUT', '/api/notification-settings', { token: admin, json: { depositAttention: true } });
  });

  it('mails the admins once when a provider API circuit opens, not on each failure after it', async () => {
    const buyer = await newCustomer(server, admin, 200);
    carrierOf(server).catalogues.alpha?.setDown(true);
    try {
      // Two failures that bought nothing open API 1's breaker; each purchase fails over to API 2.
      for (let i = 0; i < 2; i++) expect((await postOrder(server, buyer.token, upsGround(api1))).status).toBe(201);
      const [opened] = await waitForMails(server, ADMIN_EMAIL, (s) => s.startsWith('Provider API'));
      expect(opened?.subject).toBe('Provider API "API 1" is failing: its circuit opened');
      expect(opened?.text).toContain('Purchases through "API 1" kept failing, so its circuit breaker opened');
      expect(opened?.text).toContain('Last error: ');
      expect(opened?.html).toContain('/admin/service-management"');
      // Open: later purchases skip API 1; no further mail.
      expect((await postOrder(server, buyer.token, upsGround(api1))).status).toBe(201);
      expect(await mailJobsFor(server, adminId, 'provider-circuit-opened')).toHaveLength(1);
    } finally {
      carrierOf(server).catalogues.alpha?.setDown(false);
    }
  });
});
