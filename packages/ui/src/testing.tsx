/**
 * Component tests (vitest in the unit project with happy-dom): render a screen inside the kit's providers and a fresh
 * QueryClient; testing-setup.ts cleans up after each test. Not part of the kit's index: only `*.test.tsx` files import it.
 *
 * Usage (first line of the test file: `// @vitest-environment happy-dom`):
 *   import { renderWithUi, screen, setupUser } from '@labeldesk/ui/testing';
 *   const user = setupUser();
 *   renderWithUi(<AddressFormModal opened address={null} onClose={() => {}} onSaved={() => {}} />);
 *   await user.click(screen.getByRole('button', { name: 'Save Address' }));
 *   expect(await screen.findByText('City is required')).toBeTruthy();
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, type RenderResult, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type Mock, vi } from 'vitest';
import { theme } from './theme';

export { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

// happy-dom has no FontFaceSet, and Mantine's autosize Textarea listens on `document.fonts`: give it an inert one.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' }),
  });
}

/** One call the screen made: method, path with query, and the JSON body it sent. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
/** What a stubbed route answers: a status (200 unless said) and a JSON body. */
export type ApiAnswer = { status?: number; json: unknown };
export type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

/**
 * Stands in for the server: `fetch` answers from `routes`, keyed 'METHOD /path' (the path without its query), and
 * anything else with 404 and the API's error body. Returns the mock; `apiCalls(mock)` lists what the screen sent.
 */
export function stubApi(routes: Record<string, ApiRoute>): Mock<typeof fetch> {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const route = routes[`${method} ${url.pathname}`];
    const answer: ApiAnswer = route
      ? typeof route === 'function'
        ? await route(call)
        : route
      : { status: 404, json: { error: { code: 'not_found', message: 'Not found', details: [] } } };
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls a stubbed API received, in order. */
export function apiCalls(mock: Mock<typeof fetch>): ApiCall[] {
  return mock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
  });
}

/** A user who types and clicks with no pause between keys (user-event's default waits a timer tick per key). */
export function setupUser() {
  return userEvent.setup({ delay: null });
}

/**
 * Puts `text` in a text field as one change (what a paste does): typing key by key re-renders a controlled form once
 * per key, seconds per field on a loaded machine; use `setupUser().type` where the keys themselves matter.
 */
export function fill(field: HTMLElement, text: string): void {
  fireEvent.change(field, { target: { value: text } });
}

/**
 * Records the links the screen clicks to save a file (a download clicks a hidden `<a>`) instead of following them;
 * `restore()` puts the real click back.
 */
export function clickedLinks(): { hrefs: string[]; restore: () => void } {
  const hrefs: string[] = [];
  const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.href);
  });
  return { hrefs, restore: () => spy.mockRestore() };
}

/** A QueryClient for one test: nothing cached from another test, no retries (a failure shows at once). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
}

/** Renders inside MantineProvider (the app's theme), the kit's ModalsProvider (confirms) and a QueryClientProvider. */
export function renderWithUi(ui: ReactElement, client: QueryClient = testQueryClient()): RenderResult {
  return render(
    <MantineProvider theme={theme}>
      <ModalsProvider>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}
