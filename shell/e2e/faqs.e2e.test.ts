import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsAdmin, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();

describe('FAQs: the admin writes, the customer finds', () => {
  it('an FAQ created by the admin is found by a customer through search and its tag', async () => {
    const stamp = Date.now().toString(36);
    const question = `How long does a refund for a voided label take (${stamp})?`;
    const answer = 'Refunds for voided labels reach your balance within 14 days of the carrier confirming the void.';

    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/faqs');
    await admin.getByRole('button', { name: 'Add FAQ' }).first().click();
    const form = admin.getByTestId('faq-form');
    await visible(form);
    // Empty fields are refused with the SPEC text, nothing is saved.
    await form.getByRole('button', { name: 'Add FAQ' }).click();
    await expect.poll(() => textOf(admin.getByTestId('faq-form-error'))).toBe('Question and answer cannot be empty');
    await form.getByLabel('Question').fill(question);
    await form.getByLabel('Answer').fill(answer);
    await form.getByLabel('Tags').fill(`  Refunds${stamp}  `);
    await form.getByLabel('Tags').press('Enter');
    await form.getByRole('button', { name: 'Add FAQ' }).click();
    await expect.poll(() => textOf(admin.getByTestId('faq-success'))).toBe('FAQ added successfully');
    const row = admin.getByTestId('faq-row').filter({ hasText: question });
    await visible(row);
    await expect.poll(() => textOf(row.getByTestId('faq-tags'))).toBe(`Refunds${stamp}`);

    const customer = await browser.newPage();
    await signInAsNewCustomer(customer);
    await customer.goto('/faqs');
    await customer.getByLabel('Search FAQs').fill(`voided label take (${stamp})`);
    const item = customer.getByRole('button', { name: question });
    await visible(item);
    await item.click();
    await visible(customer.getByText(answer));
    // A search that matches nothing shows the SPEC empty text.
    await customer.getByLabel('Search FAQs').fill(`no such question ${stamp}`);
    await visible(customer.getByText('No FAQs found matching your criteria.'));
    // The tag becomes a category that lists the FAQ.
    await customer.getByLabel('Search FAQs').fill('');
    await customer.getByText(`Refunds${stamp} (1)`).click();
    await visible(customer.getByRole('button', { name: question }));
  });

  it('community links saved in app settings appear on the login screen; an invalid one is refused', async () => {
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/app-settings');
    const discord = admin.getByLabel('Discord Invite Link');
    await visible(discord);
    await discord.fill('https://example.com/not-discord');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => textOf(admin.getByTestId('app-settings-form'))).toContain('https://discord.gg/');
    await discord.fill('https://discord.gg/labeldesk-e2e');
    await admin.getByLabel('Telegram Invite Link').fill('');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(() => textOf(admin.getByTestId('app-settings-success')))
      .toBe('Application settings updated successfully');

    const visitor = await browser.newPage();
    await visitor.goto('/auth/login');
    const link = visitor.getByRole('link', { name: 'Discord' });
    await visible(link);
    expect(await link.getAttribute('href')).toBe('https://discord.gg/labeldesk-e2e');
    expect(await visitor.getByRole('link', { name: 'Telegram' }).count()).toBe(0);
  });
});
