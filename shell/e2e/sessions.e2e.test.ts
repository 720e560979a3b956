import { describe, expect, it } from 'vitest';
import {
  apiAs,
  baseUrl,
  loginViaUi,
  nextClientIp,
  setupBrowser,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

async function loginOverApi(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClientIp() },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

describe('Settings › Security › Sessions', () => {
  it('lists the sessions, signs one out and then all the others with the password; the other browser is signed out', async () => {
    const page = await browser.newPage();
    const account = await signInAsNewCustomer(page, 'Sasha Sessions', 'sessions');
    // A second browser signed in through the login screen, and a third session over the API.
    const other = await browser.newPage();
    await loginViaUi(other, account.email, account.password);
    await other.waitForURL('**/dashboard');
    const apiToken = await loginOverApi(account.email, account.password);
    const { sessions } = await apiAs<{ sessions: Array<{ id: string; current: boolean }> }>(
      apiToken,
      'GET',
      '/api/auth/sessions',
    );
    const apiSessionId = sessions.find((s) => s.current)?.id ?? '';

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await visible(page.getByRole('heading', { name: 'Security' }));
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(3);
    const current = page.locator('[data-testid="session-row"][data-current]');
    expect(await current.count()).toBe(1);
    await visible(current.getByText('This session'));

    // Sign out the API's session from its row, after entering the password again (a wrong one signs nothing out):
    // its token is refused from then on.
    await page.locator(`[data-session-id="${apiSessionId}"]`).getByRole('button', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Out Session' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByTestId('sessions-confirm-submit').click();
    await visible(dialog.getByText('Password is incorrect'));
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByTestId('sessions-confirm-submit').click();
    await expect.poll(() => textOf(page.getByTestId('sessions').getByRole('alert'))).toBe('Session signed out');
    await expect.poll(() => rows.count()).toBe(2);
    const refused = await fetch(`${baseUrl()}/api/auth/verify`, { headers: { Authorization: `Bearer ${apiToken}` } });
    expect(refused.status).toBe(401);

    await page.getByRole('button', { name: 'Sign Out All Other Sessions' }).click();
    await page
      .getByRole('dialog', { name: 'Sign Out All Other Sessions' })
      .getByLabel('Password', { exact: true })
      .fill(account.password);
    await page.getByTestId('sessions-confirm-submit').click();
    await expect
      .poll(() => textOf(page.getByTestId('sessions').getByRole('alert')))
      .toBe('Signed out 1 other session.');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign Out All Other Sessions' }).isDisabled()).toBe(true);

    // The other browser's next request is refused and the shell sends it to the login page.
    await other.getByRole('link', { name: 'My Orders' }).first().click();
    await other.waitForURL('**/auth/login');
    // This browser is still signed in.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/settings');
  });
});
