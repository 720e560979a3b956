import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose } from './browser';

export async function fillAddress(block: Locator, a: Record<string, string>) {
  for (const [label, value] of Object.entries(a)) await block.getByLabel(label).first().fill(value);
}

/** Manual Order filled as a customer would: UPS Ground, both addresses, a 2 lb 10x8x4 package; waits for the price. */
export async function fillUpsGroundOrder(page: Page) {
  await choose(page, page.getByTestId('order-carrier'), 'UPS');
  await choose(page, page.getByTestId('order-service'), /^UPS Ground/);
  await fillAddress(page.getByTestId('sender-address'), {
    Name: 'Ada Shipper',
    'Street 1': '1 Main St',
    City: 'New York',
    State: 'NY',
    ZIP: '10001',
    Phone: '212-555-0100',
  });
  await fillAddress(page.getByTestId('recipient-address'), {
    Name: 'Grace Recipient',
    'Street 1': '500 Howard St',
    City: 'San Francisco',
    State: 'CA',
    ZIP: '94105',
    Phone: '415-555-0100',
  });
  await page.getByTestId('package-weight').fill('2');
  await page.getByTestId('package-length').fill('10');
  await page.getByTestId('package-width').fill('8');
  await page.getByTestId('package-height').fill('4');
  const card = page.getByTestId('price-card');
  await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
  return card;
}
