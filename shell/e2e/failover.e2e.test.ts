import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  choose,
  clickRowMenuItem,
  fundCustomer,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';
import { tableLayoutProblems } from './support/layout';
import { fillUpsGroundOrder } from './support/manual-order';

/**
 * Issue 21 in Chromium: an EasyPost-kind API added, checked for services, priced and bought through by a customer (the
 * embedded EasyPost-protocol sandbox under /sandbox/easypost); and a purchase on "API 1" failing over to "API 2" while
 * API 1's catalogue is down in the carrier sandbox, which the admin sees on the order and on Service Status.
 */
const browser = setupBrowser();
const LAPTOP = { width: 1280, height: 800 };

/** Turns the carrier sandbox's catalogue (alpha = the seeded API 1) down or up through its /_sandbox controls. */
async function catalogueDown(catalogue: string, down: boolean): Promise<void> {
  const res = await fetch(`${baseUrl()}/sandbox/carrier/_sandbox/catalogues/${catalogue}/down`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Key': inject('carrierControlKey') },
    body: JSON.stringify({ down }),
  });
  if (!res.ok) throw new Error(`down control failed: ${res.status} ${await res.text()}`);
}

/** Manual Order on `apiName`: UPS Ground, both addresses, a 2 lb 10x8x4 package; waits for the price, then buys. */
async function buyUpsGround(page: Page, apiName: RegExp): Promise<string> {
  await page.goto('/manual-order');
  const api = page.getByTestId('order-api');
  // The default API is selected once the list arrives; choose after that, so the default does not replace the choice.
  await expect.poll(() => api.inputValue()).not.toBe('');
  await choose(page, api, apiName);
  await expect.poll(() => api.inputValue()).toMatch(apiName);
  await fillUpsGroundOrder(page);
  expect(await api.inputValue()).toMatch(apiName);
  const price = await textOf(page.getByTestId('price-card-amount'));
  // Create Label opens the label in a new tab once it is bought.
  await Promise.all([
    page.context().waitForEvent('page', { timeout: 30_000 }),
    page.getByTestId('create-label-button').click(),
  ]);
  await visible(page.getByTestId('manual-order-success'));
  return price;
}

interface OrderSeen {
  _id: string;
  apiName: string;
  price: number;
  status: string;
  boughtVia: { apiName: string } | null;
}

/** The customer's only order, as the API answers it to them. */
async function onlyOrder(token: string): Promise<OrderSeen> {
  const { orders } = await apiAs<{ orders: OrderSeen[] }>(token, 'GET', '/api/orders?limit=10');
  expect(orders).toHaveLength(1);
  return orders[0] as OrderSeen;
}

