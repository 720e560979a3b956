import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminToken,
  apiAs,
  baseUrl,
  defaultUpsGround,
  fundCustomer,
  party,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  storeSession,
  visible,
} from './support/browser';
import { tableLayoutProblems } from './support/layout';

const browser = setupBrowser();
/** The width most laptops give a browser window (issue 19). */
const LAPTOP = { width: 1280, height: 800 };

/**
 * One customer with what every list screen shows (a long name and email as real ones are, a balance and its deposit,
 * a saved address, a label, a bulk order, an FAQ), so each table below has rows, badges and row actions to measure.
 */
let customer = { token: '', user: '', email: '' };
beforeAll(async () => {
  const page = await browser.newPage(LAPTOP);
  // A long name and email, as real ones are (the email column is what widened the Customers table).
  const signedIn = await signInAsNewCustomer(page, 'Maximilian Alexander Longname-Customer', 'maximilian.longname');
  customer = {
    token: signedIn.token,
    user: (await page.evaluate(() => localStorage.getItem('user'))) ?? '',
    email: signedIn.email,
  };
  const admin = await adminToken();
  await fundCustomer(admin, signedIn.token, 200, 'E2E funds for the 1280 px screens');
  await apiAs(signedIn.token, 'POST', '/api/addresses', { ...party('Ada Sender'), type: 'sender', isDefault: true });
  await apiAs(admin, 'POST', '/api/admin/faqs', {
    question: 'How long does a label stay valid?',
    answer: 'Thirty days from purchase.',
    tags: ['labels'],
  });
  const { apiId, service } = await defaultUpsGround(signedIn.token);
  await apiAs(signedIn.token, 'POST', '/api/orders', {
    apiId,
    carrier: 'UPS',
    serviceType: service,
    sender: party('Ada Sender'),
    recipient: party('Rita Receiver'),
    packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
  });
  const row = {
    fromName: 'Ada Sender',
    fromStreet1: '1 Main St',
    fromCity: 'New York',
    fromState: 'NY',
    fromZip: '10001',
    fromPhone: '212-555-0100',
    toName: 'Bo Buyer',
    toStreet1: '350 W 42nd St',
    toCity: 'New York',
    toState: 'NY',
    toZip: '10036',
    toPhone: '212-555-0147',
    weight: '1',
    length: '10',
    width: '8',
    height: '4',
    description: 'Mug',
  };
  const { bulkOrderId } = await apiAs<{ bulkOrderId: string }>(signedIn.token, 'POST', '/api/orders/bulk/process', {
    apiId,
    carrier: 'UPS',
    service,
    orders: [
      { rowIndex: 0, data: row },
      { rowIndex: 1, data: { ...row, toName: 'Cy Buyer' } },
    ],
  });
  // Its labels bought, so the status badge reads its longest word (Completed) and every row action is on.
  await vi.waitFor(
    async () => {
      const { bulkOrder } = await apiAs<{ bulkOrder: { status: string } }>(
        signedIn.token,
        'GET',
        `/api/orders/bulk/${bulkOrderId}`,
      );
      if (bulkOrder.status === 'processing') throw new Error('the bulk order is still processing');
    },
    { timeout: 60_000, interval: 250 },
  );
}, 120_000);

async function asCustomer(page: Page): Promise<void> {
  await storeSession(page, customer.token, customer.user);
}

interface Screen {
  name: string;
  as: 'admin' | 'customer';
  path: string;
  /** The table that must have rows before measuring. */
  table: string;
  /** Clicks (by test id) that bring the table on screen: a tab, a row's View. */
  steps?: string[];
}

/** Every list screen, and the lists inside their detail modals. */
const SCREENS: Screen[] = [
  { name: 'Admin Customers', as: 'admin', path: '/admin/customers', table: 'customers-table' },
  { name: 'Admin All Orders', as: 'admin', path: '/admin/orders', table: 'admin-orders-table' },
  {
    name: 'Admin Bulk Orders',
    as: 'admin',
    path: '/admin/orders',
    steps: ['admin-orders-tab-bulk'],
    table: 'admin-bulk-table',
  },
  {
    name: 'Admin Bulk Order Details',
    as: 'admin',
    path: '/admin/orders',
    steps: ['admin-orders-tab-bulk', 'admin-bulk-view'],
    table: 'admin-bulk-details-orders',
  },
  { name: 'Admin Deposit History', as: 'admin', path: '/admin/transactions', table: 'deposits-table' },
  { name: 'Admin Pricing (margins)', as: 'admin', path: '/admin/pricing', table: 'margins-table' },
  {
    name: 'Admin Pricing, a row opened',
    as: 'admin',
    path: '/admin/pricing',
    steps: ['margins-row-toggle'],
    table: 'margins-bands',
  },
  { name: 'Admin Overview', as: 'admin', path: '/admin', table: 'label-stats-table' },
  {
    name: 'Admin Service Management',
    as: 'admin',
    path: '/admin/service-management',
    table: 'status-carrier-UPS',
  },
  {
    name: 'Admin Service Pricing',
    as: 'admin',
    path: '/admin/service-management',
    steps: ['tab-service-pricing'],
    table: 'pricing-carrier-UPS',
  },
  { name: 'Admin Service Status', as: 'admin', path: '/admin/services', table: 'status-carrier-UPS' },
  { name: 'Admin API Settings', as: 'admin', path: '/admin/api-settings', table: 'api-settings-table' },
  { name: 'Admin FAQs', as: 'admin', path: '/admin/faqs', table: 'faq-table' },
  { name: 'My Orders', as: 'customer', path: '/my-orders', table: 'orders-table' },
  { name: 'Bulk Order History', as: 'customer', path: '/bulk-order', table: 'bulk-history-table' },
  {
    name: 'Bulk Order Details (customer)',
    as: 'customer',
    path: '/bulk-order',
    steps: ['bulk-history-view'],
    table: 'bulk-details-orders',
  },
  { name: 'Balance transactions', as: 'customer', path: '/balance', table: 'transactions-table' },
  { name: 'Dashboard recent orders', as: 'customer', path: '/dashboard', table: 'recent-orders' },
  { name: 'Amazon confirmation', as: 'customer', path: '/amazon-confirm', table: 'amazon-bulk-table' },
];

describe('every list screen fits 1280×800: no table wider than its box, no row button or badge cut or out of view', () => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s', async (_name, screen) => {
    const page = await browser.newPage(LAPTOP);
    if (screen.as === 'admin') await signInAsAdmin(page);
    else await asCustomer(page);
    await page.goto(screen.path);
    for (const step of screen.steps ?? []) await page.getByTestId(step).first().click();
    // The margins page asks every provider for its current rates before it answers: on a loaded machine that takes
    // longer than a click's 15 s, so the first row gets the test's own time.
    await page.getByTestId(screen.table).locator('tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 });
    // Let the modal's or tab's transition end, so boxes are measured where they come to rest.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await tableLayoutProblems(page)).toEqual([]);
  });
});

describe('the favicon', () => {
  it('/favicon.ico is a real icon, and a page asks for nothing that is missing', async () => {
    const res = await fetch(`${baseUrl()}/favicon.ico`);
    expect(res.status).toBe(200);
    // An ICO file's header: reserved 0, type 1 (icon).
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);

    const page = await browser.newPage(LAPTOP);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(new URL(r.url()).pathname);
    });
    await page.goto('/auth/login');
    await visible(page.getByRole('button', { name: 'Login' }));
    await signInAsAdmin(page);
    await page.goto('/admin/customers');
    await visible(page.getByTestId('customers-table').locator('tbody tr'));
    expect(missing).toEqual([]);
  });
});
