import { describe, expect, it } from 'vitest';
import { registerViaUi, setupBrowser, textOf, uniqueEmail, visible } from './support/browser';

const browser = setupBrowser();

describe('email verification', () => {
  it('the dashboard asks for it until the mailed link is opened; Resend sends another link', async () => {
    const page = await browser.newPage();
    const account = { name: 'Vera Verify', email: uniqueEmail('vera'), password: 'vera-first-password' };
    await registerViaUi(page, account);

    // Signed in straight after registration, with the reminder on the dashboard.
    const banner = page.getByTestId('verify-email-banner');
    await visible(banner);
    expect(await textOf(banner)).toContain(`We sent a link to ${account.email}.`);
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect
      .poll(() => textOf(banner.getByRole('status')))
      .toBe(`We sent a new verification link to ${account.email}.`);
    // The server allows one Resend a minute.
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => textOf(banner.getByRole('status'))).toBe('Too many attempts. Please try again later.');

    // The sandbox inbox holds the registration's mail and the resent one; the newest link verifies.
    const mails = page.locator('article.mail', { hasText: account.email }).filter({
      hasText: 'Verify your LabelDesk email address',
    });
    await expect
      .poll(
        async () => {
          await page.goto('/sandbox/mail');
          return mails.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(2);
    await mails
      .first()
      .getByRole('link', { name: /\/auth\/verify-email\?token=/ })
      .click();
    await page.waitForURL('**/auth/verify-email?token=*');
    await expect
      .poll(() => textOf(page.getByTestId('verify-email-done')))
      .toBe('Your email address is verified. Thank you!');

    // Back on the dashboard, once the status has been read again, the reminder is gone.
    const statusRead = page.waitForResponse(
      (res) => res.url().endsWith('/api/auth/verify-email') && res.request().method() === 'GET',
    );
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(await (await statusRead).json()).toMatchObject({ email: account.email, verified: true });
    await visible(page.getByTestId('dashboard-greeting'));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await banner.count()).toBe(0);

    // The older link was spent with the newer one.
    await page.goto('/sandbox/mail');
    await mails
      .last()
      .getByRole('link', { name: /\/auth\/verify-email\?token=/ })
      .click();
    await page.waitForURL('**/auth/verify-email?token=*');
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('This verification link has already been used.');
  });
});
