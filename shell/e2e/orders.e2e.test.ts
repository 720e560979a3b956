import { describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  clickRowMenuItem,
  fundCustomer,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';
import { inputShowsWholeValue } from './support/layout';
import { fillUpsGroundOrder } from './support/manual-order';

const browser = setupBrowser();

interface LabelStats {
  carrierStats: Array<{ _id: string; count: number; totalRevenue: number }>;
  totals: { totalLabels: number; totalRevenue: number };
}

/** Moves the carrier sandbox's clock forward (its tracking progresses with it). */
async function advanceCarrierClock(ms: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/sandbox/carrier/_sandbox/clock`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Key': inject('carrierControlKey') },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!res.ok) throw new Error(`clock control failed: ${res.status} ${await res.text()}`);
}

const upsCount = (stats: LabelStats) => stats.carrierStats.find((s) => s._id === 'UPS')?.count ?? 0;

describe('buying labels', () => {
  it('a customer buys a label through Manual Order, opens it, tracks it; the admin sees it in All Orders and the statistics', async () => {
    const admin = await adminToken();
    const statsBefore = await apiAs<LabelStats>(admin, 'GET', '/api/admin/stats/labels?period=all');

    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Label Buyer');
    await fundCustomer(admin, customer.token, 50, 'E2E label funds');

    // 1. Manual Order: pick the service, fill both addresses and the package; the price card prices it.
    await page.goto('/manual-order');
    await visible(page.getByTestId('order-api'));
    await fillUpsGroundOrder(page);
    const priceText = await textOf(page.getByTestId('price-card-amount'));
    expect(priceText).toMatch(/^\$\d+\.\d{2}$/);
    const price = Number(priceText.slice(1));

    // 2. Create Label: the label opens in a new tab on a short-lived signed link (no session token in it).
    const [labelTab] = await Promise.all([
      page.context().waitForEvent('page', { timeout: 20_000 }),
      page.getByTestId('create-label-button').click(),
    ]);
    await visible(page.getByTestId('manual-order-success'));
    const labelUrl =
      labelTab.url() === 'about:blank'
        ? await labelTab.waitForURL(/\/api\/labels\//).then(() => labelTab.url())
        : labelTab.url();
    expect(labelUrl).toMatch(/\/api\/labels\/ord_[^/?]+\?.*sig=/);
    expect(labelUrl).not.toContain(customer.token);
    const pdf = await fetch(labelUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('referrer-policy')).toBe('no-referrer');
    expect(pdf.headers.get('cache-control')).toContain('no-store');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    // A tampered link is refused.
    expect((await fetch(labelUrl.replace(/sig=([0-9a-f])/, (_, c) => `sig=${c === '0' ? '1' : '0'}`))).status).toBe(
      403,
    );

    // 3. Two seconds later the app is on My Orders, with the order and the balance debited once.
    await page.waitForURL('**/my-orders', { timeout: 10_000 });
    const row = page.getByTestId('order-row');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => textOf(row.getByTestId('order-price'))).toBe(priceText);
    // Badges are upper-cased by CSS (innerText shows it so).
    await expect.poll(() => textOf(row.getByTestId('order-status'))).toMatch(/^processing$/i);
    const trackingNumber = await textOf(row.getByTestId('order-tracking-number'));
    expect(trackingNumber).toMatch(/^1Z[0-9A-Z]{16}$/);
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBeCloseTo(50 - price, 2);
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe(`$${(50 - price).toFixed(2)}`);

    // 4. Tracking: ten days later at the carrier the parcel has arrived; Refresh Tracking moves the order along. (Not
    // two days: the sandbox's journey is drawn from the random tracking number, and two days in it could be in transit,
    // delivered, or at one of its exceptions; every journey ends within 8 days.)
    await row.getByTestId('order-view').click();
    const modal = page.getByTestId('order-details-modal');
    await visible(modal);
    await expect.poll(() => textOf(modal.getByTestId('order-details-tracking-number'))).toContain(trackingNumber);
    await advanceCarrierClock(10 * 24 * 3_600_000);
    await modal.getByTestId('tracking-refresh').click();
    await visible(modal.getByTestId('tracking-refresh-success'));
    await expect.poll(() => textOf(modal.getByTestId('tracking-status'))).toMatch(/^Delivered$/i);
    await expect.poll(() => modal.getByTestId('tracking-event').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => textOf(row.getByTestId('order-status'))).toMatch(/^Delivered$/i);

    // 5. The dashboard counts it and lists it among recent orders, asking each thing once (the header and the
    // dashboard share the balance and the user).
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/'))
        calls.push(`${req.method()} ${url.pathname.replace(/\/date-range\/.*/, '/date-range')}`);
    });
    await page.goto('/dashboard');
    await expect.poll(() => textOf(page.getByTestId('stat-total-orders-value'))).toBe('1');
    await expect.poll(() => textOf(page.getByTestId('stat-total-spent-value'))).toBe(priceText);
    await expect.poll(() => page.getByTestId('recent-order-row').count()).toBe(1);
    const count = (call: string) => calls.filter((c) => c === call).length;
    expect(count('GET /api/balance')).toBe(1);
    expect(count('GET /api/auth/verify')).toBe(1);
    expect(count('GET /api/orders/stats/overview')).toBe(1);
    expect(count('GET /api/orders/date-range')).toBe(1);

    // 6. The admin finds it in All Orders (by the customer's email) and in the label statistics.
    const adminPage = await browser.newPage();
    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin/orders');
    await adminPage.getByTestId('admin-orders-search').fill(customer.email);
    const adminRow = adminPage.getByTestId('admin-order-row');
    await expect.poll(() => adminRow.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => textOf(adminRow.getByTestId('admin-order-tracking'))).toBe(trackingNumber);
    await expect.poll(() => textOf(adminRow.getByTestId('admin-order-user-email'))).toBe(customer.email);
    await expect.poll(() => textOf(adminRow.getByTestId('admin-order-price'))).toBe(priceText);
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      clickRowMenuItem(adminRow, 'admin-order-actions', 'admin-order-download'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^label-ord_.+\.pdf$/);

    await adminPage.goto('/admin');
    await visible(adminPage.getByTestId('label-stats-table'));
    const upsRow = adminPage.getByTestId('label-stats-row-UPS');
    await expect.poll(() => textOf(upsRow.getByTestId('label-stats-count'))).toBe(String(upsCount(statsBefore) + 1));
    await expect
      .poll(() => textOf(adminPage.getByTestId('label-stats-totals').getByTestId('label-stats-count')))
      .toBe(String(statsBefore.totals.totalLabels + 1));
  });

  it('Manual Order says beside the price that it exceeds the balance before Create Label, and shows the whole country', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Short Funds');
    await fundCustomer(admin, customer.token, 1, 'E2E one dollar');

    await page.goto('/manual-order');
    await visible(page.getByTestId('order-api'));
    // The Country select of each address block shows the chosen country in full (it read 'US · United S').
    for (const block of ['sender-address', 'recipient-address']) {
      const country = page.getByTestId(block).getByLabel('Country', { exact: true });
      expect(await country.inputValue()).toBe('United States (US)');
      expect(await inputShowsWholeValue(country)).toBe(true);
    }
    const quotes: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/orders/calculate-price') quotes.push(req.postData() ?? '');
    });
    const card = await fillUpsGroundOrder(page);
    expect(Number((await textOf(page.getByTestId('price-card-amount'))).slice(1))).toBeGreaterThan(1);
    // The price is asked once for the completed form, and once more for a weight typed key by key (debounced).
    expect(quotes).toHaveLength(1);
    await page.getByTestId('package-weight').press('End');
    await page.getByTestId('package-weight').pressSequentially('.75', { delay: 60 });
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
    expect(quotes).toHaveLength(2);
    expect(JSON.parse(quotes[1] ?? '{}').packageDetails.weight).toBe(2.75);

    // Nothing clicked yet: the SPEC warning is already there, right under the price, announced as an alert.
    const warning = page.getByRole('alert').filter({ hasText: 'insufficient' });
    await visible(warning);
    expect(await textOf(warning)).toContain(
      'Warning: Your balance is insufficient for this purchase. Please add funds first.',
    );
    const [cardBox, warningBox] = [await card.boundingBox(), await warning.boundingBox()];
    expect(warningBox && cardBox && Math.abs(warningBox.x - cardBox.x)).toBeLessThan(2);
    expect(warningBox && cardBox && warningBox.y - (cardBox.y + cardBox.height)).toBeLessThan(40);
    expect(await page.getByTestId('manual-order-error').count()).toBe(0);
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBe(1);
  });
});
