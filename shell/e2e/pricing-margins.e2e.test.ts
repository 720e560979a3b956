import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  adminToken,
  apiAs,
  fundCustomer,
  party,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

/** '$1,234.56' / '-$1.55' (first line of a cell) → cents. */
function centsOf(text: string): number {
  const first = text.split('\n')[0]?.trim() ?? '';
  const negative = first.startsWith('-');
  const digits = first.replace(/[^0-9.]/g, '');
  return (negative ? -1 : 1) * Math.round(Number(digits) * 100);
}

async function columnCents(page: Page, testId: string): Promise<number[]> {
  const cells = await page.locator(`[data-testid="margins-row"] [data-testid="${testId}"]`).allInnerTexts();
  return cells.map(centsOf);
}

const isSorted = (values: number[], direction: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (direction === 'asc' ? (values[i - 1] ?? v) <= v : (values[i - 1] ?? v) >= v));

const rowOf = (page: Page, api: string, service: string): Locator =>
  page.locator(`[data-testid="margins-row"][data-api="${api}"][data-service="${service}"]`);

/**
 * Services no other e2e file buys or prices on the seeded "API 1" (the carrier sandbox's alpha catalogue):
 * UPS 3 Day Select priced at a flat $25.00 (the provider charges $19.60 for 1-5 lbs), with the customer's own $1 off;
 * FedEx Ground at a flat $10.00, below the provider's $11.55 for 1-5 lbs.
 */
