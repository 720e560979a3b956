import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, readDownload, setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();
const REPORT = new URL('../../packages/amazon/test-fixtures/unshipped-orders.txt', import.meta.url).pathname;

const SENDER = {
  name: 'Dock Seven Supply',
  company: 'Dock Seven LLC',
  street1: '700 Harbor Way',
  street2: 'Unit 7',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  country: 'US',
  phone: '510-555-0177',
  type: 'sender',
  isDefault: true,
};

/** Minimal RFC 4180 reader for the assertions (the converter's own parser is what is under test elsewhere). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const records = (csv: string[][]) => {
  const [header, ...rows] = csv;
  return rows.map((r) => Object.fromEntries((header ?? []).map((h, i) => [h, r[i] ?? ''])));
};

async function fillAllDimensions(page: Page) {
  const rows = page.locator('[data-testid^="dimension-row-"]');
  await visible(rows);
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    await page.getByTestId(`dimension-weight-${i}`).fill('1.5');
    await page.getByTestId(`dimension-length-${i}`).fill('10');
    await page.getByTestId(`dimension-width-${i}`).fill('8');
    await page.getByTestId(`dimension-height-${i}`).fill('4');
  }
  return count;
}

describe('Amazon order converter', () => {
  it('converts a sample report with the default sender and downloads the expected CSV and ZIP', async () => {
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Amazon Seller');
    await apiAs(customer.token, 'POST', '/api/addresses', SENDER);

    await page.goto('/amazon-convert');
    await visible(page.getByTestId('amazon-empty'));
    await expect.poll(() => textOf(page.getByTestId('sender-summary'))).toContain('Dock Seven Supply');

    await page.getByTestId('amazon-file-input').setInputFiles(REPORT);
    const skuCount = await fillAllDimensions(page);
    expect(skuCount).toBe(4);

    // A missing dimension is refused with the SPEC text.
    await page.getByTestId('dimension-height-0').fill('');
    await page.getByTestId('complete-setup').click();
    await expect
      .poll(() => textOf(page.getByTestId('amazon-error')))
      .toContain('Please fill in all dimensions for SKU: WIDGET-BLUE-12');
    await page.getByTestId('dimension-height-0').fill('4');
    await page.getByTestId('complete-setup').click();

    await expect
      .poll(() => textOf(page.getByTestId('amazon-success')))
      .toBe('Successfully converted 5 orders into 6 shipping labels. Click "Download CSV" to save your file.');
    await expect.poll(() => textOf(page.getByTestId('preview-caption'))).toMatch(/^Showing \d+ of \d+ orders$/);

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^Amazon_Orders_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = records(parseCsv((await readDownload(csvDownload)).toString('utf8')));
    expect(rows).toHaveLength(6);
    const jose = rows.find((r) => r.orderNumber === '111-0000001-0000001');
    expect(jose).toMatchObject({
      fromName: 'Dock Seven Supply',
      fromStreet1: '700 Harbor Way',
      fromZip: '94607',
      toName: 'José Müller',
      toStreet1: '123 Main St',
      toStreet2: 'Apt 4B',
      toCity: 'Seattle',
      toState: 'WA',
      toZip: '98101-1234',
      toPhone: '+1 206-555-0100',
      weight: '1.5',
      length: '10',
      sku: 'WIDGET-BLUE-12',
    });
    // No recipient name in the report: the buyer name is used.
    expect(rows.find((r) => r.orderNumber === '113-0000003-0000003' && r.sku === 'WIDGET-BLUE-12')?.toName).toBe(
      "Zoë O'Brien",
    );

    // One label per unit, split by SKU: a ZIP with one CSV per SKU.
    await page.getByLabel('Create separate label for each item quantity').check();
    await page.getByLabel('Split by SKU').check();
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-zip').click()]);
    expect(zipDownload.suggestedFilename()).toMatch(/^Amazon_Orders_By_SKU_\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(await readDownload(zipDownload));
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(4);
    expect(names.every((n) => /^[A-Za-z0-9_]{1,30}\.csv$/.test(n))).toBe(true);
    const mugFile = zip.file(/^MUG/)[0];
    if (!mugFile) throw new Error(`no MUG csv in ${names.join(', ')}`);
    const mugRows = records(parseCsv(await mugFile.async('string')));
    // Quantity 3 → three labels, described (1/3) .. (3/3).
    expect(mugRows.map((r) => r.description)).toEqual([
      'Ceramic Mug, 11oz "Classic" (1/3)',
      'Ceramic Mug, 11oz "Classic" (2/3)',
      'Ceramic Mug, 11oz "Classic" (3/3)',
    ]);
    await expect
      .poll(() => textOf(page.getByTestId('amazon-success')))
      .toBe('Successfully generated ZIP file with 4 CSV files.');
  });

  it('explains an empty report and refuses a non-.txt file', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    await page.goto('/amazon-convert');
    await page
      .getByTestId('amazon-file-input')
      .setInputFiles({ name: 'orders.txt', mimeType: 'text/plain', buffer: Buffer.from('') });
    await expect.poll(() => textOf(page.getByTestId('amazon-error'))).toContain('File is empty or has invalid format');
    await expect.poll(() => textOf(page.getByTestId('sender-empty'))).toContain('No saved addresses found');
  });
});
