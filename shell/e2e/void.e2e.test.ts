import { describe, expect, it } from 'vitest';
import {
  adminToken,
  apiAs,
  defaultUpsGround,
  fundCustomer,
  setupBrowser,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

const party = (name: string) => ({
  name,
  street1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '212-555-0100',
});

describe('void a label', () => {
  it('a customer voids a label from My Orders behind the confirm, and the balance comes back', async () => {
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Vera Void');
    await fundCustomer(await adminToken(), customer.token, 50, 'E2E void funds');
    const { apiId, service } = await defaultUpsGround(customer.token);
    const { order } = await apiAs<{ order: { _id: string; price: number } }>(customer.token, 'POST', '/api/orders', {
      apiId,
      carrier: 'UPS',
      serviceType: service,
      sender: party('Ada Sender'),
      recipient: party('Rita Receiver'),
      packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
    });
    const debited = `$${(50 - order.price).toFixed(2)}`;

    await page.goto('/my-orders');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order._id}"]`);
    await visible(row);
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe(debited);

    await row.getByTestId('order-view').click();
    const modal = page.getByTestId('order-details-modal');
    await visible(modal);
    await modal.getByTestId('void-label-button').click();
    // The kit's confirm says what happens; nothing is voided until it is confirmed.
    await expect
      .poll(() => textOf(page.getByTestId('void-label-confirm-text')))
      .toContain(`$${order.price.toFixed(2)} is refunded`);
    await page.getByTestId('void-label-confirm').click();

    await expect.poll(() => textOf(modal.getByTestId('void-label-result'))).toContain('Your balance: $50.00');
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe('$50.00');
    await expect.poll(() => textOf(modal.getByTestId('void-status'))).toMatch(/^voided$/i);
    expect(await modal.getByTestId('void-label-button').count()).toBe(0);
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBe(50);
  });
});
