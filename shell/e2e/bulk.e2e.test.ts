import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  choose,
  defaultUpsGround,
  fundCustomer,
  readDownload,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

const money = (text: string) => Number(text.replace(/[$,]/g, ''));

/** Slows every answer of the carrier sandbox, so a bulk order runs long enough to watch (reset after each test). */
async function carrierLatency(latencyMs: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/sandbox/carrier/_sandbox/latency`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Key': inject('carrierControlKey') },
    body: JSON.stringify({ latencyMs }),
  });
  if (!res.ok) throw new Error(`latency control failed: ${res.status} ${await res.text()}`);
}

/** Reads a progress bar's done/total every 100 ms until `until` holds; returns every value seen. */
async function watchProgress(item: Locator, until: (done: number, total: number) => boolean, timeoutMs = 90_000) {
  const seen: Array<[number, number]> = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const done = Number(
      await item
        .getByTestId('bulk-progress-bar')
        .getAttribute('data-done', { timeout: 2_000 })
        .catch(() => NaN),
    );
    const total = Number(
      await item
        .getByTestId('bulk-progress-bar')
        .getAttribute('data-total', { timeout: 2_000 })
        .catch(() => NaN),
    );
    if (Number.isFinite(done) && Number.isFinite(total)) {
      const last = seen[seen.length - 1];
      if (!last || last[0] !== done) seen.push([done, total]);
      if (until(done, total)) return seen;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`progress did not finish; seen ${JSON.stringify(seen)}`);
}

describe('bulk orders', () => {
  afterEach(async () => {
    await carrierLatency(0);
  });

  it('a customer uploads the sample CSV, pays, watches the labels being bought, downloads the combined PDF and the trackings CSV; the admin sees it', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Bulk Buyer');
    await fundCustomer(admin, customer.token, 100, 'E2E bulk funds');

    // 1. The sample CSV: the SPEC's file name, two rows.
    await page.goto('/bulk-order');
    await visible(page.getByTestId('bulk-api'));
    await expect.poll(() => textOf(page.getByTestId('bulk-history-empty'))).toContain('No Bulk Orders Found');
    const [sample] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bulk-sample-download').click(),
    ]);
    expect(sample.suggestedFilename()).toBe('sample_bulk_order_mixed_carriers.csv');
    const samplePath = await sample.path();
    if (!samplePath) throw new Error('sample has no file');
    const sampleRows = Papa.parse<Record<string, string>>(readFileSync(samplePath, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(sampleRows).toHaveLength(2);

    // A file that is not a CSV is refused with a clear message.
    await page.getByTestId('bulk-file-input').setInputFiles({
      name: 'orders.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK'),
    });
    await expect.poll(() => textOf(page.getByTestId('bulk-file-error'))).toBe('Please upload a .csv file');

    // 2. Service first, then the sample: both rows are priced by the server.
    await choose(page, page.getByTestId('bulk-carrier'), 'UPS');
    await choose(page, page.getByTestId('bulk-service'), /^UPS Ground/);
    // UPS takes no template (SPEC §5: USPS only).
    expect(await page.getByTestId('bulk-template').count()).toBe(0);
    // (The download's own path has no name: hand the browser the file as the customer saved it.)
    await page.getByTestId('bulk-file-input').setInputFiles({
      name: sample.suggestedFilename(),
      mimeType: 'text/csv',
      buffer: readFileSync(samplePath),
    });
    await expect.poll(() => textOf(page.getByTestId('bulk-file-name'))).toContain('2 rows');
    const validation = page.getByTestId('bulk-validation');
    await expect.poll(() => validation.getAttribute('data-state'), { timeout: 15_000 }).toBe('valid');
    const prices = page.getByTestId('bulk-row-price');
    await expect.poll(() => prices.count()).toBe(2);
    const rowPrices = [money(await textOf(prices.nth(0))), money(await textOf(prices.nth(1)))];
    expect(rowPrices.every((p) => p > 0)).toBe(true);
    const total = Math.round((rowPrices[0] ?? 0) * 100 + (rowPrices[1] ?? 0) * 100) / 100;

    // 3. Selection: none selected → Pay disabled with the SPEC text; all selected → the total of both.
    await page.getByTestId('bulk-select-all').click();
    await expect.poll(() => textOf(page.getByTestId('bulk-pay-hint'))).toBe('Please select at least one valid order');
    expect(await page.getByTestId('bulk-pay').isDisabled()).toBe(true);
    await page.getByTestId('bulk-row-select').nth(1).check();
    await expect.poll(() => textOf(page.getByTestId('bulk-selected-total'))).toBe(`$${(rowPrices[1] ?? 0).toFixed(2)}`);
    await page.getByTestId('bulk-select-all').click();
    await expect.poll(() => textOf(page.getByTestId('bulk-selected-total'))).toBe(`$${total.toFixed(2)}`);
    expect(await page.getByTestId('bulk-pay').isDisabled()).toBe(false);

    // 4. Confirmation: the total against the balance, then pay.
    await page.getByTestId('bulk-pay').click();
    const confirm = page.getByTestId('bulk-confirm');
    await visible(confirm);
    expect(await textOf(confirm.getByTestId('bulk-confirm-total'))).toBe(`$${total.toFixed(2)}`);
    expect(await textOf(confirm.getByTestId('bulk-confirm-balance'))).toBe('$100.00');
    expect(await confirm.getByTestId('bulk-confirm-insufficient').count()).toBe(0);
    // Each label takes the carrier 4 s: the bar is first read (at once after the pay) well before the labels are
    // made, even on a loaded machine; a bulk order done before that is never shown running.
    await carrierLatency(4_000);
    await confirm.getByTestId('bulk-confirm-pay').click();

    // 5. The bulk order runs in the background: a progress bar to the end, the completed message, history, balance.
    const item = page.getByTestId('bulk-progress-item');
    await visible(item);
    const seen = await watchProgress(item, (done, total) => total === 2 && done === 2);
    expect(seen[0]?.[0]).toBeLessThan(2);
    expect(seen[seen.length - 1]).toEqual([2, 2]);
    await expect
      .poll(() => textOf(page.getByTestId('bulk-notice')), { timeout: 60_000 })
      .toBe('Bulk order completed: all labels were created.');
    expect(await item.getAttribute('data-status')).toBe('completed');
    const balanceAfter = `$${(100 - total).toFixed(2)}`;
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe(balanceAfter);
    await expect.poll(() => textOf(page.getByTestId('bulk-balance'))).toBe(balanceAfter);
    const historyRow = page.getByTestId('bulk-history-row');
    await expect.poll(() => historyRow.count()).toBe(1);
    await expect.poll(() => textOf(historyRow.getByTestId('bulk-history-status'))).toMatch(/^completed$/i);
    const bulkOrderId = await textOf(historyRow.getByTestId('bulk-history-id'));
    expect(bulkOrderId).toMatch(/^blk_/);
    // The balance moved by exactly the two labels.
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBeCloseTo(100 - total, 2);

    // 6. Details: the combined PDF (one page per label) and the trackings CSV.
    await historyRow.getByTestId('bulk-history-view').click();
    const details = page.getByTestId('bulk-details');
    await visible(details);
    await expect.poll(() => details.getByTestId('bulk-details-order').count()).toBe(2);
    const labelsButton = details.getByTestId('bulk-details-download-labels');
    await expect.poll(() => labelsButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [pdfDownload] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), labelsButton.click()]);
    const pdfBytes = await readDownload(pdfDownload);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(pdfBytes);
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([288, 432]);

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      details.getByTestId('bulk-details-download-trackings').click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(
      new RegExp(`^Bulk_Order_${bulkOrderId.replace(/\D/g, '')}_\\d{12}\\.csv$`),
    );
    const trackings = Papa.parse<Record<string, string>>((await readDownload(csvDownload)).toString('utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(trackings.meta.fields).toEqual([
      'No',
      'Id',
      'ClassService',
      'FromName',
      'ToName',
      'TrackingId',
      'TransDate',
      'AddressTo',
    ]);
    expect(trackings.data.map((r) => r.ToName)).toEqual(sampleRows.map((r) => r.toName));
    expect(trackings.data.every((r) => /^1Z[0-9A-Z]{16}$/.test(r.TrackingId ?? ''))).toBe(true);
    // No failed rows: that download is off.
    expect(await details.getByTestId('bulk-details-download-failed').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Close bulk order details' }).click();

    // 7. The admin finds it in All Orders → Bulk Orders and opens its details.
    const adminPage = await browser.newPage();
    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin/orders');
    await adminPage.getByTestId('admin-orders-tab-bulk').click();
    await adminPage.getByTestId('admin-bulk-search').fill(bulkOrderId);
    const adminRow = adminPage.locator(`[data-testid="admin-bulk-row"][data-bulk-id="${bulkOrderId}"]`);
    await visible(adminRow);
    await expect.poll(() => adminPage.getByTestId('admin-bulk-row').count()).toBe(1);
    expect(await textOf(adminRow.getByTestId('admin-bulk-user-name'))).toBe('Bulk Buyer');
    expect(await textOf(adminRow.getByTestId('admin-bulk-count'))).toBe('2');
    expect(await textOf(adminRow.getByTestId('admin-bulk-total'))).toBe(`$${total.toFixed(2)}`);
    await adminRow.getByTestId('admin-bulk-view').click();
    const adminDetails = adminPage.getByTestId('admin-bulk-details');
    await visible(adminDetails);
    expect(await textOf(adminDetails.getByTestId('admin-bulk-details-id'))).toBe(bulkOrderId);
    await expect.poll(() => adminDetails.getByTestId('admin-bulk-details-order').count()).toBe(2);
    const [adminPdf] = await Promise.all([
      adminPage.waitForEvent('download', { timeout: 30_000 }),
      adminDetails.getByTestId('admin-bulk-details-labels').click(),
    ]);
    expect((await PDFDocument.load(await readDownload(adminPdf))).getPageCount()).toBe(2);
    await adminPage.getByRole('button', { name: 'Close bulk order details' }).click();
    await adminPage.getByTestId('admin-bulk-search').fill('blk_doesnotexist');
    await expect.poll(() => textOf(adminPage.getByTestId('admin-bulk-empty'))).toContain('No Bulk Orders Found');
  });

  it('the progress of a running bulk order survives leaving the page and coming back', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Patient Buyer');
    await fundCustomer(admin, customer.token, 500);

    // A bulk order of 40 rows, created over the API so the test is about the screen, not the upload.
    const { apiId, service } = await defaultUpsGround(customer.token);
    // 1.5 s a label, 4 at a time: about 15 s for the 40, so the bulk order is still running when the page comes back
    // after two page loads, however slow the machine.
    await carrierLatency(1_500);
    const sampleRow = {
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
    };
    const orders = Array.from({ length: 40 }, (_, i) => ({ rowIndex: i, data: { ...sampleRow, toName: `R ${i}` } }));
    const created = await apiAs<{ bulkOrderId: string }>(customer.token, 'POST', '/api/orders/bulk/process', {
      apiId,
      carrier: 'UPS',
      service,
      orders,
    });

    // On /bulk-order the running bulk order is found on the server and followed.
    await page.goto('/bulk-order');
    const item = page.locator(`[data-testid="bulk-progress-item"][data-bulk-id="${created.bulkOrderId}"]`);
    const first = await watchProgress(item, (done) => done >= 1, 30_000);
    expect(first[first.length - 1]?.[1]).toBe(40);
    // Leave and come back: the bar is there again, read from the server, and goes on to the end.
    await page.goto('/dashboard');
    await page.goto('/bulk-order');
    const rest = await watchProgress(item, (done, total) => done === total, 120_000);
    expect(rest[0]?.[0]).toBeGreaterThanOrEqual(first[first.length - 1]?.[0] ?? 0);
    expect(rest[rest.length - 1]).toEqual([40, 40]);
    await expect
      .poll(() => textOf(page.getByTestId('bulk-notice')), { timeout: 10_000 })
      .toBe('Bulk order completed: all labels were created.');
    await expect.poll(() => textOf(page.getByTestId('bulk-history-status').first())).toMatch(/^completed$/i);
  });

  it('bad files get clear messages, invalid rows cannot be chosen, and a total above the balance cannot be confirmed', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Careful Buyer');
    await fundCustomer(admin, customer.token, 1);

    await page.goto('/bulk-order');
    await choose(page, page.getByTestId('bulk-carrier'), 'UPS');
    await choose(page, page.getByTestId('bulk-service'), /^UPS Ground/);
    const input = page.getByTestId('bulk-file-input');
    const fileError = page.getByTestId('bulk-file-error');
    const header =
      'fromName,fromCompany,fromStreet1,fromStreet2,fromCity,fromState,fromZip,fromPhone,toName,toCompany,toStreet1,toStreet2,toCity,toState,toZip,toPhone,weight,length,width,height,description';
    const good =
      'Maya Chen,,1200 Market St,,San Francisco,CA,94103,415-555-0132,Daniel Okafor,,350 W 42nd St,"Apt 12B, rear",New York,NY,10036,212-555-0147,2,10,8,4,"Mug ""Classic"", 11oz"';
    const noZip =
      'Maya Chen,,1200 Market St,,San Francisco,CA,94103,415-555-0132,Priya N,,2200 Ross Ave,,Dallas,TX,,214-555-0193,1,10,8,4,Books';
    const csv = (text: string, name = 'orders.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

    // Not UTF-8 (a sheet saved in Windows-1252): refused, nothing guessed.
    await input.setInputFiles({
      name: 'legacy.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72])]),
    });
    await expect.poll(() => textOf(fileError)).toContain('is not valid UTF-8');
    // Unknown and missing columns are named.
    await input.setInputFiles(csv(`${header},insurance\n${good},yes`));
    await expect.poll(() => textOf(fileError)).toBe('The CSV file has unknown columns: insurance');
    await input.setInputFiles(csv(header.replace(',toZip', '')));
    await expect.poll(() => textOf(fileError)).toBe('The CSV file is missing required columns: toZip');

    // One good row, one without a ZIP: the bad one shows its error and cannot be selected.
    const validations: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/orders/bulk/validate') validations.push(req.postData() ?? '');
    });
    await input.setInputFiles(csv(`${header}\n${good}\n\n${noZip}\n`));
    await expect.poll(() => fileError.count()).toBe(0);
    const validation = page.getByTestId('bulk-validation');
    await expect.poll(() => validation.getAttribute('data-state'), { timeout: 15_000 }).toBe('valid');
    // The file is priced once.
    expect(validations).toHaveLength(1);
    const rows = page.getByTestId('bulk-validation-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-valid')).toBe('true');
    expect(await textOf(rows.nth(1).getByTestId('bulk-row-error'))).toContain('ZIP code is required');
    expect(await rows.nth(1).getByTestId('bulk-row-select').isDisabled()).toBe(true);
    expect(await textOf(page.getByTestId('bulk-selected-count'))).toBe('1');

    // The label costs more than the $1.00 balance: the SPEC warning, and the confirmation is off.
    await page.getByTestId('bulk-pay').click();
    const confirm = page.getByTestId('bulk-confirm');
    await visible(confirm);
    expect(await textOf(confirm.getByTestId('bulk-confirm-insufficient'))).toContain(
      'Warning: Your balance is insufficient for this purchase. Please add funds first.',
    );
    expect(await confirm.getByTestId('bulk-confirm-pay').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Close confirmation' }).click();
    const { balance } = await apiAs<{ balance: number }>(customer.token, 'GET', '/api/balance');
    expect(balance).toBe(1);
  });

  it('the service picked on Bulk Order is still picked after leaving the page and coming back (issue 19)', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page, 'Returning Picker');
    await page.goto('/bulk-order');
    await choose(page, page.getByTestId('bulk-carrier'), 'UPS');
    await choose(page, page.getByTestId('bulk-service'), /^UPS 2nd Day Air/);
    const picked = await page.getByTestId('bulk-service').inputValue();
    expect(picked).toMatch(/^UPS 2nd Day Air/);
    // Away (the sidebar, no reload) and back: the same carrier and service, not the defaults.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page
      .getByRole('link', { name: /bulk order/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/bulk-order');
    await expect.poll(() => page.getByTestId('bulk-service').inputValue()).toBe(picked);
    expect(await page.getByTestId('bulk-carrier').inputValue()).toBe('UPS');
  });
});