describe('admin pricing margins', () => {
  it('the admin sees the margins of labels bought in the test, the loss flagged, sorting and the chart', async () => {
    const admin = await adminToken();
    const { apis } = await apiAs<{ apis: Array<{ _id: string; name: string }> }>(
      admin,
      'GET',
      '/api/admin/config/apis',
    );
    const api1 = apis.find((a) => a.name === 'API 1')?._id ?? '';
    expect(api1).not.toBe('');
    for (const [carrier, service, price] of [
      ['UPS', 'UPS 3 Day Select', 25],
      ['FEDEX', 'FedEx Ground', 10],
    ] as const) {
      const path = `${carrier}/${encodeURIComponent(service)}`;
      await apiAs(admin, 'PATCH', `/api/admin/config/dynamic-pricing/${api1}/${path}`, {
        pricingTiers: [{ start: 0, end: 150, price }],
        hasDynamicPricing: false,
      });
      await apiAs(admin, 'PATCH', `/api/admin/config/pricing/${api1}/${path}`, { basePrice: price });
    }

    const customerPage = await browser.newPage();
    const customer = await signInAsNewCustomer(customerPage, 'Margin Customer');
    const customerId = await fundCustomer(admin, customer.token, 200);
    await apiAs(admin, 'PATCH', `/api/admin/users/${customerId}/pricing/${api1}`, {
      enabled: true,
      carriers: {
        UPS: {
          enabled: true,
          services: { 'UPS 3 Day Select': { type: 'discount_amount', discountAmount: 1, applyToAllTiers: true } },
        },
      },
    });
    const buy = (carrier: string, serviceType: string, name: string) =>
      apiAs<{ order: { price: number; status: string } }>(customer.token, 'POST', '/api/orders', {
        apiId: api1,
        carrier,
        serviceType,
        sender: party('Ada Shipper', 'New York', 'NY', '10001'),
        recipient: party(name, 'Chicago', 'IL', '60601'),
        packageDetails: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
      });
    for (const name of ['Mia Receiver', 'Noah Receiver']) {
      const { order } = await buy('UPS', 'UPS 3 Day Select', name);
      expect(order).toMatchObject({ status: 'completed', price: 24 });
    }
    expect((await buy('FEDEX', 'FedEx Ground', 'Olga Receiver')).order).toMatchObject({ price: 10 });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/pricing');
    await visible(page.getByTestId('margins-table'));
    // Default period: the last 30 days.
    expect(await textOf(page.getByTestId('margins-period-description'))).toMatch(
      /^Labels bought \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/,
    );

    // UPS 3 Day Select: 2 labels at $24.00, the provider charged $19.60 each → $8.80; listed $25.00 vs $14.80-$128.
    const threeDay = rowOf(page, 'API 1', 'UPS 3 Day Select');
    await expect.poll(() => textOf(threeDay.getByTestId('margins-labels-sold'))).toBe('2');
    expect(centsOf(await textOf(threeDay.getByTestId('margins-gross')))).toBe(880);
    expect(centsOf(await textOf(threeDay.getByTestId('margins-avg-cost')))).toBe(1960);
    expect(await textOf(threeDay.getByTestId('margins-our-price'))).toBe('$25.00');
    expect(await threeDay.getAttribute('data-loss')).toBe('true'); // $25.00 is below the provider's heavier tiers
    // Its detail: the weight bands and the customer's effective margin.
    await threeDay.getByTestId('margins-row-toggle').click();
    const detail = page.getByTestId('margins-detail');
    await visible(detail);
    const customerRow = detail.locator(`[data-testid="margins-customer"][data-email="${customer.email}"]`);
    await visible(customerRow);
    expect(await textOf(customerRow)).toContain('$1.00 off');
    expect(centsOf(await textOf(customerRow.getByTestId('customer-gross-margin')))).toBe(880);
    expect(await textOf(detail.getByTestId('margins-bands'))).toContain('1.01–5 lbs');

    // FedEx Ground sold below cost: a loss, said in words as well as in red.
    const fedex = rowOf(page, 'API 1', 'FedEx Ground');
    expect(await fedex.getAttribute('data-loss')).toBe('true');
    expect(await textOf(fedex.getByTestId('margins-loss-badge'))).toMatch(/loss on sales/i);
    expect(centsOf(await textOf(fedex.getByTestId('margins-gross')))).toBe(-155);
    expect(await textOf(fedex.getByTestId('margins-labels-sold'))).toBe('1');

    // Sorting: gross margin both ways, then margin per label ascending puts a loss first.
    await page.getByTestId('margins-sort-grossMargin').click();
    await expect.poll(async () => isSorted(await columnCents(page, 'margins-gross'), 'desc')).toBe(true);
    await page.getByTestId('margins-sort-grossMargin').click();
    await expect.poll(async () => isSorted(await columnCents(page, 'margins-gross'), 'asc')).toBe(true);
    const grossAsc = await columnCents(page, 'margins-gross');
    expect(grossAsc[0]).toBeLessThanOrEqual(-155);
    await page.getByTestId('margins-sort-margin').click(); // numbers start largest first
    await page.getByTestId('margins-sort-margin').click();
    expect(await page.locator('th', { has: page.getByTestId('margins-sort-margin') }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await expect.poll(() => page.getByTestId('margins-row').first().getAttribute('data-loss')).toBe('true');

    // The "Losses" filter keeps only flagged rows, FedEx Ground among them.
    await page.getByTestId('margins-filter').getByText('Losses').click();
    await visible(fedex);
    const flagged = await page
      .getByTestId('margins-row')
      .evaluateAll((rows) =>
        rows.map(
          (r) =>
            r.getAttribute('data-loss') === 'true' ||
            r.querySelector('[data-testid="margins-customers-at-loss"]') !== null,
        ),
      );
    expect(flagged.length).toBeGreaterThan(1);
    expect(flagged.every(Boolean)).toBe(true);

    // The chart of gross margin by carrier is drawn (one bar per carrier) with its figures.
    const chart = page.getByTestId('margins-chart');
    await visible(chart);
    await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(2);
    expect(await textOf(page.getByTestId('margins-chart-legend'))).toContain('FedEx: -$1.55 (1 label)');

    // Red figures on the tinted loss rows still read at WCAG AA contrast (the a11y suite may see no loss row).
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
