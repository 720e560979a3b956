import { describe, expect, it } from 'vitest';
import {
  adminToken,
  apiAs,
  defaultUpsGround,
  fundCustomer,
  party,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';
import { rowsOccupied, textBrokenOverLines } from './support/layout';

const browser = setupBrowser();

describe('admin tables read at a glance (1280 px wide)', () => {
  it('All Orders keeps ids and emails whole, its actions on one row, and Order Details formats Estimated Delivery', async () => {
    const admin = await adminToken();
    const customerPage = await browser.newPage();
    // A long email, as real ones are: the column must not split it mid-word.
    const customer = await signInAsNewCustomer(customerPage, 'Maximilian Longname-Customer');
    await fundCustomer(admin, customer.token, 50);
    const { apiId, service } = await defaultUpsGround(customer.token);
    const created = await apiAs<{ order: { orderId: string; estimatedDelivery: string | null } }>(
      customer.token,
      'POST',
      '/api/orders',
      {
        apiId,
        carrier: 'UPS',
        serviceType: service,
        sender: party('Ada Sender'),
        recipient: party('Rita Receiver'),
        packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
      },
    );
    const { estimatedDelivery } = created.order;
    expect(estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/orders');
    await page.getByTestId('admin-orders-search').fill(customer.email);
    const row = page.getByTestId('admin-order-row');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => textOf(row.getByTestId('admin-order-user-email'))).toBe(customer.email);

    expect(await textBrokenOverLines(row.getByTestId('admin-order-id'))).toEqual([]);
    expect(await textBrokenOverLines(row.getByTestId('admin-order-user-email'))).toEqual([]);
    expect(await textBrokenOverLines(row.getByTestId('admin-order-tracking'))).toEqual([]);
    // View, Download and Print in the row's menu (issue 19: three buttons made the table wider than 1280 px leaves
    // it), so the row stays one line tall, and the menu offers all three.
    expect(await rowsOccupied(row.getByRole('button'))).toBe(1);
    await row.getByTestId('admin-order-actions').click();
    const menu = page.getByTestId('admin-order-actions-menu');
    await visible(menu);
    expect((await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual([
      'View details',
      'Download label',
      'Print label',
    ]);
    await menu.getByTestId('admin-order-view').click();
    const details = page.getByTestId('admin-order-details');
    await visible(details);
    // Like the other dates of the view ('Nov 24, 2026, 1:47 PM'), not the API's raw 'YYYY-MM-DD'.
    const [year, month, day] = (estimatedDelivery ?? '').split('-').map(Number) as [number, number, number];
    const expected = new Date(year, month - 1, day).toLocaleDateString('en-US', { dateStyle: 'medium' });
    await expect.poll(() => textOf(details.getByTestId('admin-order-details-estimated-delivery'))).toBe(expected);
  });

  it('Customers and Transactions keep emails and transaction ids whole', async () => {
    const admin = await adminToken();
    const customerPage = await browser.newPage();
    const customer = await signInAsNewCustomer(customerPage, 'Wilhelmina Longname-Depositor');
    await fundCustomer(admin, customer.token, 25, 'E2E deposit for the table layout');

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/customers');
    const customerRow = page.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`);
    await visible(customerRow);
    const emailCell = customerRow.locator('td').nth(1);
    expect(await textOf(emailCell)).toBe(customer.email);
    expect(await textBrokenOverLines(emailCell)).toEqual([]);

    await page.goto('/admin/transactions');
    await page.getByTestId('deposits-search').fill(customer.email);
    const deposit = page.getByTestId('deposit-row');
    await expect.poll(() => deposit.count(), { timeout: 10_000 }).toBe(1);
    const email = deposit.getByTestId('deposit-user-email');
    expect(await textOf(email)).toBe(customer.email);
    expect(await textBrokenOverLines(deposit.locator('td').nth(0))).toEqual([]);
    expect(await textBrokenOverLines(email)).toEqual([]);
  });
});
