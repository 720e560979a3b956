// @vitest-environment happy-dom

import { AMAZON_CONFIRM_MESSAGES } from '@labeldesk/contracts';
import { bulkOrderFixture, bulkRow, RUNNING_BULK } from '@labeldesk/contracts/bulk-fixtures';
import { BrowserRouter } from '@labeldesk/router';
import {
  apiCalls,
  fill,
  fireEvent,
  renderWithUi,
  screen,
  setupUser,
  stubApi,
  waitFor,
  within,
} from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import AmazonConfirmPage from './AmazonConfirmPage';

const NO_AMAZON_ORDERS =
  "This bulk order doesn't have any Amazon order IDs associated with it. Please select a different bulk order.";

function serve(detail: typeof RUNNING_BULK, confirm?: { status: number; json: unknown }) {
  return stubApi({
    'POST /api/amazon/confirm-orders': () =>
      confirm ?? {
        json: { confirmedCount: 1, message: 'Confirmed', refusedCount: 0, alreadyConfirmedCount: 0, results: [] },
      },
    'GET /app-config.json': { json: {} },
    'GET /api/orders/bulk/history': {
      json: {
        page: 1,
        limit: 50,
        totalPages: 1,
        bulkOrders: [bulkOrderFixture({ status: 'completed' })],
        totalBulkOrders: 1,
      },
    },
    'GET /api/orders/bulk/blk_1': { json: detail },
    'GET /api/amazon/confirmations/blk_1': { json: { confirmations: [] } },
    'GET /api/amazon/saved-credentials': {
      json: {
        credentials: { cookies: null, csrfToken: null },
        savedAt: null,
        hasCookies: false,
        hasCsrfToken: false,
        cookiesSavedAt: null,
        csrfTokenSavedAt: null,
      },
    },
  });
}

const page = () =>
  renderWithUi(
    <BrowserRouter>
      <AmazonConfirmPage />
    </BrowserRouter>,
  );

describe('Amazon Order Confirmation: choosing a bulk order', () => {
  it('warns at once, before Confirm, when the chosen bulk order has no Amazon order ids, and keeps Confirm disabled', async () => {
    const api = serve(RUNNING_BULK);
    const user = setupUser();
    page();
    const row = await screen.findByTestId('amazon-bulk-row', {}, { timeout: 5_000 });
    await user.click(within(row).getByTestId('amazon-bulk-select'));
    expect((await screen.findByTestId('amazon-no-amazon-orders')).textContent).toBe(NO_AMAZON_ORDERS);
    expect((screen.getByTestId('amazon-confirm-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(apiCalls(api).filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says nothing of the kind for a bulk order of Amazon orders', async () => {
    serve({ ...RUNNING_BULK, orders: [bulkRow(0, 'bought', { amazonOrderId: '113-1', sku: 'MUG-1' })] });
    const user = setupUser();
    page();
    const row = await screen.findByTestId('amazon-bulk-row', {}, { timeout: 5_000 });
    await user.click(within(row).getByTestId('amazon-bulk-select'));
    await waitFor(() => expect(screen.getAllByTestId('amazon-order-row')).toHaveLength(1));
    expect(screen.queryByTestId('amazon-no-amazon-orders')).toBeNull();
  });
});

const AMAZON_BULK = { ...RUNNING_BULK, orders: [bulkRow(0, 'bought', { amazonOrderId: '113-1', sku: 'MUG-1' })] };
const posts = (api: ReturnType<typeof stubApi>) => apiCalls(api).filter((c) => c.method === 'POST');

/** Chooses the bulk order, drops a cookies file and types the token. */
async function fillCredentials(csrfToken: string) {
  const user = setupUser();
  page();
  const row = await screen.findByTestId('amazon-bulk-row', {}, { timeout: 5_000 });
  await user.click(within(row).getByTestId('amazon-bulk-select'));
  await waitFor(() => expect(screen.getAllByTestId('amazon-order-row')).toHaveLength(1));
  const cookies = new File([JSON.stringify([{ name: 'session-id', value: '123' }])], 'cookies.json', {
    type: 'application/json',
  });
  fireEvent.change(screen.getByTestId('amazon-cookies-file'), { target: { files: [cookies] } });
  await screen.findByText(/cookies\.json/);
  fill(screen.getByTestId('amazon-csrf-input'), csrfToken);
  return user;
}

describe('Amazon Order Confirmation: the credentials form', () => {
  it("refuses a malformed CSRF token with the contract's text on the field, sending nothing", async () => {
    const api = serve(AMAZON_BULK);
    const user = await fillCredentials('not a token');
    await user.click(screen.getByTestId('amazon-confirm-submit'));
    expect((await screen.findByTestId('amazon-confirm-error')).textContent).toBe(AMAZON_CONFIRM_MESSAGES.csrfInvalid);
    expect(screen.getByTestId('amazon-csrf-input').getAttribute('aria-invalid')).toBe('true');
    expect(posts(api)).toEqual([]);
  });

  it("puts the server's refusal of the token on the token field", async () => {
    const message = 'Amazon refused the CSRF token';
    serve(AMAZON_BULK, {
      status: 400,
      json: { error: { code: 'invalid_input', message, details: [{ path: 'csrfToken', message }] } },
    });
    const user = await fillCredentials('tok-12345');
    await user.click(screen.getByTestId('amazon-confirm-submit'));
    expect((await screen.findByTestId('amazon-confirm-error')).textContent).toBe(message);
    expect(screen.getByTestId('amazon-csrf-input').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the cookies as a header with the trimmed token and the save choice, and says how many were confirmed', async () => {
    const api = serve(AMAZON_BULK);
    const user = await fillCredentials('  tok-12345 ');
    await user.click(screen.getByLabelText('Save CSRF token for next time'));
    await user.click(screen.getByTestId('amazon-confirm-submit'));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]?.body).toEqual({
      bulkOrderId: 'blk_1',
      cookies: 'session-id=123',
      csrfToken: 'tok-12345',
      saveCookies: false,
      saveCsrfToken: true,
    });
    expect((await screen.findByTestId('amazon-confirm-success')).textContent).toBe(AMAZON_CONFIRM_MESSAGES.success(1));
  });
});
