import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();

/** What an authenticator app shows for this secret, `offsetSteps` 30-second steps from now. */
const appCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('two-factor sign-in', () => {
  it('is turned on from the QR code secret in Settings, then signing in asks for a code', async () => {
    const page = await browser.newPage();
    const account = await signInAsNewCustomer(page, 'Tomas Totp', 'totp');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');

    await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    await visible(page.getByTestId('totp-qr'));
    const secret = await textOf(page.getByTestId('totp-secret'));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn On' }).click();
    await visible(page.getByText('That code is not valid. Enter the current code from your authenticator app.'));
    await page.getByLabel('Code from the app').fill(appCode(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = (await textOf(page.getByTestId('recovery-codes').locator('pre'))).split('\n');
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I saved them' }).click();
    await expect.poll(() => textOf(page.getByTestId('two-factor-on'))).toBe('On. Recovery codes left: 10');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('heading', { name: 'Two-factor sign-in' }));
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('Invalid authentication code');
    // The enabling code's step is spent: the app's next code (one step of drift is accepted) signs in.
    await page.getByLabel('Authentication code').fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
  });
});
