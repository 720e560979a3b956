import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  choose,
  fundCustomer,
  readDownload,
  setupBrowser,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

/** The columns of Seller Central's "Unshipped orders" report, in its order (tab-separated, one line per order item). */
const REPORT_COLUMNS = [
  'order-id',
  'order-item-id',
  'purchase-date',
  'payments-date',
  'buyer-email',
  'buyer-name',
  'buyer-phone-number',
  'sku',
  'product-name',
  'quantity-purchased',
  'quantity-shipped',
  'quantity-to-ship',
  'ship-service-level',
  'recipient-name',
  'ship-address-1',
  'ship-address-2',
  'ship-address-3',
  'ship-city',
  'ship-state',
  'ship-postal-code',
  'ship-country',
  'is-business-order',
] as const;

interface ReportLine {
  orderId: string;
  sku: string;
  product: string;
  quantity: number;
  recipient: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

function report(lines: ReportLine[]): Buffer {
  const text = [
    REPORT_COLUMNS.join('\t'),
    ...lines.map((l, i) =>
      [
        l.orderId,
        String(20000000000001 + i),
        '2026-03-01T10:15:00+00:00',
        '2026-03-01T10:15:00+00:00',
        'buyer@marketplace.amazon.com',
        l.recipient,
        l.phone,
        l.sku,
        l.product,
        String(l.quantity),
        '0',
        String(l.quantity),
        'Standard',
        l.recipient,
        l.street,
        '',
        '',
        l.city,
        l.state,
        l.zip,
        'US',
        'false',
      ].join('\t'),
    ),
  ].join('\n');
  return Buffer.from(`${text}\n`, 'utf8');
}

const SENDER = {
  name: 'Harbor Goods',
  company: 'Harbor Goods LLC',
  street1: '700 Harbor Way',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  country: 'US',
  phone: '510-555-0177',
  type: 'sender',
  isDefault: true,
};

interface MarketplaceConfirmation {
  amazonOrderId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  shipDate: string;
}

/** What the marketplace sandbox recorded as confirmed (its control API). */
async function marketplaceConfirmations(): Promise<MarketplaceConfirmation[]> {
  const res = await fetch(`${baseUrl()}/sandbox/marketplace/_sandbox/confirmations`, {
    headers: { 'X-Sandbox-Key': inject('marketplaceControlKey') },
  });
  if (!res.ok) throw new Error(`marketplace confirmations: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { confirmations: MarketplaceConfirmation[] }).confirmations;
}

interface BulkDetail {
  bulkOrder: { status: string };
  orders: Array<{
    _id: string;
    amazonOrderId: string | null;
    sku: string | null;
    trackingNumber: string;
    carrier: string;
    serviceName: string;
    recipient: { name: string };
  }>;
}

describe('Amazon seller journey', () => {
  it('converts an Amazon report, buys its labels with a bulk upload of the converted file, and confirms the shipments on the marketplace', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Harbor Seller');
    await fundCustomer(admin, customer.token, 200);
    await apiAs(customer.token, 'POST', '/api/addresses', SENDER);

    // Amazon order ids of this run (the marketplace sandbox keeps every confirmation for the server's life).
    const stamp = String(Date.now()).slice(-7);
    const amazonId = (n: number) => `115-${stamp}-000000${n}`;
    const lines: ReportLine[] = [
      {
        orderId: amazonId(1),
        sku: 'E2E-MUG',
        product: 'Stoneware Mug',
        quantity: 1,
        recipient: 'Rosa Delgado',
        street: '350 W 42nd St',
        city: 'New York',
        state: 'NY',
        zip: '10036',
        phone: '212-555-0147',
      },
      {
        orderId: amazonId(2),
        sku: 'E2E-TEE',
        product: 'Cotton Tee - M',
        quantity: 1,
        recipient: 'Kenji Sato',
        street: '1200 Elm St',
        city: 'Dallas',
        state: 'TX',
        zip: '75270',
        phone: '+1 214-555-0193 ext. 12',
      },
      // The same order's second item (another SKU): a parcel of its own, on the same Amazon order.
      {
        orderId: amazonId(2),
        sku: 'E2E-MUG',
        product: 'Stoneware Mug',
        quantity: 1,
        recipient: 'Kenji Sato',
        street: '1200 Elm St',
        city: 'Dallas',
        state: 'TX',
        zip: '75270',
        phone: '+1 214-555-0193 ext. 12',
      },
      {
        orderId: amazonId(3),
        sku: 'E2E-MUG',
        product: 'Stoneware Mug',
        quantity: 1,
        recipient: 'Amara Okafor',
        street: '89 Elm Street',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: '512-555-0110',
      },
    ];

    // 1. The converter: the report in, dimensions per SKU, the bulk CSV out.
    await page.goto('/amazon-convert');
    await expect.poll(() => textOf(page.getByTestId('sender-summary'))).toContain('Harbor Goods');
    await page
      .getByTestId('amazon-file-input')
      .setInputFiles({ name: 'UnshippedOrders.txt', mimeType: 'text/plain', buffer: report(lines) });
    const dimensionRows = page.locator('[data-testid^="dimension-row-"]');
    await visible(dimensionRows);
    await expect.poll(() => dimensionRows.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      await page.getByTestId(`dimension-weight-${i}`).fill('1.5');
      await page.getByTestId(`dimension-length-${i}`).fill('10');
      await page.getByTestId(`dimension-width-${i}`).fill('8');
      await page.getByTestId(`dimension-height-${i}`).fill('4');
    }
    await page.getByTestId('complete-setup').click();
    await expect
      .poll(() => textOf(page.getByTestId('amazon-success')))
      .toBe('Successfully converted 3 orders into 4 shipping labels. Click "Download CSV" to save your file.');
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    const converted = await readDownload(csvDownload);
    const convertedRows = Papa.parse<Record<string, string>>(converted.toString('utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(convertedRows.map((r) => [r.orderNumber, r.sku])).toEqual(lines.map((l) => [l.orderId, l.sku]));

    // 2. The converted file, as the seller saved it, uploaded on /bulk-order: validated, paid, bought.
    await page.goto('/bulk-order');
    await choose(page, page.getByTestId('bulk-carrier'), 'UPS');
    await choose(page, page.getByTestId('bulk-service'), /^UPS Ground/);
    await page
      .getByTestId('bulk-file-input')
      .setInputFiles({ name: csvDownload.suggestedFilename(), mimeType: 'text/csv', buffer: converted });
    await expect.poll(() => textOf(page.getByTestId('bulk-file-name'))).toContain('4 rows');
    expect(await page.getByTestId('bulk-file-error').count()).toBe(0);
    const validation = page.getByTestId('bulk-validation');
    await expect.poll(() => validation.getAttribute('data-state'), { timeout: 15_000 }).toBe('valid');
    const rows = page.getByTestId('bulk-validation-row');
    await expect.poll(() => rows.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await rows.nth(i).getAttribute('data-valid')).toBe('true');
    expect(await textOf(page.getByTestId('bulk-selected-count'))).toBe('4');
    await page.getByTestId('bulk-pay').click();
    const confirm = page.getByTestId('bulk-confirm');
    await visible(confirm);
    await confirm.getByTestId('bulk-confirm-pay').click();

    // 3. The labels are bought in the background: the bar goes to 4 of 4, the bulk order completes.
    const item = page.getByTestId('bulk-progress-item');
    await visible(item);
    await expect
      .poll(() => item.getByTestId('bulk-progress-bar').getAttribute('data-done'), { timeout: 60_000 })
      .toBe('4');
    await expect
      .poll(() => textOf(page.getByTestId('bulk-notice')), { timeout: 60_000 })
      .toBe('Bulk order completed: all labels were created.');
    expect(await item.getAttribute('data-status')).toBe('completed');
    const historyRow = page.getByTestId('bulk-history-row');
    await expect.poll(() => historyRow.count()).toBe(1);
    const bulkOrderId = await textOf(historyRow.getByTestId('bulk-history-id'));
    expect(bulkOrderId).toMatch(/^blk_/);
    // Each label carries its Amazon order id and SKU from the report.
    const detail = await apiAs<BulkDetail>(customer.token, 'GET', `/api/orders/bulk/${bulkOrderId}`);
    expect(detail.bulkOrder.status).toBe('completed');
    expect(detail.orders.map((o) => [o.amazonOrderId, o.sku]).sort()).toEqual(
      lines.map((l) => [l.orderId, l.sku]).sort(),
    );

    // 4. /amazon-confirm: that bulk order, the seller's exported cookies and CSRF token.
    const signin = await fetch(`${baseUrl()}/sandbox/marketplace/signin`, { method: 'POST' });
    const seller = (await signin.json()) as { cookies: Array<{ name: string; value: string }>; csrfToken: string };
    await page.goto('/amazon-confirm');
    await page.getByTestId('amazon-bulk-search').fill(bulkOrderId);
    const bulkRow = page.locator(`[data-testid="amazon-bulk-row"][data-bulk-id="${bulkOrderId}"]`);
    await visible(bulkRow);
    await bulkRow.getByTestId('amazon-bulk-select').click();
    const orderRows = page.getByTestId('amazon-order-row');
    await expect.poll(() => orderRows.count()).toBe(4);
    expect((await orderRows.allInnerTexts()).map((t) => lines.find((l) => t.includes(l.orderId))?.orderId)).toEqual(
      expect.arrayContaining(lines.map((l) => l.orderId)),
    );
    await page.getByTestId('amazon-csrf-input').fill(seller.csrfToken);
    await page.getByTestId('amazon-cookies-file').setInputFiles({
      name: 'sellercentral-cookies.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(seller.cookies)),
    });
    const submit = page.getByTestId('amazon-confirm-submit');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await expect
      .poll(() => textOf(page.getByTestId('amazon-confirm-success')))
      .toBe('Successfully confirmed 4 orders on Amazon!');
    await expect
      .poll(async () => (await page.getByTestId('amazon-confirm-result').allTextContents()).join(','))
      .toBe('Confirmed,Confirmed,Confirmed,Confirmed');

    // 5. The marketplace recorded exactly those shipments, one per parcel (the two-item order twice, each with its
    // own tracking number), with the label's carrier and service.
    const recorded = (await marketplaceConfirmations()).filter((c) => c.amazonOrderId.includes(`-${stamp}-`));
    const parcel = (c: { amazonOrderId: string | null; carrier: string; trackingNumber: string }) =>
      [c.amazonOrderId, c.carrier, c.trackingNumber].join(' ');
    expect(recorded.map(parcel).sort()).toEqual(detail.orders.map(parcel).sort());
    expect(new Set(recorded.map((c) => c.amazonOrderId))).toEqual(new Set(lines.map((l) => l.orderId)));
    expect(recorded.every((c) => c.carrier === 'UPS' && c.service.startsWith('UPS Ground'))).toBe(true);
  }, 180_000);
});
