import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';
import { watchCsp } from './support/csp';

const browser = setupBrowser();

describe('interactive API reference', () => {
  it('opens from /api-docs, lists the endpoints, and a try-it-out call with my key answers 200 — under its CSP, with no violation', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page.context());
    const account = await signInAsNewCustomer(page, 'Reference Reader');
    await page.goto('/api-docs');

    // The customer's real key, as the page reveals it.
    const live = page.getByTestId('live-key');
    await visible(live);
    await page.getByRole('button', { name: 'Show Live key' }).click();
    await expect.poll(() => textOf(live)).toMatch(/^ld_live_[A-Za-z0-9]{40}$/);
    const key = await textOf(live);

    // Every request of the tabs stays on our origin (no CDN, no validator badge, no fonts from elsewhere).
    const requested: string[] = [];
    const pages: Array<{ status: number; csp: string | undefined }> = [];
    page.context().on('request', (r) => requested.push(r.url()));
    page.context().on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/reference') {
        pages.push({ status: r.status(), csp: r.headers()['content-security-policy'] });
      }
    });

    // The page's link opens the reference in a new tab, served by us under its own strict policy.
    const [reference] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Interactive API reference' }).click(),
    ]);
    reference.setDefaultTimeout(30_000);
    await reference.waitForLoadState('load');
    expect(reference.url()).toBe(`${baseUrl()}/api/v1/reference`);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.status).toBe(200);
    expect(pages[0]?.csp).toContain("script-src 'self'");
    expect(pages[0]?.csp).not.toContain('unsafe');

    // The endpoints of the document, listed.
    await visible(reference.getByRole('heading', { name: /LabelDesk API/ }));
    const paths = reference.locator('.opblock-summary-path');
    await visible(paths);
    const listed = (await paths.allInnerTexts()).map((p) => p.replace(/\u200b/g, '').trim());
    // Every path of the document the API serves, none missing (the SPEC's eight among them).
    const document = (await (await fetch(`${baseUrl()}/api/v1/openapi.json`)).json()) as { paths: object };
    const documented = Object.keys(document.paths).sort();
    expect(documented).toEqual(
      expect.arrayContaining([
        '/user',
        '/services',
        '/create-label',
        '/create-bulk-labels',
        '/orders/{order_id}',
        '/bulk-orders/{bulk_order_id}',
        '/labels/{order_id}',
        '/bulk-labels/{bulk_order_id}',
      ]),
    );
    expect([...new Set(listed)].sort()).toEqual(documented);

    // Authorize with the key in the x-api-key header, as the SPEC documents it.
    await reference.locator('.auth-wrapper .authorize').click();
    const dialog = reference.locator('.modal-ux');
    await visible(dialog);
    const apiKeyScheme = dialog.locator('.auth-container').filter({ hasText: 'x-api-key' });
    await apiKeyScheme.locator('input').fill(`Bearer ${key}`);
    await apiKeyScheme.getByRole('button', { name: 'Apply credentials' }).click();
    await visible(apiKeyScheme.getByRole('button', { name: 'Remove authorization' }));
    await dialog.locator('.btn-done').first().click();
    await dialog.waitFor({ state: 'hidden' });

    // Try it out: GET /user.
    const operation = reference.locator('#operations-default-user');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const [answer] = await Promise.all([
      reference.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/user'),
      operation.getByRole('button', { name: 'Execute' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['x-api-key']).toBe(`Bearer ${key}`);
    const live200 = operation.locator('.live-responses-table .response .response-col_status');
    await expect.poll(() => textOf(live200)).toBe('200');
    await visible(operation.locator('.live-responses-table .response-col_description').getByText(account.email));

    for (const url of requested) expect(new URL(url).origin, url).toBe(baseUrl());
    expect(await csp.violations(reference)).toEqual([]);
    expect(await csp.violations(page)).toEqual([]);
    expect(csp.refused).toEqual([]);
  });
});
