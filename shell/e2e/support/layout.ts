import type { Locator } from 'playwright-core';

/**
 * The pieces of text inside the element that the browser broke over more than one line (each text node is one piece;
 * a <wbr> or element boundary separates pieces). Empty when every word stays whole.
 */
export function textBrokenOverLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!text.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(text);
    }
    return broken;
  });
}

/** Whether the text shown in an input or a select fits its box (nothing cut off at the end). */
export function inputShowsWholeValue(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const input = el as HTMLInputElement;
    return input.scrollWidth <= input.clientWidth;
  });
}

/** The distinct vertical positions of the matched elements (1 when they sit side by side on one row). */
export async function rowsOccupied(locator: Locator): Promise<number> {
  const boxes = await locator.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  return new Set(boxes).size;
}
