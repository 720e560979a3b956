import { NotificationSettings, type ShippingApiConfig } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../src/db/schema';
import { buyRows, csvRow, PROVIDER_REFUSED_STREET, waitForBulk } from './bulk-engine-support';
import { call, errorOf, type TestServer } from './helpers';
import { mailJobsFor, waitForMails } from './notifications-support';
import { buyLabel, newCustomer, startShop, upsGround } from './orders-support';

/**
 * The customers' notification mails (issue 23) over HTTP, read back from the mail sandbox (GET /sandbox/mail/messages):
 * a bulk order finished, a deposit credited, the balance crossing below the customer's threshold (once per crossing),
 * a label voided and refunded, and each switched off in the settings.
 */
describe('notifications: customers', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let publicUrl: string;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    publicUrl = server.services.config.publicUrl;
  });
  afterAll(() => server.stop());

  const emailOf = async (token: string) =>
    ((await call(server, 'GET', '/api/auth/verify', { token })).body as { user: { email: string } }).user.email;
  const settings = (token: string, json: unknown) => call(server, 'PUT', '/api/notification-settings', { token, json });
  const credit = async (userId: string, amount: number) => {
    const res = await call(server, 'PATCH', `/api/admin/users/${userId}/balance`, {
      token: admin,
      json: { mode: 'add', amount, reason: 'Wire received' },
    });
    expect(res.status, res.text).toBe(200);
  };

  it('has every notification on and the low-balance alert off by default, and refuses bad input', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const got = await call(server, 'GET', '/api/notification-settings', { token: buyer.token });
    expect(NotificationSettings.parse(got.body)).toEqual({
      bulkOrderFinished: true,
      depositCredited: true,
      labelRefunded: true,
      lowBalanceThreshold: null,
      depositAttention: true,
      providerCircuitOpened: true,
    });
    const small = await settings(buyer.token, { lowBalanceThreshold: 0.5 });
    expect(small.status).toBe(400);
    expect(errorOf(small).error.message).toBe('Please enter a valid amount');
    const unknown = await settings(buyer.token, { lowBalance: 10 });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).error.message).toBe('Unknown field: lowBalance');
    const notBool = await settings(buyer.token, { depositCredited: 'no' });
    expect(errorOf(notBool).error.message).toBe('depositCredited must be true or false');
    expect((await call(server, 'GET', '/api/notification-settings', { token: buyer.token })).body).toEqual(got.body);
  });

  it('mails a finished bulk order with its counts and a link to it', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const email = await emailOf(buyer.token);
    const { created } = await buyRows(server, buyer.token, api1, [
      csvRow(),
      csvRow({ toStreet1: PROVIDER_REFUSED_STREET }),
      csvRow({ weight: '2' }),
    ]);
    expect((await waitForBulk(server, created.bulkOrderId)).status).toBe('partial');
    const [mail] = await waitForMails(server, email, (s) => s.startsWith('Bulk order'));
    expect(mail?.subject).toBe(`Bulk order ${created.bulkOrderId} finished with failures`);
    expect(mail?.text).toContain(
      `Your bulk order ${created.bulkOrderId} of 3 labels finished with some failures: 2 bought, 1 failed.`,
    );
    expect(mail?.text).toContain(`${publicUrl}/bulk-order?bulkOrder=${created.bulkOrderId}`);
    expect(mail?.html).toContain(`href="${publicUrl}/bulk-order?bulkOrder=${created.bulkOrderId}"`);
    expect(mail?.text).toContain(`LabelDesk · ${publicUrl}`);
  });

  it('mails a credited deposit with the amount and the new balance', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const email = await emailOf(buyer.token);
    await credit(buyer.id, 42.5);
    const [mail] = await waitForMails(server, email, (s) => s.includes('was added to your LabelDesk balance'));
    expect(mail?.subject).toBe('$42.50 was added to your LabelDesk balance');
    expect(mail?.text).toMatch(/\$42\.50 was credited to your balance \(transaction txn_[0-9a-z]{26}\)\./);
    expect(mail?.text).toContain('Your balance is now $42.50.');
    expect(mail?.html).toContain(`href="${publicUrl}/balance"`);
  });

  it('sends one low-balance mail per crossing below the threshold, not one per purchase', async () => {
    const buyer = await newCustomer(server, admin, 30);
    const email = await emailOf(buyer.token);
    const low = (s: string) => s.startsWith('Your LabelDesk balance is below');
    const on = await settings(buyer.token, { lowBalanceThreshold: 20 });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ lowBalanceThreshold: 20, message: 'Notification settings saved' });

    await buyLabel(server, buyer.token, upsGround(api1)); // $30.00 → $18.60: crosses below $20
    const [first] = await waitForMails(server, email, low);
    expect(first?.subject).toBe('Your LabelDesk balance is below $20.00');
    expect(first?.text).toContain('Your balance is $18.60, below the $20.00 you set for this alert.');
    await buyLabel(server, buyer.token, upsGround(api1)); // $7.20: still below, no second mail
    expect(await mailJobsFor(server, buyer.id, 'low-balance')).toHaveLength(1);

    await credit(buyer.id, 20); // $27.20: back above, re-armed
    await buyLabel(server, buyer.token, upsGround(api1)); // $15.80: a new crossing
    const both = await waitForMails(server, email, low, 2);
    expect(both[1]?.text).toContain('Your balance is $15.80, below the $20.00');
    expect(await mailJobsFor(server, buyer.id, 'low-balance')).toHaveLength(2);

    // A threshold set while already below counts that as known: the next purchase sends nothing.
    await settings(buyer.token, { lowBalanceThreshold: 50 });
    await buyLabel(server, buyer.token, upsGround(api1));
    expect(await mailJobsFor(server, buyer.id, 'low-balance')).toHaveLength(2);
    const off = await settings(buyer.token, { lowBalanceThreshold: null });
    expect(off.body).toMatchObject({ lowBalanceThreshold: null });
  });

  it('mails a voided label and its refund', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const email = await emailOf(buyer.token);
    const order = await buyLabel(server, buyer.token, upsGround(api1));
    const voided = await call(server, 'POST', `/api/orders/${order._id}/void`, { token: buyer.token });
    expect(voided.status, voided.text).toBe(200);
    const [mail] = await waitForMails(server, email, (s) => s.startsWith('Label voided'));
    expect(mail?.subject).toBe('Label voided: $11.40 refunded');
    expect(mail?.text).toContain(
      `The UPS label ${order.order.trackingNumber} (order ${order._id}) was voided and $11.40 was refunded to your balance. Your balance is now $50.00.`,
    );
  });

  it('sends none of them once switched off, and the actions still succeed', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const off = await settings(buyer.token, { bulkOrderFinished: false, depositCredited: false, labelRefunded: false });
    expect(off.body).toMatchObject({ bulkOrderFinished: false, depositCredited: false, labelRefunded: false });
    await credit(buyer.id, 100);
    const order = await buyLabel(server, buyer.token, upsGround(api1));
    expect((await call(server, 'POST', `/api/orders/${order._id}/void`, { token: buyer.token })).status).toBe(200);
    const { created } = await buyRows(server, buyer.token, api1, [csvRow()]);
    expect((await waitForBulk(server, created.bulkOrderId)).status).toBe('completed');
    // The combined-labels job is queued after the bulk order's notification would have been: once it exists, the
    // notification's moment has passed.
    await vi.waitFor(
      async () => {
        const [job] = await server.services.db
          .select()
          .from(jobs)
          .where(eq(jobs.id, `bulklabels_${created.bulkOrderId}`));
        if (!job) throw new Error('combined labels not queued yet');
      },
      { timeout: 20_000, interval: 100 },
    );

    expect(await mailJobsFor(server, buyer.id, 'deposit-credited')).toEqual([]);
    expect(await mailJobsFor(server, buyer.id, 'label-refunded')).toEqual([]);
    expect(await mailJobsFor(server, buyer.id, 'bulk-order-finished')).toEqual([]);
    const balance = await call(server, 'GET', '/api/balance', { token: buyer.token });
    expect(balance.body).toMatchObject({ balance: 88.6 });
  });
});
