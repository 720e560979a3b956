import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  fundCustomer,
  readDownload,
  setupBrowser,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';
import { fillUpsGroundOrder } from './support/manual-order';

const browser = setupBrowser();

/** pdftotext's reading of a PDF: an independent reader, not the library that drew it. */
function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-label-'));
  try {
    writeFileSync(join(dir, 'label.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'label.pdf'), '-']).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Issue 24 in the browser: label settings, the Manual Order reference on the label, ZPL from My Orders. */
describe('label formats and references', () => {
  it('ZPL chosen in settings downloads from My Orders as a .zpl; the Manual Order reference is printed on the label', async () => {
    const admin = await adminToken();
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Zebra Printer');
    await fundCustomer(admin, customer.token, 50, 'E2E label format funds');

    // 1. Settings (reached from the header's Settings): ZPL at 203 dpi, saved and still there after a reload.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    const settings = page.getByTestId('label-settings');
    await visible(settings.getByTestId('label-settings-format'));
    await settings.getByTestId('label-settings-format').getByText('ZPL', { exact: true }).click();
    await expect.poll(() => textOf(settings.getByTestId('label-settings-format-hint'))).toContain('thermal');
    await settings.getByTestId('label-settings-submit').click();
    await expect.poll(() => textOf(settings.getByTestId('label-settings-success'))).toBe('Label settings saved');
    await page.reload();
    const zplOption = page.getByTestId('label-settings-format').locator('input[value="zpl"]');
    await expect.poll(() => zplOption.isChecked(), { timeout: 10_000 }).toBe(true);

    // 2. Manual Order with a reference: the label that opens is the PDF (a tab cannot show ZPL) and prints it.
    await page.goto('/manual-order');
    await visible(page.getByTestId('order-api'));
    await fillUpsGroundOrder(page);
    await page.getByTestId('order-reference').fill('E2E-REF 42 bay 7');
    const [labelTab] = await Promise.all([
      page.context().waitForEvent('page', { timeout: 20_000 }),
      page.getByTestId('create-label-button').click(),
    ]);
    await visible(page.getByTestId('manual-order-success'));
    if (labelTab.url() === 'about:blank') await labelTab.waitForURL(/\/api\/labels\//);
    const opened = await fetch(labelTab.url());
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    const labelText = pdfText(new Uint8Array(await opened.arrayBuffer()));
    expect(labelText).toMatch(/REF: E2E-REF 42 bay 7 \/ ord_\w+/);
    await labelTab.close();

    // 3. My Orders lists the reference; the details offer every format of the sandbox carrier, ZPL first chosen.
    await page.waitForURL('**/my-orders', { timeout: 10_000 });
    const row = page.getByTestId('order-row');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => textOf(row.getByTestId('order-reference'))).toBe('E2E-REF 42 bay 7');
    const orderId = await row.getAttribute('data-order-id');
    const trackingNumber = await textOf(row.getByTestId('order-tracking-number'));
    await row.getByTestId('order-view').click();
    const modal = page.getByTestId('order-details-modal');
    const formats = modal.getByTestId('label-format');
    await visible(formats);
    expect((await formats.innerText()).split(/\s+/).filter(Boolean)).toEqual(['PDF', 'PNG', 'ZPL']);
    await expect.poll(() => formats.locator('input[value="zpl"]').isChecked(), { timeout: 10_000 }).toBe(true);

    // 4. Download Label saves label-<order id>.zpl: one ZPL II label with the tracking number and the reference.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      modal.getByTestId('label-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`label-${orderId}.zpl`);
    const zpl = (await readDownload(download)).toString('utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain(trackingNumber);
    expect(zpl).toContain('REF: E2E-REF 42 bay 7');

    // 5. PNG chosen there downloads label-<order id>.png.
    await formats.getByText('PNG', { exact: true }).click();
    const [png] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      modal.getByTestId('label-download').click(),
    ]);
    expect(png.suggestedFilename()).toBe(`label-${orderId}.png`);
    expect((await readDownload(png)).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
