import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsAdmin, textOf, visible } from './support/browser';

const browser = setupBrowser();

/** Every GET to the API the page sends from now on, as 'path?query'. */
function apiGets(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() === 'GET' && url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

const count = (calls: string[], prefix: string) => calls.filter((c) => c.startsWith(prefix)).length;

/** Long enough for a second, unwanted request (a render loop, a refetch on mount) to have gone out. */
const settle = (page: Page) => page.waitForTimeout(1_500);

/** The server's answer to a request the test makes fail: a bare 500, as an unexpected crash answers. */
const serverError = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'internal_error', message: 'Internal server error', details: [] } }),
};

describe('admin screens on the shared query client', () => {
  it('Overview, Pricing and FAQ management ask each thing once on mount and once per period', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const calls = apiGets(page);

    await page.goto('/admin');
    await visible(page.getByTestId('label-stats-table'));
    await settle(page);
    expect(count(calls, '/api/admin/stats/labels?period=all')).toBe(1);
    await page.getByTestId('label-stats-period').getByText('Week').click();
    await expect
      .poll(() => textOf(page.getByTestId('label-stats-period-description')))
      .toBe('Labels bought in the last 7 days');
    await settle(page);
    expect(count(calls, '/api/admin/stats/labels?period=week')).toBe(1);
    // Back to a period seen seconds ago: its answer is still fresh, nothing is asked.
    await page.getByTestId('label-stats-period').getByText('All time').click();
    await settle(page);
    expect(count(calls, '/api/admin/stats/labels?period=all')).toBe(1);

    await page.goto('/admin/pricing');
    await visible(page.getByTestId('margins-table'));
    await settle(page);
    expect(count(calls, '/api/admin/pricing/margins')).toBe(1);

    await page.goto('/admin/faqs');
    await visible(page.getByRole('button', { name: 'Add FAQ' }));
    await expect.poll(() => page.getByRole('button', { name: 'Add FAQ' }).isEnabled()).toBe(true);
    await settle(page);
    expect(count(calls, '/api/admin/faqs')).toBe(1);
  });

  it('a failed load shows the SPEC text, and Try Again loads the screen', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const screens = [
      {
        path: '/admin',
        api: '**/api/admin/stats/labels?*',
        error: page.getByTestId('label-stats-error'),
        text: 'Failed to load dashboard statistics. Please try again later.',
        loaded: page.getByTestId('label-stats-table'),
      },
      {
        path: '/admin/pricing',
        api: '**/api/admin/pricing/margins?*',
        error: page.getByTestId('margins-error'),
        text: 'Failed to load margin data',
        loaded: page.getByTestId('margins-table'),
      },
      {
        path: '/admin/faqs',
        api: '**/api/admin/faqs',
        error: page.getByTestId('faq-error'),
        text: 'Failed to load FAQs',
        loaded: page.getByRole('button', { name: 'Add FAQ' }),
      },
    ];
    for (const screen of screens) {
      await page.route(screen.api, (route) => route.fulfill(serverError));
      await page.goto(screen.path);
      await visible(screen.error);
      expect(await textOf(screen.error)).toContain(screen.text);
      await page.unroute(screen.api);
      await screen.error.getByRole('button', { name: 'Try Again' }).click();
      await visible(screen.loaded);
      await expect.poll(() => screen.error.count()).toBe(0);
    }
    await expect.poll(() => page.getByRole('button', { name: 'Add FAQ' }).isEnabled()).toBe(true);
  });
});
