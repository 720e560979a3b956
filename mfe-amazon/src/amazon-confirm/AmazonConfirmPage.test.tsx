// @vitest-environment happy-dom

import { bulkOrderFixture, bulkRow, RUNNING_BULK } from '@labeldesk/contracts/bulk-fixtures';
import { BrowserRouter } from '@labeldesk/router';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import AmazonConfirmPage from './AmazonConfirmPage';

const NO_AMAZON_ORDERS =
  "This bulk order doesn't have any Amazon order IDs associated with it. Please select a different bulk order.";

function serve(detail: typeof RUNNING_BULK) {
  return stubApi({
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
