import type { BrowserContext, Page } from 'playwright-core';

export interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every Content-Security-Policy violation of a page, or of every page of a context (a link may open a new
 * tab): the `securitypolicyviolation` events, collected by a script the browser runs before the page's own (outside the
 * page's CSP), and the console's "Refused to ..." lines. `violations()` reads the watched page's events;
 * `violations(other)` those of another page of the watched context.
 */
export async function watchCsp(target: Page | BrowserContext) {
  const refused: string[] = [];
  target.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await target.addInitScript(() => {
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
  const watched = 'goto' in target ? target : undefined;
  return {
    refused,
    violations: (page: Page | undefined = watched): Promise<Violation[]> => {
      if (!page) throw new Error('violations(page): name the page of the watched context');
      return page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
    },
  };
}
