import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  choose,
  clickRowMenuItem,
  dataDir,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

/** The API key the carrier sandbox generated for a catalogue (the admin would get it from the provider). */
function sandboxKey(catalogue: string): string {
  const file = join(dataDir(), 'carrier-sandbox', `carrier-${catalogue}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { apiKey: string }).apiKey;
}

/** Opens a Mantine Select and picks the option whose text starts with `label`. */
describe('upstream providers, services and pricing', () => {
  it('an admin adds an API, imports its new services, prices them, and a customer with custom pricing sees their price', async () => {
    const stamp = Date.now().toString(36);
    const apiName = `E2E Beta ${stamp}`;
    const admin = await browser.newPage();
    await signInAsAdmin(admin);

    // 1. Add a second upstream API pointing at the sandbox's beta catalogue.
    await admin.goto('/admin/service-management');
    await admin.getByTestId('add-api-open').click();
    await admin.getByTestId('add-api-submit').click();
    await expect.poll(() => textOf(admin.getByTestId('add-api-error'))).toBe('Please fill in all API fields');
    await admin.getByTestId('add-api-name').fill(apiName);
    await admin.getByTestId('add-api-key').fill(sandboxKey('beta'));
    await admin.getByTestId('add-api-base-url').fill(`${baseUrl()}/sandbox/carrier/catalogues/beta`);
    await admin.getByTestId('add-api-submit').click();
    await expect.poll(() => textOf(admin.getByTestId('service-management-success'))).toBe('New API added successfully');

    // 2. The new-services report finds the catalogue's services for it; add UPS Ground and UPS 2nd Day Air.
    await admin.goto('/admin/services');
    await admin.getByTestId('open-service-report').click();
    await admin.getByTestId('report-refresh').click();
    const report = admin.locator(`[data-testid="report-api"][data-api-name="${apiName}"]`);
    await expect
      .poll(() => textOf(report.getByTestId('report-api-summary')))
      .toMatch(/^\d+ new services out of \d+ total$/);
    for (const name of ['UPS Ground', 'UPS 2nd Day Air']) {
      await report.getByRole('checkbox', { name: `Select ${name} (${apiName})` }).check();
    }
    await expect.poll(() => textOf(admin.getByTestId('report-add-selected'))).toBe('Add Selected Services (2)');
    await admin.getByTestId('report-add-selected').click();
    await expect.poll(() => textOf(admin.getByTestId('report-success'))).toBe('Successfully added 2 services');
    await admin.keyboard.press('Escape');

    // 3. Reliability on the Service Status page.
    await choose(admin, admin.getByTestId('status-api-select'), new RegExp(`^${apiName}`));
    const groundRow = admin.locator('[data-testid="status-service-row"][data-service="UPS Ground"]');
    await groundRow.getByTestId('set-reliability-reliable').click();
    await expect
      .poll(() => textOf(admin.getByTestId('status-success')))
      .toBe('Successfully updated UPS Ground reliability status to reliable');
    await expect.poll(() => textOf(groundRow.getByTestId('reliability-badge'))).toMatch(/reliable/i);

    // 4. A flat price for UPS 2nd Day Air and a tier table for UPS Ground (Service Pricing tab).
    await admin.goto('/admin/service-management');
    await choose(admin, admin.getByTestId('api-select'), new RegExp(`^${apiName}`));
    await admin.getByTestId('tab-service-pricing').click();
    const airRow = admin.locator('[data-testid="pricing-row"][data-service="UPS 2nd Day Air"]');
    await airRow.getByTestId('pricing-edit').click();
    await airRow.getByTestId('pricing-price-input').fill('31.75');
    await airRow.getByTestId('pricing-save').click();
    await expect
      .poll(() => textOf(admin.getByTestId('service-management-success')))
      .toBe('Updated pricing for UPS - UPS 2nd Day Air');
    await expect.poll(() => textOf(airRow.getByTestId('pricing-our-price'))).toContain('31.75');

    const groundPricing = admin.locator('[data-testid="pricing-row"][data-service="UPS Ground"]');
    await groundPricing.getByTestId('pricing-edit-tiers').click();
    const editor = admin.getByTestId('tier-editor');
    await visible(editor);
    // An overlapping tier is refused with the SPEC text, then fixed.
    await editor.getByLabel('Tier 2 start').fill('5');
    await editor.getByTestId('tier-save').click();
    await visible(editor.getByText('Tier 2 overlaps with Tier 1'));
    await editor.getByLabel('Tier 1 start').fill('0');
    await editor.getByLabel('Tier 1 end').fill('10');
    await editor.getByLabel('Tier 1 price').fill('10.00');
    await editor.getByLabel('Tier 2 start').fill('10.01');
    await editor.getByLabel('Tier 2 end').fill('150');
    await editor.getByLabel('Tier 2 price').fill('30.00');
    await editor.getByTestId('tier-save').click();
    await expect
      .poll(() => textOf(admin.getByTestId('service-management-success')))
      .toBe('Successfully updated dynamic pricing for UPS Ground');

    // 5. A customer gets 10 % off UPS Ground on this API.
    const customerPage = await browser.newPage();
    const customer = await signInAsNewCustomer(customerPage, 'Priced Customer');
    await admin.goto('/admin/customers');
    const row = admin.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`);
    await clickRowMenuItem(row, 'customer-actions', 'customer-custom-pricing');
    await choose(admin, admin.getByTestId('custom-pricing-api'), new RegExp(`^${apiName}`));
    await admin.getByTestId('custom-pricing-enabled').check();
    await admin.getByTestId('custom-pricing-carrier-UPS').getByRole('button').first().click();
    await admin.getByTestId('custom-pricing-carrier-enabled-UPS').check();
    const service = admin.locator('[data-testid="custom-pricing-service"][data-service="UPS Ground"]');
    await choose(admin, service.getByTestId('custom-pricing-type'), 'Percentage discount');
    await service.getByTestId('custom-pricing-percentage').fill('10');
    // UPS Ground is priced by weight tiers: the discount applies to tier prices only when asked to.
    await service.getByTestId('custom-pricing-apply-all-tiers').check();
    await admin.getByTestId('custom-pricing-save').click();
    await visible(admin.getByTestId('custom-pricing-success'));

    // 6. The customer sees their own price (tier 1 at $10.00 less 10 %) and the badges; another customer does not.
    const priceOn = async (page: Page) => {
      await page.goto('/services');
      await page.getByTestId('services-api-tab').filter({ hasText: apiName }).click();
      const card = page.locator('[data-testid="services-service"]').filter({ hasText: 'UPS Ground' }).first();
      await visible(card);
      return {
        price: await textOf(card.getByTestId('services-price')),
        badge: await textOf(card.getByTestId('services-reliability')),
      };
    };
    await expect.poll(async () => (await priceOn(customerPage)).price).toContain('$9.00');
    // Badges are upper-cased by CSS; the word is the SPEC's.
    expect((await priceOn(customerPage)).badge).toMatch(/^Reliable$/i);
    await visible(customerPage.getByTestId('services-legend'));

    const otherPage = await browser.newPage();
    await signInAsNewCustomer(otherPage, 'List Price Customer');
    await expect.poll(async () => (await priceOn(otherPage)).price).toContain('$10.00');
  });

  it('the provider screens ask each thing once, a price save does not ask the provider again, the report runs per opening', async () => {
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const calls: string[] = [];
    admin.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/admin/'))
        calls.push(
          `${req.method()} ${url.pathname.replace(/\/apis\/[^/]+\/provider-prices$/, '/apis/:id/provider-prices')}`,
        );
    });
    const count = (call: string) => calls.filter((c) => c === call).length;

    // Service Status: the API list once; the report's update check once per opening, the cleanup only on Scan.
    await admin.goto('/admin/services');
    await visible(admin.getByTestId('status-api-info'));
    await visible(admin.getByTestId('status-carrier-UPS'));
    expect(count('GET /api/admin/config/apis')).toBe(1);
    await admin.getByTestId('open-service-report').click();
    await expect.poll(() => admin.getByTestId('report-api').count()).toBeGreaterThan(0);
    expect(count('POST /api/admin/services/check-updates')).toBe(1);
    await admin.getByTestId('report-tab-cleanup').click();
    await visible(admin.getByTestId('cleanup-empty'));
    expect(count('POST /api/admin/services/cleanup-report')).toBe(0);
    await admin.getByTestId('cleanup-scan').click();
    await expect.poll(() => admin.getByTestId('cleanup-empty').count()).toBe(0);
    expect(count('POST /api/admin/services/cleanup-report')).toBe(1);
    await admin.keyboard.press('Escape');
    await admin.getByTestId('open-service-report').click();
    await expect.poll(() => count('POST /api/admin/services/check-updates')).toBe(2);
    await expect.poll(() => admin.getByTestId('report-api').count()).toBeGreaterThan(0);
    await admin.keyboard.press('Escape');
    expect(count('GET /api/admin/config/apis')).toBe(1);

    // Closing the report while the providers are still being asked aborts that request (the query's AbortSignal).
    const check = '**/api/admin/services/check-updates';
    await admin.route(check, async (route) => {
      await new Promise((r) => setTimeout(r, 2_000));
      await route.continue().catch(() => {});
    });
    const aborted: string[] = [];
    admin.on('requestfailed', (req) => {
      if (new URL(req.url()).pathname === '/api/admin/services/check-updates')
        aborted.push(req.failure()?.errorText ?? '');
    });
    await admin.getByTestId('open-service-report').click();
    await expect.poll(() => count('POST /api/admin/services/check-updates')).toBe(3);
    await admin.keyboard.press('Escape');
    await expect.poll(() => aborted.length).toBe(1);
    expect(aborted[0]).toMatch(/abort/i);
    await admin.unroute(check);

    // Service Management, Service Pricing: the provider's prices once; saving our price reads our list back, not theirs.
    calls.length = 0;
    await admin.goto('/admin/service-management');
    await admin.getByTestId('tab-service-pricing').click();
    const row = admin.getByTestId('pricing-row').first();
    await expect.poll(() => textOf(row.getByTestId('pricing-provider-price'))).not.toBe('...');
    expect(count('GET /api/admin/config/apis')).toBe(1);
    expect(count('GET /api/admin/config/apis/:id/provider-prices')).toBe(1);
    const service = await row.getAttribute('data-service');
    const carrier = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' }[(await row.getAttribute('data-carrier')) ?? ''];
    await row.getByTestId('pricing-edit').click();
    await row.getByTestId('pricing-save').click();
    await expect
      .poll(() => textOf(admin.getByTestId('service-management-success')))
      .toBe(`Updated pricing for ${carrier} - ${service}`);
    await expect.poll(() => count('GET /api/admin/config/apis')).toBe(2);
    await admin.waitForTimeout(1_000);
    expect(count('GET /api/admin/config/apis/:id/provider-prices')).toBe(1);
    expect(count('GET /api/admin/config/apis')).toBe(2);

    // API Settings: the list once.
    calls.length = 0;
    await admin.goto('/admin/api-settings');
    await visible(admin.getByTestId('api-settings-table'));
    await admin.waitForTimeout(1_000);
    expect(count('GET /api/admin/config/apis')).toBe(1);
  });

  it('a failed load shows the SPEC text on each provider screen, and Try Again loads it', async () => {
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const serverError = {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal_error', message: 'Internal server error', details: [] } }),
    };
    const apis = '**/api/admin/config/apis';
    for (const screen of [
      { path: '/admin/service-management', text: 'Failed to load APIs', loaded: 'api-select' },
      { path: '/admin/services', text: 'Failed to load service status information', loaded: 'status-api-select' },
      { path: '/admin/api-settings', text: 'Failed to load API settings', loaded: 'api-settings-table' },
    ]) {
      await admin.route(apis, (route) => route.fulfill(serverError));
      await admin.goto(screen.path);
      const error = admin.getByRole('alert').filter({ hasText: screen.text });
      await visible(error);
      await admin.unroute(apis);
      await error.getByRole('button', { name: 'Try Again' }).click();
      await visible(admin.getByTestId(screen.loaded));
      await expect.poll(() => error.count()).toBe(0);
    }

    // A Refresh that fails says so beside the list it keeps.
    await admin.goto('/admin/services');
    await visible(admin.getByTestId('status-carrier-UPS'));
    await admin.route(apis, (route) => route.fulfill(serverError));
    await admin.getByTestId('status-refresh').click();
    await expect
      .poll(() => textOf(admin.getByTestId('status-error')), { timeout: 10_000 })
      .toBe('Failed to load service status information');
    await visible(admin.getByTestId('status-carrier-UPS'));
    await visible(admin.getByTestId('status-api-select'));
    await admin.unroute(apis);

    // The Service Report's update check: the SPEC text in the report, and Refresh runs it again.
    const check = '**/api/admin/services/check-updates';
    await admin.route(check, (route) => route.fulfill(serverError));
    await admin.getByTestId('open-service-report').click();
    await expect
      .poll(() => textOf(admin.getByTestId('report-load-error')), { timeout: 10_000 })
      .toBe('Failed to fetch service updates from APIs');
    await admin.unroute(check);
    await admin.getByTestId('report-refresh').click();
    await expect.poll(() => admin.getByTestId('report-api').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.getByTestId('report-load-error').count()).toBe(0);
  });

  it('an admin retries a failed tier load, reads why a tier save failed, then deletes the API', async () => {
    const apiName = `E2E Tiers ${Date.now().toString(36)}`;
    const token = await adminToken();
    const baseUrlOfApi = `${baseUrl()}/sandbox/carrier/catalogues/beta`;
    const { api: created } = await apiAs<{ api: { _id: string } }>(token, 'POST', '/api/admin/config/apis', {
      name: apiName,
      key: sandboxKey('beta'),
      baseUrl: baseUrlOfApi,
    });
    const report = await apiAs<Record<string, { carriers: { UPS: { name: string; serviceCode: string }[] } }>>(
      token,
      'POST',
      '/api/admin/services/check-updates',
      { apis: [{ id: created._id, name: apiName, baseUrl: baseUrlOfApi }] },
    );
    const ground = report[created._id]?.carriers.UPS.find((s) => s.name === 'UPS Ground');
    expect(ground).toBeDefined();
    await apiAs(token, 'POST', '/api/admin/services/add-services', {
      services: [
        { apiId: created._id, carrier: 'UPS', service: { serviceCode: ground?.serviceCode, name: 'UPS Ground' } },
      ],
    });

    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/service-management');
    await choose(admin, admin.getByTestId('api-select'), new RegExp(`^${apiName}`));
    await admin.getByTestId('tab-service-pricing').click();
    const row = admin.locator('[data-testid="pricing-row"][data-service="UPS Ground"]');

    // The tiers cannot be read: the SPEC text, and Try Again opens the editor.
    const tiersApi = '**/api/admin/config/dynamic-pricing/**';
    const failure = (status: number, code: string, message: string) => ({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code, message, details: [] } }),
    });
    await admin.route(tiersApi, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill(failure(500, 'internal_error', 'Internal server error'))
        : route.continue(),
    );
    await row.getByTestId('pricing-edit-tiers').click();
    const loadError = admin.getByRole('alert').filter({ hasText: 'Failed to load existing pricing tiers' });
    await visible(loadError);
    await admin.unroute(tiersApi);
    await loadError.getByRole('button', { name: 'Try Again' }).click();
    const editor = admin.getByTestId('tier-editor');
    await visible(editor.getByLabel('Tier 1 start'));

    // The save is refused: 'Failed to save dynamic pricing: {reason}', and the editor stays open with the rows.
    await admin.route(tiersApi, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill(failure(422, 'invalid_input', 'Tier prices must be positive'))
        : route.continue(),
    );
    await editor.getByTestId('tier-save').click();
    await expect
      .poll(() => textOf(editor.getByTestId('tier-save-error')))
      .toBe('Failed to save dynamic pricing: Tier prices must be positive');
    await visible(editor.getByLabel('Tier 1 start'));
    await admin.unroute(tiersApi);
    await admin.keyboard.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);

    // Delete: the confirmation names the API and says it cannot be undone; the default is shown after.
    await admin.getByTestId('api-delete').click();
    await expect.poll(() => textOf(admin.getByTestId('delete-api-confirm-text'))).toContain(`"${apiName}"`);
    expect(await textOf(admin.getByTestId('delete-api-confirm-text'))).toContain('This action cannot be undone.');
    await admin.getByTestId('delete-api-confirm').click();
    await expect.poll(() => textOf(admin.getByTestId('service-management-success'))).toBe('API deleted successfully');
    await expect.poll(() => admin.getByTestId('api-select').inputValue()).toMatch(/\(Default\)$/);
    const { apis } = await apiAs<{ apis: { _id: string }[] }>(token, 'GET', '/api/admin/config/apis');
    expect(apis.some((a) => a._id === created._id)).toBe(false);
  });
});
