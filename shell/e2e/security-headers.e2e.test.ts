import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsAdmin, signInAsNewCustomer, visible } from './support/browser';

const browser = setupBrowser();

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every Content-Security-Policy violation of the page: the `securitypolicyviolation` events (collected by a
 * script the browser runs before the page's own, outside the page's CSP) and the console's "Refused to ..." lines.
 */
async function watchCsp(page: Page): Promise<{ violations: () => Promise<Violation[]>; refused: string[] }> {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  return {
    refused,
    violations: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp),
  };
}

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
