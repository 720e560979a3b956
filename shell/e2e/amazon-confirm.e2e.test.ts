import { describe, expect, it } from 'vitest';
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

const ROW = {
  fromName: 'Maya Chen',
  fromStreet1: '1200 Market St',
  fromCity: 'San Francisco',
  fromState: 'CA',
  fromZip: '94103',
  fromPhone: '415-555-0132',
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
};

describe('Amazon order confirmation', () => {
  it('a customer confirms a bought bulk order of Amazon orders on the marketplace sandbox from /amazon-confirm', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Amazon Seller');
    await fundCustomer(admin, customer.token, 200);

    // A bulk order of converter rows (orderNumber, sku), bought over the API: this test is about the confirmation.
    const { apiId, service } = await defaultUpsGround(customer.token);
    const stamp = String(Date.now()).slice(-7);
    const amazonIds = [1, 2, 3].map((i) => `114-${stamp}-000000${i}`);
    const orders = amazonIds.map((id, i) => ({
      rowIndex: i,
      data: { ...ROW, toName: `Buyer ${i}`, orderNumber: id, sku: `MUG-${i}`, productName: 'Mug' },
    }));
    const { bulkOrderId } = await apiAs<{ bulkOrderId: string }>(customer.token, 'POST', '/api/orders/bulk/process', {
      apiId,
      carrier: 'UPS',
      service,
      orders,
    });
    await expect
      .poll(
        async () =>
          (await apiAs<{ bulkOrder: { status: string } }>(customer.token, 'GET', `/api/orders/bulk/${bulkOrderId}`))
            .bulkOrder.status,
        { timeout: 60_000 },
      )
      .toBe('completed');

    // The seller signs in at the marketplace sandbox and exports cookies (a browser extension's JSON) and the token.
    const signin = await fetch(`${baseUrl()}/sandbox/marketplace/signin`, { method: 'POST' });
    const seller = (await signin.json()) as { cookies: Array<{ name: string; value: string }>; csrfToken: string };

    await page.goto('/amazon-confirm');
    const row = page.locator(`[data-testid="amazon-bulk-row"][data-bulk-id="${bulkOrderId}"]`);
    await visible(row);
    expect(await textOf(row)).toMatch(/completed/i);
    const submit = page.getByTestId('amazon-confirm-submit');
    expect(await submit.isDisabled()).toBe(true);
    await row.getByTestId('amazon-bulk-select').click();
    await expect.poll(() => page.getByTestId('amazon-order-row').count()).toBe(3);

    // A file that is not JSON gets the SPEC text; the button stays disabled.
    const file = page.getByTestId('amazon-cookies-file');
    await file.setInputFiles({ name: 'cookies.json', mimeType: 'application/json', buffer: Buffer.from('nope') });
    await expect
      .poll(() => textOf(page.getByTestId('amazon-confirm-error')))
      .toBe('Failed to parse the cookies file. Please ensure it is a valid JSON file.');
    await page.getByTestId('amazon-csrf-input').fill(seller.csrfToken);
    expect(await submit.isDisabled()).toBe(true);

    await file.setInputFiles({
      name: 'cookies.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(seller.cookies)),
    });
    await expect.poll(() => textOf(page.getByTestId('amazon-cookies-loaded'))).toContain('3 cookies');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await expect
      .poll(() => textOf(page.getByTestId('amazon-confirm-success')))
      .toBe('Successfully confirmed 3 orders on Amazon!');
    await expect
      .poll(async () => (await page.getByTestId('amazon-confirm-result').allTextContents()).join(','))
      .toBe('Confirmed,Confirmed,Confirmed');
    // The message goes after 5 s.
    await expect.poll(() => page.getByTestId('amazon-confirm-success').count(), { timeout: 8_000 }).toBe(0);

    // A second click confirms nothing twice.
    await submit.click();
    await expect
      .poll(() => textOf(page.getByTestId('amazon-confirm-success')))
      .toBe('Successfully confirmed 0 orders on Amazon!');
  });
  it('"Forget saved credentials" asks first, then deletes the saved cookies and token and brings the inputs back', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Amazon Forgetter');
    await fundCustomer(admin, customer.token, 50);
    const { apiId, service } = await defaultUpsGround(customer.token);
    const amazonId = `114-${String(Date.now()).slice(-7)}-0000009`;
    const { bulkOrderId } = await apiAs<{ bulkOrderId: string }>(customer.token, 'POST', '/api/orders/bulk/process', {
      apiId,
      carrier: 'UPS',
      service,
      orders: [{ rowIndex: 0, data: { ...ROW, toName: 'Buyer F', orderNumber: amazonId, sku: 'MUG-F' } }],
    });
    await expect
      .poll(
        async () =>
          (await apiAs<{ bulkOrder: { status: string } }>(customer.token, 'GET', `/api/orders/bulk/${bulkOrderId}`))
            .bulkOrder.status,
        { timeout: 60_000 },
      )
      .toBe('completed');
    // Cookies and token saved by a confirmation with both save boxes ticked (over the API: this test is about forgetting).
    const signin = await fetch(`${baseUrl()}/sandbox/marketplace/signin`, { method: 'POST' });
    const seller = (await signin.json()) as { cookies: Array<{ name: string; value: string }>; csrfToken: string };
    await apiAs(customer.token, 'POST', '/api/amazon/confirm-orders', {
      bulkOrderId,
      cookies: seller.cookies,
      csrfToken: seller.csrfToken,
      saveCookies: true,
      saveCsrfToken: true,
    });

    await page.goto('/amazon-confirm');
    await visible(page.getByTestId('amazon-use-saved-csrf'));
    await visible(page.getByTestId('amazon-use-saved-cookies'));
    expect(await page.getByTestId('amazon-csrf-input').count()).toBe(0);

    // Cancel keeps them.
    const forget = page.getByRole('button', { name: 'Forget saved credentials' });
    await forget.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    expect(await textOf(dialog)).toContain('Delete your saved Amazon cookies and CSRF token?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const saved = () =>
      apiAs<{ hasCookies: boolean; hasCsrfToken: boolean }>(customer.token, 'GET', '/api/amazon/saved-credentials');
    expect(await saved()).toMatchObject({ hasCookies: true, hasCsrfToken: true });

    // Forget deletes them: the message, the switches gone, the token input and the cookies file back.
    await forget.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Forget' }).click();
    await expect
      .poll(() => textOf(page.getByTestId('amazon-confirm-success')))
      .toBe('Your saved Amazon cookies and CSRF token were deleted.');
    await expect.poll(() => page.getByTestId('amazon-use-saved-csrf').count()).toBe(0);
    await expect.poll(() => page.getByTestId('amazon-use-saved-cookies').count()).toBe(0);
    await visible(page.getByTestId('amazon-csrf-input'));
    expect(await page.getByTestId('amazon-cookies-file').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Forget saved credentials' }).count()).toBe(0);
    expect(await saved()).toMatchObject({ hasCookies: false, hasCsrfToken: false });
  });
});
