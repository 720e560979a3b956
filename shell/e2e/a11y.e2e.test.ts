import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, CUSTOMER_ROUTES } from '../src/route-table';
import { type AxeFinding, seriousViolations, settled } from './support/axe';
import {
  adminToken,
  apiAs,
  defaultUpsGround,
  fundCustomer,
  party,
  setupBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  storeSession,
  visible,
} from './support/browser';

const browser = setupBrowser();

/**
 * One customer with what every screen lists (a balance and its transaction, a saved address, a label, a bulk order),
 * so tables, badges and dimmed texts are on screen when axe measures them, for the customer and for the admin.
 */
let customerToken = '';
let customerUser = '';
let customerEmail = '';
beforeAll(async () => {
  const page = await browser.newPage();
  const customer = await signInAsNewCustomer(page, 'Ally Access');
  customerToken = customer.token;
  customerEmail = customer.email;
  customerUser = (await page.evaluate(() => localStorage.getItem('user'))) ?? '';
  await fundCustomer(await adminToken(), customer.token, 200, 'E2E accessibility funds');
  await apiAs(customer.token, 'POST', '/api/addresses', { ...party('Ada Sender'), type: 'sender', isDefault: true });
  const { apiId, service } = await defaultUpsGround(customer.token);
  await apiAs(customer.token, 'POST', '/api/orders', {
    apiId,
    carrier: 'UPS',
    serviceType: service,
    sender: party('Ada Sender'),
    recipient: party('Rita Receiver'),
    packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
  });
  await apiAs(customer.token, 'POST', '/api/orders/bulk/process', {
    apiId,
    carrier: 'UPS',
    service,
    orders: [
      {
        rowIndex: 0,
        data: {
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
        },
      },
    ],
  });
}, 120_000);

async function asCustomer(page: Page): Promise<void> {
  await storeSession(page, customerToken, customerUser);
}

/** Opens `path`, waits for its first screen to settle and returns axe's serious and critical findings. */
async function audit(page: Page, path: string): Promise<AxeFinding[]> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path);
  await visible(page.locator('h1, h2').filter({ hasNotText: /^$/ }));
  await settled(page);
  return seriousViolations(page);
}

describe('accessibility: every route has no serious or critical WCAG 2.1 AA violation (axe-core)', () => {
  it.each(['/auth/login', '/auth/register'])('%s', async (path) => {
    const page = await browser.newPage();
    expect(await audit(page, path)).toEqual([]);
  });

  it.each(CUSTOMER_ROUTES.map(([path]) => path))('%s', async (path) => {
    const page = await browser.newPage();
    await asCustomer(page);
    expect(await audit(page, path)).toEqual([]);
  });

  it.each(ADMIN_ROUTES.map(([path]) => path))('%s', async (path) => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    expect(await audit(page, path)).toEqual([]);
  });

  it('/amazon-convert without a saved address (the in-text link to add one)', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page, 'No Address Yet');
    await page.goto('/amazon-convert');
    await visible(page.getByRole('link', { name: 'Add an address' }));
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** A modal is open, its transitions done; its content is what axe checks. */
async function openModal(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.first().click();
  const modal = page.locator('.mantine-Modal-content[role="dialog"]');
  await visible(modal);
  await settled(page);
  return modal;
}

const MODALS: Array<{
  name: string;
  as: 'customer' | 'admin';
  path: string;
  /** The row menu the trigger sits in (RowMenu), opened first. */
  menu?: (page: Page) => Locator;
  open: (page: Page) => Locator;
}> = [
  { name: 'Order Details (customer)', as: 'customer', path: '/my-orders', open: (p) => p.getByTestId('order-view') },
  {
    name: 'Add New Address',
    as: 'customer',
    path: '/addresses',
    open: (p) => p.getByRole('button', { name: 'Add Address' }),
  },
  { name: 'Top Up', as: 'customer', path: '/balance', open: (p) => p.getByTestId('topup-open') },
  {
    name: 'Bulk order details (customer)',
    as: 'customer',
    path: '/bulk-order',
    open: (p) => p.getByTestId('bulk-history-view'),
  },
  {
    name: 'Adjust balance',
    as: 'admin',
    path: '/admin/customers',
    menu: (p) => customerRow(p).getByTestId('customer-actions'),
    open: (p) => p.getByTestId('customer-adjust-balance'),
  },
  {
    name: 'Custom Pricing',
    as: 'admin',
    path: '/admin/customers',
    menu: (p) => customerRow(p).getByTestId('customer-actions'),
    open: (p) => p.getByTestId('customer-custom-pricing'),
  },
  {
    name: 'Refresh tracking',
    as: 'admin',
    path: '/admin/customers',
    menu: (p) => customerRow(p).getByTestId('customer-actions'),
    open: (p) => p.getByTestId('customer-refresh-tracking'),
  },
  {
    name: 'Order Details (admin)',
    as: 'admin',
    path: '/admin/orders',
    menu: (p) => p.getByTestId('admin-order-actions'),
    open: (p) => p.getByTestId('admin-order-view'),
  },
  { name: 'Add FAQ', as: 'admin', path: '/admin/faqs', open: (p) => p.getByRole('button', { name: 'Add FAQ' }) },
  {
    name: 'Edit API key',
    as: 'admin',
    path: '/admin/api-settings',
    open: (p) => p.getByTestId('api-settings-edit-key'),
  },
  { name: 'Service Report', as: 'admin', path: '/admin/services', open: (p) => p.getByTestId('open-service-report') },
  {
    name: 'Add New API',
    as: 'admin',
    path: '/admin/service-management',
    open: (p) => p.getByTestId('add-api-open'),
  },
];

function customerRow(page: Page): Locator {
  return page.locator(`[data-testid="customer-row"][data-email="${customerEmail}"]`);
}

describe('accessibility: modals have a named close button and no serious or critical violation', () => {
  it.each(MODALS.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const page = await browser.newPage();
    if (m.as === 'customer') await asCustomer(page);
    else await signInAsAdmin(page);
    await page.goto(m.path);
    if (m.menu) {
      await visible(m.menu(page));
      await settled(page);
      await m.menu(page).first().click();
    }
    await visible(m.open(page));
    await settled(page);
    const modal = await openModal(page, m.open(page));
    await visible(modal.getByRole('button', { name: /^Close/ }));
    expect(await seriousViolations(page, '.mantine-Modal-content[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
  });
});
