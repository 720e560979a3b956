import { describe, expect, it } from 'vitest';
import {
  apiAs,
  clickRowMenuItem,
  party,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

describe('admin tracking refresh of one customer', () => {
  it('the admin refreshes a customer’s tracking from Customers and sees the run’s statistics', async () => {
    const customerPage = await browser.newPage();
    const customer = await signInAsNewCustomer(customerPage, 'Tracked Customer');
    const { user } = await apiAs<{ user: { _id: string } }>(customer.token, 'GET', '/api/auth/verify');
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const adminToken = await admin.evaluate(() => localStorage.getItem('token') ?? '');
    expect(adminToken).not.toBe('');
    await apiAs(adminToken, 'PATCH', `/api/admin/users/${user._id}/balance`, {
      mode: 'add',
      amount: 100,
      reason: 'E2E',
    });
    const { apis } = await apiAs<{ apis: Array<{ _id: string; isDefault: boolean }> }>(
      customer.token,
      'GET',
      '/api/shipping/apis',
    );
    const apiId = (apis.find((a) => a.isDefault) ?? apis[0])?._id ?? '';
    for (const name of ['Rita Receiver', 'Sam Receiver']) {
      await apiAs(customer.token, 'POST', '/api/orders', {
        apiId,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        sender: party('Ada Shipper', 'New York', 'NY', '10001'),
        recipient: party(name, 'Chicago', 'IL', '60601'),
        packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
      });
    }

    // Every progress request of the run, to see the polling stop once the run is done.
    const polls: number[] = [];
    admin.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/tracking/refresh-runs/')) polls.push(Date.now());
    });
    await admin.goto('/admin/customers');
    const row = admin.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`);
    await clickRowMenuItem(row, 'customer-actions', 'customer-refresh-tracking');
    const modal = admin.getByTestId('tracking-refresh-modal');
    await visible(modal);
    await expect.poll(() => textOf(modal.getByTestId('stat-total'))).toBe('2');
    await expect.poll(() => textOf(modal.getByTestId('stat-recent'))).toBe('0');
    // Defaults from SPEC §9; a delay out of range disables the button with the rule.
    await expect.poll(() => modal.getByTestId('refresh-batch-delay').inputValue()).toBe('2000');
    await modal.getByTestId('refresh-request-delay').fill('100');
    await visible(modal.getByText('requestDelay must be a whole number of milliseconds between 200 and 5000'));
    expect(await modal.getByTestId('refresh-tracking-start').isDisabled()).toBe(true);
    await modal.getByTestId('refresh-request-delay').fill('200');
    await modal.getByTestId('refresh-batch-delay').fill('500');
    await modal.getByTestId('refresh-tracking-start').click();

    const run = modal.getByTestId('tracking-refresh-run');
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    expect(await textOf(run)).toContain('Last refresh: 2 orders');
    expect(await textOf(modal.getByTestId('run-updated'))).toBe('2');
    expect(await textOf(modal.getByTestId('run-errors'))).toBe('0');
    await expect.poll(() => textOf(modal.getByTestId('stat-recent'))).toBe('2');
    // The progress was asked while the run ran (every 1.5 s), and no more once it completed.
    expect(polls.length).toBeGreaterThan(0);
    const pollsWhenDone = polls.length;
    await admin.waitForTimeout(3_500);
    expect(polls.length).toBe(pollsWhenDone);
  }, 120_000);
});
