import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsAdmin, signInAsNewCustomer, visible } from './support/browser';
import { watchCsp } from './support/csp';

const browser = setupBrowser();

async function visit(page: Page, path: string, ready: (p: Page) => Promise<void>) {
  const res = await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return res;
}

describe('security headers: the UI runs under its Content-Security-Policy', () => {
  it('sends the policy and the Referrer-Policy header with the page, and no meta tag overrides it', async () => {
    const page = await browser.newPage();
    const res = await page.goto('/auth/login');
    const headers = res?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "default-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // No inline script may run: neither 'unsafe-inline' nor 'unsafe-eval' in script-src.
    expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)).toBe(false);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(await page.locator('meta[name="referrer"]').count()).toBe(0);
  });

  it('the builds carry the same headers for static hosts (dist/_headers, Cloudflare Pages format)', async () => {
    const page = await browser.newPage();
    const served = (await page.goto('/auth/login'))?.headers() ?? {};
    for (const app of ['shell', 'mfe-customer', 'mfe-admin', 'mfe-amazon']) {
      const file = readFileSync(new URL(`../../${app}/dist/_headers`, import.meta.url), 'utf8');
      expect(file.split('\n')[1], app).toBe('/*');
      expect(file, app).toContain(`  Content-Security-Policy: ${served['content-security-policy']}\n`);
      expect(file, app).toContain('  Referrer-Policy: no-referrer\n');
    }
  });

  it('login and register render with no CSP violation', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page);
    await visit(page, '/auth/login', (p) => visible(p.getByRole('button', { name: 'Login' })));
    await visit(page, '/auth/register', (p) => visible(p.getByRole('button', { name: 'Create Account' })));
    expect(await csp.violations()).toEqual([]);
    expect(csp.refused).toEqual([]);
  });

  it('signed-in customer screens (the component kit and a remote) render with no CSP violation', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page);
    await signInAsNewCustomer(page, 'Csp Customer');
    await visit(page, '/dashboard', (p) => visible(p.getByText('Quick Actions')));
    expect(await csp.violations()).toEqual([]);
    await visit(page, '/addresses', (p) => visible(p.getByRole('heading', { name: /Addresses/ })));
    // A Mantine modal (portal, transitions, focus trap).
    await page
      .getByRole('button', { name: /Add Address/i })
      .first()
      .click();
    await visible(page.getByRole('dialog'));
    expect(await csp.violations()).toEqual([]);
    await visit(page, '/services', (p) => visible(p.getByRole('heading', { name: /Services/ })));
    expect(await csp.violations()).toEqual([]);
    expect(csp.refused).toEqual([]);
  });

  it('admin screens render with no CSP violation', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page);
    await signInAsAdmin(page);
    await visit(page, '/admin/customers', (p) => visible(p.getByRole('heading', { name: 'Customers' })));
    await visit(page, '/admin/service-management', (p) => visible(p.getByRole('heading').first()));
    expect(await csp.violations()).toEqual([]);
    expect(csp.refused).toEqual([]);
  });
});
