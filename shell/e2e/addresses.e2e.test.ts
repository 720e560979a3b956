import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();

interface AddressFields {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  company?: string;
}

async function fillForm(form: Locator, a: AddressFields) {
  await form.getByLabel(/^Name/).fill(a.name);
  if (a.company) await form.getByLabel('Company').fill(a.company);
  await form
    .getByLabel(/^Street Address/)
    .first()
    .fill(a.street1);
  await form.getByLabel(/^City/).fill(a.city);
  await form.getByLabel(/^State/).fill(a.state);
  await form.getByLabel(/^ZIP Code/).fill(a.zip);
  await form.getByLabel(/^Phone/).fill(a.phone);
}

async function chooseType(page: Page, form: Locator, type: 'Sender' | 'Recipient') {
  await form.getByLabel('Address Type').click();
  await page.getByRole('option', { name: type }).click();
}

const cards = (page: Page) => page.getByTestId('address-card');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByTestId('address-name').getByText(name, { exact: true }) });

describe('saved addresses', () => {
  it('creates, validates, edits, keeps one default per type, filters, searches and deletes', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page, 'Addie Address');
    await page.goto('/addresses');
    await visible(page.getByRole('button', { name: 'Add Address' }));

    // Required fields: the SPEC §5 texts, nothing saved.
    await page.getByRole('button', { name: 'Add Address' }).click();
    const form = page.getByTestId('address-form');
    await visible(form);
    await form.getByRole('button', { name: 'Save Address' }).click();
    for (const text of [
      'Street address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Phone number is required',
    ]) {
      await visible(form.getByText(text));
    }

    await fillForm(form, {
      name: 'Warehouse East',
      company: 'Acme Co',
      street1: '1 Dock Rd',
      city: 'Newark',
      state: 'NJ',
      zip: '07102',
      phone: '(973) 555-0101',
    });
    await chooseType(page, form, 'Sender');
    await form.getByLabel('Set as default').check();
    await form.getByRole('button', { name: 'Save Address' }).click();
    await visible(card(page, 'Warehouse East'));

    await page.getByRole('button', { name: 'Add Address' }).click();
    await fillForm(form, {
      name: 'Warehouse West',
      street1: '9 Bay St',
      city: 'Oakland',
      state: 'CA',
      zip: '94607',
      phone: '510-555-0102',
    });
    await chooseType(page, form, 'Sender');
    await form.getByLabel('Set as default').check();
    await form.getByRole('button', { name: 'Save Address' }).click();
    await visible(card(page, 'Warehouse West'));

    await page.getByRole('button', { name: 'Add Address' }).click();
    await fillForm(form, {
      name: 'Jane Recipient',
      street1: '5 Elm St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '512-555-0199',
    });
    await form.getByRole('button', { name: 'Save Address' }).click();
    await visible(card(page, 'Jane Recipient'));

    // The newer default sender took the badge from the older one.
    await expect.poll(() => card(page, 'Warehouse West').getByTestId('address-default-badge').count()).toBe(1);
    await expect.poll(() => card(page, 'Warehouse East').getByTestId('address-default-badge').count()).toBe(0);

    // Filter and search.
    await page.getByText('Recipient', { exact: true }).first().click();
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByText('All', { exact: true }).first().click();
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByLabel('Search addresses').fill('5125550199');
    await expect.poll(() => cards(page).count()).toBe(1);
    await visible(card(page, 'Jane Recipient'));
    await page.getByLabel('Search addresses').fill('');

    // Edit survives a reload.
    await page.getByRole('button', { name: 'Edit address Jane Recipient' }).click();
    await form.getByLabel(/^City/).fill('Round Rock');
    await form.getByRole('button', { name: 'Update Address' }).click();
    await page.reload();
    await expect.poll(() => textOf(card(page, 'Jane Recipient'))).toContain('Round Rock');

    // Delete asks first; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Delete address Warehouse East' }).click();
    await visible(page.getByText('Are you sure you want to delete this address?'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Delete address Warehouse East' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(2);
  });

  it('shows Error Loading Addresses with Try Again when the list cannot load', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page);
    let fail = true;
    await page.route('**/api/addresses', (route) =>
      fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await page.goto('/addresses');
    await visible(page.getByText('Error Loading Addresses'));
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await visible(page.getByRole('button', { name: 'Add Address' }));
  });
});
