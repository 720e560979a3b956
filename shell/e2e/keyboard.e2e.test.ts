import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';

const browser = setupBrowser();

/** What a screen reader would call the focused element: its label, aria-label or text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    return label.replace(/\s*\*\s*$/, '').trim();
  });
}

/** Whether the focused element is drawn with a visible focus indicator (an outline of some width). */
function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return false;
    const style = getComputedStyle(el);
    return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  });
}

/** Presses Tab until the element named `name` has focus (at most `max` presses); returns how many it took. */
async function tabTo(page: Page, name: string, max = 40): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return i;
  }
  throw new Error(`'${name}' was not reached with ${max} presses of Tab (last: '${await focusedName(page)}')`);
}

describe('keyboard only', () => {
  it('a customer adds an address with the keyboard alone: tab order, visible focus, Escape closes the modal', async () => {
    const page = await browser.newPage();
    await signInAsNewCustomer(page, 'Keyboard Kim');
    await page.goto('/addresses');
    await visible(page.getByRole('button', { name: 'Add Address' }));

    // The page's action is reachable by Tab and shows where focus is.
    await tabTo(page, 'Add Address');
    expect(await focusRingShown(page)).toBe(true);
    await page.keyboard.press('Enter');
    const form = page.getByTestId('address-form');
    await visible(form);

    // Focus starts in the first field and Tab follows the visual order, ending on the modal's own buttons.
    await expect.poll(() => focusedName(page)).toBe('Name');
    const order: string[] = ['Name'];
    for (let i = 0; i < 13; i++) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    expect(order).toEqual([
      'Name',
      'Company',
      'Street Address',
      'Street Address 2',
      'City',
      'State',
      'ZIP Code',
      'Country',
      'Phone',
      'Address Type',
      'Set as default',
      'Cancel',
      'Save Address',
      // Focus stays inside the modal: after the last button comes the close button of its header.
      'Close',
    ]);

    // Fill it in, field by field, without the mouse.
    await page.keyboard.press('Tab'); // wraps to Name
    expect(await focusedName(page)).toBe('Name');
    const typeAndTab = async (text: string) => {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    };
    await typeAndTab('Kim Keyboard');
    await page.keyboard.press('Tab'); // Company stays empty
    await typeAndTab('12 Tab Street');
    await page.keyboard.press('Tab'); // Street 2 stays empty
    await typeAndTab('Boston');
    await typeAndTab('MA');
    await typeAndTab('02108');
    await page.keyboard.press('Tab'); // Country stays United States
    await typeAndTab('617-555-0199');
    expect(await focusedName(page)).toBe('Address Type');
    // The type select opens with the arrow keys (on the current type), moves to the other one and picks it with Enter.
    const typeSelect = form.getByLabel('Address Type');
    const other = (await typeSelect.inputValue()) === 'Sender' ? 'Recipient' : 'Sender';
    await page.keyboard.press('ArrowDown');
    await visible(page.getByRole('option', { name: other }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => typeSelect.inputValue()).toBe(other);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Set as default');
    await page.keyboard.press('Space');
    expect(await form.getByLabel('Set as default').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Save Address');
    expect(await focusRingShown(page)).toBe(true);
    await page.keyboard.press('Enter');

    await expect.poll(() => form.count()).toBe(0);
    const card = page.getByTestId('address-card').filter({ hasText: 'Kim Keyboard' });
    await visible(card);
    expect(await textOf(card)).toContain('12 Tab Street');
    expect(await textOf(card)).toMatch(new RegExp(other, 'i'));

    // Focus is back on the button that opened the modal; Escape closes a freshly opened one without saving.
    await expect.poll(() => focusedName(page)).toBe('Add Address');
    await page.keyboard.press('Enter');
    await visible(form);
    await page.keyboard.type('Not Saved');
    await page.keyboard.press('Escape');
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('Add Address');
    expect(await page.getByTestId('address-card').count()).toBe(1);
  });
});
