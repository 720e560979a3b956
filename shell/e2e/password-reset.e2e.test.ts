import { describe, expect, it } from 'vitest';
import { registerViaUi, setupBrowser, textOf, uniqueEmail, visible } from './support/browser';

const browser = setupBrowser();

describe('password reset through the mail sandbox', () => {
  it('forgot password -> the sandbox inbox -> the mail link -> a new password -> login', async () => {
    const page = await browser.newPage();
    const account = { name: 'Rosa Reset', email: uniqueEmail('rosa'), password: 'rosa-first-password' };
    await registerViaUi(page, account);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth/login');

    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/auth/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect
      .poll(() => textOf(page.getByRole('status')))
      .toBe('If an account exists for that email, we sent a link to reset its password. It works for 30 minutes.');

    // The embedded default's inbox page: the mail arrives through the job queue, so reload until it is there.
    // Registration mailed a verification link too: this is the reset mail.
    const mail = page.locator('article.mail', { hasText: account.email }).filter({
      hasText: 'Reset your LabelDesk password',
    });
    await expect
      .poll(
        async () => {
          await page.goto('/sandbox/mail');
          return mail.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await textOf(mail.locator('h2'))).toBe('Reset your LabelDesk password');
    await mail.getByRole('link', { name: /\/auth\/reset-password\?token=/ }).click();
    await page.waitForURL('**/auth/reset-password?token=*');

    // The policy is checked before anything is sent; then the new password is set and every session signed out.
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await visible(page.getByText('Password must be at least 8 characters'));
    await page.getByLabel('New Password', { exact: true }).fill('rosa-second-password');
    await page.getByLabel('Confirm New Password').fill('rosa-second-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/auth/login');
    await expect
      .poll(() => textOf(page.getByRole('status')))
      .toBe('Your password was changed. Please log in with the new password.');

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('Invalid email or password');
    await page.getByLabel('Password').fill('rosa-second-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
  });
});
