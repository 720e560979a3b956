import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core (Deque's accessibility engine) run inside the page under test with the WCAG 2.0/2.1 A and AA rules. The
 * engine is evaluated over the DevTools protocol rather than added as a <script>, so the app's Content-Security-Policy
 * (which allows only its own scripts) stays as it is in production.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: string;
  /** CSS selectors of the failing nodes, with axe's one-line reason for the first ones. */
  nodes: string[];
}

interface AxeResult {
  violations: Array<{
    id: string;
    impact: string | null;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
}

/** Waits until the screen has settled: no request in flight for a moment and no loader on screen. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('.mantine-Loader-root, .mantine-LoadingOverlay-root')).some(
        (el) => (el as HTMLElement).offsetParent !== null,
      ),
    undefined,
    { timeout: 15_000 },
  );
  // Mantine's modal and overlay transitions (200 ms) end before the colours are measured.
  await page.waitForTimeout(300);
}

/**
 * The serious and critical WCAG 2.1 AA violations of what the page shows now (`within` narrows it, e.g. to an open
 * modal), one entry per rule with the failing nodes, so a failure names what to fix.
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(
    ([context, tags]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
        context ?? document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    [within ?? null, WCAG_21_AA] as const,
  )) as AxeResult;
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // A11Y_DUMP=<file> appends every finding, all nodes included, one JSON line a check (for counting them).
  if (process.env.A11Y_DUMP) {
    appendFileSync(process.env.A11Y_DUMP, `${JSON.stringify({ url: page.url(), within, violations: serious })}\n`);
  }
  return serious.map((v) => ({
    rule: v.id,
    impact: v.impact ?? '',
    nodes: v.nodes.map((n, i) => {
      const target = n.target.map(String).join(' ');
      return i < 3 && n.failureSummary ? `${target} — ${n.failureSummary.replace(/\s+/g, ' ').trim()}` : target;
    }),
  }));
}
