import { describe, expect, it } from 'vitest';
import { baseUrl, registerViaUi, setupBrowser, textOf, uniqueEmail, visible } from './support/browser';

const browser = setupBrowser();

describe('register and login', () => {
  it('registers a new customer who lands on the dashboard with their name, initials and a zero balance', async () => {
    const page = await browser.newPage();
    const account = { name: 'Grace Hopper', email: uniqueEmail('grace'), password: 'grace-password-1' };
    await registerViaUi(page, account);

    await visible(page.getByText(/Good (Morning|Afternoon|Evening), Grace Hopper/));
    await expect.poll(() => textOf(page.getByTestId('header-balance'))).toBe('$0.00');
    await expect.poll(() => textOf(page.getByTestId('header-initials'))).toBe('GH');
    await expect.poll(() => textOf(page.getByTestId('header-name'))).toBe('Grace Hopper');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email: account.email, isAdmin: false, balance: 0 });

    // Logout clears the session and returns to the login screen; logging in again works.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => textOf(page.getByTestId('header-name'))).toBe('Grace Hopper');
  });

  it('shows the validation texts and does not submit', async () => {
    const page = await browser.newPage();
    let registerCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await page.goto('/auth/register');
    await page.getByLabel('Full Name').fill('Alan Turing');
    await page.getByLabel('Email').fill(uniqueEmail('alan'));
    await page.getByLabel('Password', { exact: true }).fill('one-password');
    await page.getByLabel('Confirm Password').fill('another-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('Passwords do not match');

    await page.getByLabel('Confirm Password').fill('one-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('You must agree to the Terms and Conditions');
    expect(registerCalls).toBe(0);
  });

  it('tells a returning user about a duplicate email and a wrong password, with the server message', async () => {
    const page = await browser.newPage();
    const account = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'ada-password-1' };
    await registerViaUi(page, account);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth/login');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    const button = page.getByRole('button', { name: /Login|Logging in/ });
    await button.click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await page.goto('/auth/register');
    await page.getByLabel('Full Name').fill('Ada Again');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('whatever-password');
    await page.getByLabel('Confirm Password').fill('whatever-password');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('An account with this email already exists');
  });

  it('shows "Logging in..." and disables the button while the call runs', async () => {
    const page = await browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('some-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const busy = page.getByRole('button', { name: 'Logging in...' });
    await expect.poll(() => busy.isDisabled()).toBe(true);
    release();
    await expect.poll(() => textOf(page.getByRole('alert'))).toBe('Invalid email or password');
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
  });

  it('shows the password rules on Register: length and email in the browser, a common password from the server', async () => {
    const page = await browser.newPage();
    const registerCalls: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/register')) registerCalls.push(r.status());
    });
    const email = uniqueEmail('rules');
    await page.goto('/auth/register');
    await visible(page.getByText('At least 8 characters; not your email; not a common password.'));
    await page.getByLabel('Full Name').fill('Rule Follower');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('checkbox').check();
    const password = page.getByLabel('Password', { exact: true });
    const tryPassword = async (value: string) => {
      await password.fill(value);
      await page.getByLabel('Confirm Password').fill(value);
      await page.getByRole('button', { name: 'Create Account' }).click();
    };
    const passwordNote = () => page.locator('.auth-field-error').first();

    await tryPassword('short');
    await expect.poll(() => textOf(passwordNote())).toBe('Password must be at least 8 characters');
    await tryPassword(email.toUpperCase());
    await expect
      .poll(() => textOf(passwordNote()))
      .toBe('Password must not be your email address or the part of it before the @');
    expect(registerCalls).toEqual([]);

    // The list of common passwords is the server's: the browser sends it, the server refuses it, the field says why.
    await tryPassword('password123');
    await expect
      .poll(() => textOf(passwordNote()))
      .toBe('This password is one of the 10,000 most common passwords. Please choose a less common one.');
    expect(registerCalls).toEqual([400]);
    expect(new URL(page.url()).pathname).toBe('/auth/register');

    await tryPassword('a long and uncommon passphrase');
    await page.waitForURL('**/dashboard');
    expect(registerCalls).toEqual([400, 201]);
  });

  it('Logout revokes the session on the server: the token it had is refused afterwards', async () => {
    const page = await browser.newPage();
    await registerViaUi(page, { name: 'Token Keeper', email: uniqueEmail('keeper'), password: 'keeper-password-1' });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    if (!token) throw new Error('no token stored after registration');
    const verify = () =>
      fetch(`${baseUrl()}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { expired?: boolean },
      }));
    expect((await verify()).status).toBe(200);

    const logoutCall = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await logoutCall).status()).toBe(200);

    // Someone who copied the token before the logout gets nothing with it now.
    const after = await verify();
    expect(after.status).toBe(401);
    expect(after.body.expired).toBe(true);
    const addresses = await fetch(`${baseUrl()}/api/addresses`, { headers: { Authorization: `Bearer ${token}` } });
    expect(addresses.status).toBe(401);
  });
});
