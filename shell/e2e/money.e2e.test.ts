import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  clickRowMenuItem,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

const balanceText = (page: Page) => textOf(page.getByTestId('balance-amount'));

describe('money', () => {
  it('a customer tops up through the sandbox checkout page and sees balance, history and header change', async () => {
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Topper Upper');
    await page.goto('/balance');
    await expect.poll(() => balanceText(page)).toBe('$0.00');
    await visible(page.getByTestId('transactions-empty'));

    await page.getByTestId('topup-open').click();
    await page.getByTestId('topup-amount').fill('25');
    await page.getByTestId('topup-submit').click();
    // The app moves to the processor's checkout page about a second after the invoice exists.
    await page.waitForURL((url) => !url.pathname.startsWith('/balance'), { timeout: 15_000 });
    await page.locator('#pay-full').click();
    // Back on LabelDesk (the checkout page returns to the merchant once paid), the webhook has credited the balance.
    await page.waitForURL((url) => url.pathname === '/balance', { timeout: 20_000 });
    // The processor confirms the payment a moment later; like a customer, use the pending payment's Refresh until then.
    await expect
      .poll(
        async () => {
          if ((await balanceText(page)) === '$25.00') return true;
          const refresh = page.getByTestId('pending-refresh').first();
          if ((await refresh.count()) > 0) await refresh.click();
          return (await balanceText(page)) === '$25.00';
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
    const row = page.getByTestId('transaction-row').first();
    await expect.poll(() => textOf(row.getByTestId('transaction-status'))).toMatch(/completed/i);
    await expect.poll(() => textOf(row.getByTestId('transaction-amount'))).toContain('25.00');
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe('$25.00');

    // The server agrees: one completed credit, balance 25.
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBe(25);
  });

  it('a top-up paid after the Balance page loaded shows there and in the header without any click', async () => {
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Late Payer');
    const invoice = await apiAs<{ paymentUrl: string }>(customer.token, 'POST', '/api/crypto/create-invoice', {
      amount: 12,
    });
    // The network log of the Balance page: each call once on mount, except the balance, which the page reads again
    // after the header (a payment may settle between the two reads).
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${req.method()} ${url.pathname}`);
    });
    await page.goto('/balance');
    await expect.poll(() => balanceText(page)).toBe('$0.00');
    await visible(page.getByTestId('pending-payment'));
    // The invoice's row is in the history, pending.
    await expect.poll(() => textOf(page.getByTestId('transaction-status').first())).toMatch(/pending/i);
    const count = (call: string) => calls.filter((c) => c === call).length;
    expect(count('GET /api/balance')).toBeGreaterThanOrEqual(1);
    expect(count('GET /api/balance')).toBeLessThanOrEqual(2);
    expect(count('GET /api/balance/transactions')).toBe(1);
    expect(count('GET /api/auth/verify')).toBe(1);

    // Paid in another tab while this page stays open; nobody touches this page.
    const checkout = await page.context().newPage();
    await checkout.goto(invoice.paymentUrl);
    await checkout.locator('#pay-full').click();
    await checkout.close();

    await expect.poll(() => balanceText(page), { timeout: 45_000, interval: 1_000 }).toBe('$12.00');
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe('$12.00');
    await expect.poll(() => page.getByTestId('pending-payment').count()).toBe(0);
    const row = page.getByTestId('transaction-row').first();
    await expect.poll(() => textOf(row.getByTestId('transaction-status'))).toMatch(/completed/i);
    // Polling stopped with nothing pending: no more calls for the pending list.
    const settled = count('GET /api/crypto/transactions');
    await page.waitForTimeout(6_000);
    expect(count('GET /api/crypto/transactions')).toBe(settled);
    // Its own budget: the steps above may take up to 45 s for the settlement poll, 3 × 10 s of screen polls, the 6 s
    // watch and up to 15 s per page action, which a loaded CI machine can push past the layer's 90 s default.
  }, 180_000);

  it('an admin sets a balance, the customer sees the ledger row, and the deposit export has it', async () => {
    const customerPage = await browser.newPage();
    const customer = await signInAsNewCustomer(customerPage, 'Ledger Reader');

    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/customers');
    const row = admin.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`);
    await visible(row);
    await clickRowMenuItem(row, 'customer-actions', 'customer-adjust-balance');
    const form = admin.getByTestId('balance-form');
    await visible(form);
    await form.getByTestId('balance-amount-input').fill('abc');
    await form.getByTestId('balance-submit').click();
    // The contract's text under the amount field (the form checks before any call).
    await visible(form.getByText('Please enter a valid amount'));
    await expect.poll(() => form.getByTestId('balance-amount-input').getAttribute('aria-invalid')).toBe('true');
    await form.getByTestId('balance-mode').getByText('Add funds').click();
    await form.getByTestId('balance-amount-input').fill('40');
    await form.getByTestId('balance-reason').fill('Welcome credit');
    await form.getByTestId('balance-submit').click();
    await visible(admin.getByTestId('balance-success'));
    await expect.poll(() => textOf(row.getByTestId('customer-balance'))).toBe('$40.00');

    await customerPage.goto('/balance');
    await expect.poll(() => balanceText(customerPage)).toBe('$40.00');
    const ledger = customerPage.getByTestId('transaction-row').first();
    await expect.poll(() => textOf(ledger)).toContain('Welcome credit');
    await expect.poll(() => textOf(ledger.getByTestId('transaction-amount'))).toContain('40.00');

    // Deposit history: the credit is there, and the CSV export has the SPEC columns and this row.
    await admin.goto('/admin/transactions');
    await admin.getByTestId('deposits-search').fill(customer.email);
    await expect.poll(() => admin.getByTestId('deposit-row').count()).toBe(1);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('deposits-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^deposit-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const lines = readFileSync(path ?? '', 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Transaction ID,User,Amount,Method,Description,Date,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(customer.email);
    expect(lines[1]).toContain('40.00');
    expect(lines[1]).toContain('Admin Adjustment');
    expect(lines[1]).toMatch(/completed$/i);
  });
});
