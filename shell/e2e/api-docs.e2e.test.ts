import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser, signInAsNewCustomer, textOf, visible } from './support/browser';
import { tableLayoutProblems } from './support/layout';

const browser = setupBrowser();

/** A call as an integrator's program would make it: Node's fetch with the key in the header the page documents. */
async function curlUser(key: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/v1/user`, { headers: { 'x-api-key': `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('API Information page', () => {
  it('shows the masked key, reveals and copies it, regenerates behind the confirmation; the new key works, the old is refused', async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signInAsNewCustomer(page);
    await page.goto('/api-docs');

    const live = page.getByTestId('live-key');
    await visible(live);
    const masked = await textOf(live);
    expect(masked).toMatch(/^ld_live_•+[A-Za-z0-9]{4}$/);

    // The show/hide button draws an icon (SVG), not an emoji that some systems' fonts render as an empty box.
    const show = page.getByRole('button', { name: 'Show Live key' });
    expect(await show.locator('svg').count()).toBe(1);
    expect((await show.textContent())?.trim()).toBe('');
    await show.click();
    expect(await page.getByRole('button', { name: 'Hide Live key' }).locator('svg').count()).toBe(1);
    await expect.poll(() => textOf(live)).toMatch(/^ld_live_[A-Za-z0-9]{40}$/);
    const oldKey = await textOf(live);
    expect(oldKey.slice(-4)).toBe(masked.slice(-4));

    await page.getByRole('button', { name: 'Copy Live key' }).click();
    await visible(page.getByText('API key copied to clipboard'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldKey);
    expect(await curlUser(oldKey)).toBe(200);

    // The curl examples use this site's real base URL.
    await page.getByRole('tab', { name: 'Endpoints' }).click();
    await visible(page.getByText(`"${baseUrl()}/api/v1/orders/<order_id>"`, { exact: false }).first());
    // Every GET/POST badge shows its whole word, at 1280 px and on a narrower window (issue 19: cut to one letter).
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await tableLayoutProblems(page)).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Getting Started' }).click();

    // Regenerate: the confirmation warns first; cancelling changes nothing.
    await page.getByRole('button', { name: 'Generate New Key' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('will stop working immediately'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await curlUser(oldKey)).toBe(200);

    await page.getByRole('button', { name: 'Generate New Key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate New Key' }).click();
    await visible(page.getByText('New API key generated successfully'));
    await expect.poll(() => textOf(live)).not.toBe(oldKey);
    const newKey = await textOf(live);
    expect(newKey).toMatch(/^ld_live_[A-Za-z0-9]{40}$/);

    expect(await curlUser(newKey)).toBe(200);
    expect(await curlUser(oldKey)).toBe(401);

    // SPEC §9: the generation message clears after 5 s.
    await expect.poll(() => page.getByText('New API key generated successfully').count(), { timeout: 8_000 }).toBe(0);
  });
});
