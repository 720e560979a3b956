import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsAdmin, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();

const path = (page: Page) => new URL(page.url()).pathname;

async function landsOn(page: Page, from: string, expected: string) {
  await page.goto(from);
  await page.waitForURL((url) => url.pathname === expected);
  expect(path(page)).toBe(expected);
}

describe('route guards (SPEC §2, §6)', () => {
  it('sends an anonymous visitor to /auth/login from /, unknown, customer and admin paths', async () => {
    const page = await browser.newPage();
    for (const from of ['/', '/no/such/page', '/dashboard', '/addresses', '/admin', '/admin/faqs']) {
      await landsOn(page, from, '/auth/login');
    }
    await landsOn(page, '/auth/register', '/auth/register');
  });

  it('keeps a customer out of admin screens and away from the auth pages', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    await landsOn(page, '/admin/faqs', '/dashboard');
    await landsOn(page, '/admin', '/dashboard');
    await landsOn(page, '/auth/login', '/dashboard');
    await landsOn(page, '/auth/register', '/dashboard');
    await landsOn(page, '/somewhere-else', '/dashboard');
    // Customer sidebar with the active entry highlighted.
    await landsOn(page, '/faqs', '/faqs');
    const nav = page.getByRole('navigation', { name: 'Customer navigation' });
    await visible(nav);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'My Orders',
      'Create Order',
      'CSV Bulk Order',
      'Balance',
      'Services',
      'API Information',
      'Amazon Convert',
      'Amazon Confirm',
      'Addresses',
      'FAQs',
      'Contact Support',
    ]);
    expect(await nav.locator('a[data-active]').allInnerTexts()).toEqual(['FAQs']);
  });

  it('a customer who edits the stored user to claim admin is still refused by the server', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      localStorage.setItem('user', JSON.stringify({ ...user, isAdmin: true }));
    });
    await landsOn(page, '/admin/faqs', '/dashboard');
  });

  it('lets the admin into the admin screens with the admin sidebar', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const adminChecks: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/verify-admin') adminChecks.push(req.url());
    });
    await landsOn(page, '/admin/app-settings', '/admin/app-settings');
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await visible(nav);
    const links = await nav.getByRole('link').allInnerTexts();
    expect(links.slice(0, 8)).toEqual([
      'Overview',
      'Customers',
      'Orders',
      'Transactions',
      'Service Management',
      'API Settings',
      'App Settings',
      'FAQs',
    ]);
    expect(await nav.locator('a[data-active]').allInnerTexts()).toEqual(['App Settings']);
    // The server confirmed the admin once; moving between admin screens does not ask again.
    await nav.getByRole('link', { name: 'FAQs' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/faqs');
    await visible(page.getByRole('heading', { name: /FAQ/ }).first());
    expect(adminChecks).toHaveLength(1);
  });

  it('treats corrupted stored user data as signed out', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    await page.evaluate(() => localStorage.setItem('user', '{not json'));
    await landsOn(page, '/dashboard', '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('clears the session and returns to login when the server says the token expired', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.goto('/faqs');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('shows an error with Try Again when a remote cannot load, and recovers on retry', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    let block = true;
    await page.route('**/remotes/customer/remoteEntry.js*', (route) => (block ? route.abort() : route.continue()));
    await page.goto('/contact-support');
    await expect
      .poll(() => textOf(page.getByText('Could not load the customer screens')))
      .toBe('Could not load the customer screens');
    block = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await visible(page.getByRole('heading', { name: 'Contact Support' }));
  });
});
