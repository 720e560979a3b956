import { describe, expect, it } from 'vitest';
import { parseCookiesFile } from '../../mfe-amazon/src/amazon-confirm/credentials';
import { baseUrl, readDownload, setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();

/**
 * A person trying the embedded default gets marketplace credentials in the browser: /amazon-confirm links to the
 * marketplace sandbox's sign-in page, which shows the CSRF token and downloads the cookies file.
 */
describe('marketplace sandbox sign-in from /amazon-confirm', () => {
  it('the link opens the sandbox sign-in page, whose token and cookies file confirm a shipment', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page, 'Sandbox Seller');
    await page.goto('/amazon-confirm');
    const notice = page.getByTestId('marketplace-sandbox-link');
    await visible(notice);
    const link = notice.getByRole('link', { name: 'Sign in to the marketplace sandbox' });
    expect(await link.getAttribute('href')).toBe('/sandbox/marketplace/signin');

    const [signin] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await signin.waitForLoadState();
    expect(new URL(signin.url()).pathname).toBe('/sandbox/marketplace/signin');
    await signin.getByTestId('sandbox-signin').click();
    const csrf = (await textOf(signin.getByTestId('sandbox-csrf-token'))).trim();
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [download] = await Promise.all([
      signin.waitForEvent('download'),
      signin.getByTestId('sandbox-cookies-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('marketplace-cookies.json');
    const file = (await readDownload(download)).toString('utf8');

    // The file is what the confirm page's cookies field accepts, and with the token it signs in at the marketplace.
    const parsed = parseCookiesFile(file);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.count).toBe(3);
    const res = await fetch(`${baseUrl()}/sandbox/marketplace/shipments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: parsed.cookies, 'anti-csrftoken-a2z': csrf },
      body: JSON.stringify({
        shipments: [
          {
            amazonOrderId: `114-${String(Date.now()).slice(-7)}-0000001`,
            carrier: 'UPS',
            service: 'UPS Ground',
            trackingNumber: '1Z999AA10000000077',
            shipDate: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: Array<{ status: string }> }).results[0]?.status).toBe('confirmed');
  });

  it('shows no link where app-config.json names no marketplace sandbox (a real marketplace, a static host)', async () => {
    const page = await browser.newPage();
    let served = 0;
    await page.route('**/app-config.json', async (route) => {
      const real = await route.fetch();
      const { marketplaceSandbox: _, ...config } = (await real.json()) as Record<string, unknown>;
      served += 1;
      await route.fulfill({ response: real, json: config });
    });
    await signInAsNewCustomer(page, 'Real Seller');
    served = 0;
    await page.goto('/amazon-confirm');
    await visible(page.getByTestId('amazon-confirm-form'));
    // The shell's start-up read and the notice's own read were both answered without the field.
    await expect.poll(() => served).toBeGreaterThanOrEqual(2);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('marketplace-sandbox-link').count()).toBe(0);
  });
});
