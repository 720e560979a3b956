import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  defaultUpsGround,
  fundCustomer,
  setupBrowser,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

/** Makes every catalogue of the carrier sandbox answer 503 (the provider refusing every request), or stop doing so. */
async function carrierDown(down: boolean): Promise<void> {
  const res = await fetch(`${baseUrl()}/sandbox/carrier/_sandbox/down`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Key': inject('carrierControlKey') },
    body: JSON.stringify({ down }),
  });
  if (!res.ok) throw new Error(`down control failed: ${res.status} ${await res.text()}`);
}

const row = (toName: string) => ({
  fromName: 'Ada Sender',
  fromStreet1: '1 Main St',
  fromCity: 'New York',
  fromState: 'NY',
  fromZip: '10001',
  fromPhone: '212-555-0100',
  toName,
  toStreet1: '350 W 42nd St',
  toCity: 'New York',
  toState: 'NY',
  toZip: '10036',
  toPhone: '212-555-0147',
  weight: '1',
  length: '10',
  width: '8',
  height: '4',
  description: 'Mug',
});

interface ApiFailover {
  _id: string;
  baseUrl: string;
  priority: number;
  failoverTarget: boolean;
}

/**
 * Takes every API that does not speak to the carrier sandbox (e.g. the EasyPost API failover.e2e adds to the shared
 * server) out of failover, so no other provider can buy the rows while the carrier refuses; returns how to put them back.
 */
async function onlyCarrierSandboxBuys(admin: string): Promise<() => Promise<void>> {
  const { apis } = await apiAs<{ apis: ApiFailover[] }>(admin, 'GET', '/api/admin/config/apis');
  const others = apis.filter((a) => a.failoverTarget && !a.baseUrl.includes('/sandbox/carrier'));
  for (const a of others) {
    await apiAs(admin, 'PATCH', `/api/admin/config/apis/${a._id}/failover`, {
      priority: a.priority,
      failoverTarget: false,
    });
  }
  return async () => {
    for (const a of others) {
      await apiAs(admin, 'PATCH', `/api/admin/config/apis/${a._id}/failover`, {
        priority: a.priority,
        failoverTarget: true,
      });
    }
  };
}

describe('a bulk order that cannot finish (issue 19)', () => {
  let restoreFailover: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await carrierDown(false);
    await restoreFailover?.();
    restoreFailover = undefined;
  });

  it('with the carrier refusing every request the customer sees the rows waiting, cancels them, gets the money back and a final status', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Stuck Bulk Buyer');
    await fundCustomer(admin, customer.token, 100, 'E2E bulk cancel funds');
    const { apiId, service } = await defaultUpsGround(customer.token);

    restoreFailover = await onlyCarrierSandboxBuys(admin);
    await carrierDown(true);
    const created = await apiAs<{ bulkOrderId: string; totalPrice: number; newBalance: number }>(
      customer.token,
      'POST',
      '/api/orders/bulk/process',
      {
        apiId,
        carrier: 'UPS',
        service,
        orders: ['Bo Buyer', 'Cy Buyer', 'Di Buyer'].map((name, rowIndex) => ({ rowIndex, data: row(name) })),
      },
    );
    expect(created.totalPrice).toBeGreaterThan(0);
    expect(created.newBalance).toBeCloseTo(100 - created.totalPrice, 2);

    // The bulk order page: the progress bar says labels wait on the shipping provider (no label can be bought).
    await page.goto('/bulk-order');
    const item = page.getByTestId('bulk-progress-item');
    await visible(item);
    await expect
      .poll(() => textOf(item.getByTestId('bulk-progress-waiting')), { timeout: 60_000 })
      .toMatch(/^\d labels? (is|are) waiting on the shipping provider; next attempt .+\./);
    expect(await item.getByTestId('bulk-progress-bar').getAttribute('data-done')).toBe('0');

    // The details: each row's state (retrying with the reason, or queued behind them), the notice, and Cancel.
    await page.getByTestId('bulk-history-row').first().getByTestId('bulk-history-view').click();
    const details = page.getByTestId('bulk-details');
    await visible(details);
    const states = details.getByTestId('bulk-details-order-state');
    await expect.poll(() => states.count()).toBe(3);
    const rowStates = () => states.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-state')));
    await expect.poll(rowStates, { timeout: 30_000 }).toContain('retrying');
    expect(await rowStates()).not.toContain('bought');
    const retrying = details.locator('[data-testid="bulk-details-order-state"][data-row-state="retrying"]').first();
    expect(await textOf(retrying)).toContain('The carrier did not answer; this label will be tried again.');
    expect(await textOf(retrying)).toMatch(/Next attempt /);
    await visible(details.getByTestId('bulk-details-waiting'));

    await details.getByTestId('bulk-details-cancel').click();
    const confirm = page.getByTestId('bulk-details-cancel-confirm');
    await visible(confirm);
    expect(await textOf(confirm)).toContain('The 3 labels not bought yet will not be bought');
    await confirm.getByTestId('bulk-details-cancel-yes').click();

    const amount = `$${created.totalPrice.toFixed(2)}`;
    await expect
      .poll(() => textOf(details.getByTestId('bulk-details-cancelled')))
      .toBe(`Bulk order cancelled: 3 labels not bought, ${amount} refunded to your balance.`);
    // The final status, every row refunded, nothing left to cancel.
    await expect.poll(() => textOf(details.getByTestId('bulk-details-status'))).toMatch(/^failed$/i);
    await expect.poll(rowStates).toEqual(['failed', 'failed', 'failed']);
    expect(await textOf(details.getByTestId('bulk-details-stopped'))).toMatch(/^Cancelled .+: the labels not bought/);
    expect(await details.getByTestId('bulk-details-cancel').count()).toBe(0);
    expect(await details.getByTestId('bulk-details-waiting').count()).toBe(0);
    // The balance is whole again, on screen and on the server.
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe('$100.00');
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBe(100);
    const { bulkOrder } = await apiAs<{ bulkOrder: { status: string; stopReason: string } }>(
      customer.token,
      'GET',
      `/api/orders/bulk/${created.bulkOrderId}`,
    );
    expect(bulkOrder).toMatchObject({ status: 'failed', stopReason: 'customer' });
  });
});