describe('upstream kinds and failover (issue 21)', () => {
  afterEach(async () => {
    // Whatever happened, API 1's catalogue is up again for the other files on this server.
    await catalogueDown('alpha', false);
  });

  it('the admin adds an EasyPost-kind API, runs the update check, adds and prices UPS Ground; a customer buys through it', async () => {
    const stamp = Date.now().toString(36);
    const apiName = `E2E EasyPost ${stamp}`;
    const admin = await browser.newPage(LAPTOP);
    await signInAsAdmin(admin);

    // 1. Add New API, kind EasyPost, pointed at the embedded EasyPost sandbox with a test key.
    await admin.goto('/admin/service-management');
    await admin.getByTestId('add-api-open').click();
    await choose(admin, admin.getByTestId('add-api-kind'), 'EasyPost');
    await admin.getByTestId('add-api-name').fill(apiName);
    await admin.getByTestId('add-api-key').fill(`EZTK${stamp}e2etestkey`);
    await admin.getByTestId('add-api-base-url').fill(`${baseUrl()}/sandbox/easypost`);
    await admin.getByTestId('add-api-submit').click();
    await expect.poll(() => textOf(admin.getByTestId('service-management-success'))).toBe('New API added successfully');

    // Its failover settings: after the seeded APIs in the failover order, still a failover target.
    await expect.poll(() => textOf(admin.getByTestId('api-priority'))).toMatch(/^Priority 100$/i); // badges are upper-cased by CSS
    await admin.getByTestId('api-failover-open').click();
    await admin.getByLabel('Priority').fill('200');
    await admin.getByTestId('failover-settings-submit').click();
    await expect
      .poll(() => textOf(admin.getByTestId('service-management-success')))
      .toBe('Failover settings updated successfully');
    await expect.poll(() => textOf(admin.getByTestId('api-priority'))).toMatch(/^Priority 200$/i);
    expect(await textOf(admin.getByTestId('api-failover-target'))).toMatch(/^Failover target$/i);
    expect(await tableLayoutProblems(admin)).toEqual([]);

    // 2. The update check (Service Report) rates the sandbox's reference parcels and lists its services; add UPS Ground.
    await admin.goto('/admin/services');
    await admin.getByTestId('open-service-report').click();
    await admin.getByTestId('report-refresh').click();
    const report = admin.locator(`[data-testid="report-api"][data-api-name="${apiName}"]`);
    await expect
      .poll(() => textOf(report.getByTestId('report-api-summary')), { timeout: 30_000 })
      .toMatch(/^\d+ new services out of \d+ total$/);
    await report.getByRole('checkbox', { name: `Select UPS Ground (${apiName})` }).check();
    await admin.getByTestId('report-add-selected').click();
    await expect.poll(() => textOf(admin.getByTestId('report-success'))).toBe('Successfully added 1 services');
    await admin.keyboard.press('Escape');

    // 3. Our price for it on Service Pricing: the provider's rates came in as weight tiers (one per reference parcel);
    //    the 1.01–5 lb tier gets our own price.
    await admin.goto('/admin/service-management');
    await choose(admin, admin.getByTestId('api-select'), new RegExp(`^${apiName}`));
    await admin.getByTestId('tab-service-pricing').click();
    const ground = admin.locator('[data-testid="pricing-row"][data-service="UPS Ground"]');
    await ground.getByTestId('pricing-edit-tiers').click();
    const editor = admin.getByTestId('tier-editor');
    await visible(editor);
    expect(await editor.getByLabel('Tier 2 start').inputValue()).toBe('1.01');
    expect(await editor.getByLabel('Tier 2 end').inputValue()).toBe('5');
    await editor.getByLabel('Tier 2 price').fill('12.34');
    await editor.getByTestId('tier-save').click();
    await expect
      .poll(() => textOf(admin.getByTestId('service-management-success')))
      .toBe('Successfully updated dynamic pricing for UPS Ground');

    // 4. A customer buys UPS Ground on it at that price; the label is bought through the EasyPost API itself.
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'EasyPost Buyer');
    await fundCustomer(await adminToken(), customer.token, 50, 'E2E EasyPost funds');
    expect(await buyUpsGround(page, new RegExp(`^${apiName}`))).toBe('$12.34');
    const order = await onlyOrder(customer.token);
    expect(order).toMatchObject({ apiName, price: 12.34, status: 'completed', boughtVia: { apiName } });
    const balance = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance.balance).toBe(37.66);
  });

  it('with API 1 down, a customer order fails over; the admin sees "Bought via API 2", the attempts and the failover', async () => {
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Failover Buyer');
    await fundCustomer(await adminToken(), customer.token, 50, 'E2E failover funds');

    await catalogueDown('alpha', true);
    const price = await buyUpsGround(page, /^API 1/);
    const order = await onlyOrder(customer.token);
    // Chosen and priced on API 1, bought through API 2.
    expect(order).toMatchObject({ apiName: 'API 1', status: 'completed', boughtVia: { apiName: 'API 2' } });
    expect(`$${order.price.toFixed(2)}`).toBe(price);

    // The admin's Order Details: Bought via API 2, and both attempts, at 1280×800 without anything cut.
    const admin = await browser.newPage(LAPTOP);
    await signInAsAdmin(admin);
    await admin.goto('/admin/orders');
    await admin.getByTestId('admin-orders-search').fill(customer.email);
    const row = admin.getByTestId('admin-order-row');
    await expect.poll(() => row.count()).toBe(1);
    await clickRowMenuItem(row, 'admin-order-actions', 'admin-order-view');
    const details = admin.getByTestId('admin-order-details');
    await expect
      .poll(() => textOf(details.getByTestId('admin-order-details-bought-via')))
      .toContain('Bought via API 2');
    expect(await textOf(details.getByTestId('admin-order-details-bought-via'))).toContain('Failed over from API 1');
    const attempts = details.getByTestId('admin-order-attempt');
    await expect.poll(() => attempts.count()).toBe(2);
    expect(await textOf(attempts.nth(0))).toMatch(/^API 1\s+Failed over\s+.*503/is);
    expect(await textOf(attempts.nth(1))).toMatch(/^API 2\s+Bought\s+—/is);
    await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await tableLayoutProblems(admin)).toEqual([]);

    // Service Status: API 1's breaker with its last error and the failover counted.
    await admin.goto('/admin/services');
    const api1 = admin.locator('[data-testid="provider-health-row"][data-api="API 1"]');
    await expect.poll(() => textOf(api1.getByTestId('provider-health-failovers'))).toMatch(/^[1-9]\d* failovers?$/);
    // Read as the screen shows it once loaded (textOf gives '' for a cell not yet rendered on a busy machine).
    await expect.poll(() => textOf(api1.getByTestId('provider-health-last-error'))).toContain('503');
    expect(await textOf(api1.getByTestId('provider-health-state'))).toMatch(/^(Closed|Open)$/i);
    expect(await tableLayoutProblems(admin)).toEqual([]);
  });
});
