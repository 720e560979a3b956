import type { Locator, Page } from 'playwright-core';

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

/** Something on a list screen that does not fit at the current viewport. */
export interface LayoutProblem {
  what: string;
  detail: string;
}

/**
 * Every table on the page, measured as a user at this viewport sees it: a table wider than its box (the box scrolls
 * sideways, so the last columns are out of view), a row's button, link or badge outside the visible part of its box,
 * or a label cut short inside its own box (an ellipsis: "CO…", "Adjust ba…"); and the page itself scrolling sideways.
 * Empty when everything fits.
 */
export function tableLayoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { what: string; detail: string }[] = [];
    // No named helpers in here: this body runs in the page as it is written (no bundler helpers around it).
    const clipping = ['auto', 'scroll', 'hidden', 'clip'];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push({ what: 'page', detail: `scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px` });
    }
    for (const table of Array.from(document.querySelectorAll('table'))) {
      if (table.getClientRects().length === 0) continue; // not rendered (a hidden tab)
      const label = table.getAttribute('data-testid') ?? table.querySelector('th')?.textContent ?? 'table';
      // The nearest ancestor that clips what overflows it: the table's visible box.
      let box: Element | null = table.parentElement;
      while (box && box !== document.body && !clipping.includes(getComputedStyle(box).overflowX)) {
        box = box.parentElement;
      }
      const boxEl = box && box !== document.body ? box : root;
      if (boxEl.scrollWidth > boxEl.clientWidth + 1) {
        problems.push({
          what: `table ${label}`,
          detail: `${boxEl.scrollWidth} px wide in a ${boxEl.clientWidth} px box`,
        });
      }
      const visibleBox = boxEl.getBoundingClientRect();
      const right = Math.min(visibleBox.right, root.clientWidth);
      const left = Math.max(visibleBox.left, 0);
      const controls = table.querySelectorAll(
        'tbody button, tbody a, tbody [role="button"], tbody .mantine-Badge-root, tbody [data-badge]',
      );
      for (const control of Array.from(controls)) {
        const rect = control.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        const what = `${label}: ${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 60)}`;
        if (rect.left < left - 1 || rect.right > right + 1) {
          problems.push({
            what,
            detail: `at ${Math.round(rect.left)}–${Math.round(rect.right)} px, visible box ${Math.round(left)}–${Math.round(right)} px`,
          });
          continue;
        }
        for (const part of [control, ...Array.from(control.querySelectorAll('*'))]) {
          const cut = part.scrollWidth > part.clientWidth + 1 && part.clientWidth > 0;
          if (cut && clipping.includes(getComputedStyle(part).overflowX)) {
            problems.push({
              what,
              detail: `label cut: ${part.scrollWidth} px of text in ${part.clientWidth} px`,
            });
            break;
          }
        }
      }
    }
    return problems;
  });
}
