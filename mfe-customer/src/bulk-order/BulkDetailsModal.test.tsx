// @vitest-environment happy-dom

import {
  bulkOrderFixture as bulkOrder,
  CANCELLED_MESSAGE,
  RETRY_REASON,
  RUNNING_BULK as RUNNING,
  bulkRow as row,
  STOPPED_BULK as STOPPED,
} from '@labeldesk/contracts/bulk-fixtures';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { BulkDetailsModal } from './BulkDetailsModal';

const states = () => screen.getAllByTestId('bulk-details-order-state').map((s) => s.getAttribute('data-row-state'));

describe('Bulk Order Details: rows that cannot finish (issue 19)', () => {
  it('shows each row state, says rows wait on the provider, cancels after confirming and shows the final status', async () => {
    let cancelled = false;
    const api = stubApi({
      'GET /api/orders/bulk/blk_1': () => ({ json: cancelled ? STOPPED : RUNNING }),
      'POST /api/orders/bulk/blk_1/cancel': () => {
        cancelled = true;
        return { json: { ...STOPPED, cancelledRows: 2, cancelledAmount: 22.8, message: CANCELLED_MESSAGE } };
      },
    });
    const user = setupUser();
    renderWithUi(<BulkDetailsModal bulk={bulkOrder()} onClose={() => {}} />);

    await waitFor(() => expect(states()).toEqual(['bought', 'retrying', 'queued']));
    const retrying = screen.getAllByTestId('bulk-details-order-state')[1] as HTMLElement;
    expect(within(retrying).getByText(RETRY_REASON)).toBeTruthy();
    expect(within(retrying).getByText(/^Next attempt /)).toBeTruthy();
    expect(screen.getByTestId('bulk-details-waiting').textContent).toMatch(
      /^1 label is waiting on the shipping provider; next attempt .+\. You can cancel/,
    );

    // Nothing is cancelled until the customer confirms; Keep Buying leaves everything as it was.
    await user.click(screen.getByTestId('bulk-details-cancel'));
    expect((await screen.findByTestId('bulk-details-cancel-confirm')).textContent).toContain(
      'The 2 labels not bought yet will not be bought',
    );
    await user.click(screen.getByRole('button', { name: 'Keep Buying' }));
    expect(apiCalls(api).filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByTestId('bulk-details-cancel'));
    await user.click(await screen.findByTestId('bulk-details-cancel-yes'));
    expect((await screen.findByTestId('bulk-details-cancelled')).textContent).toBe(CANCELLED_MESSAGE);
    expect(
      apiCalls(api)
        .filter((c) => c.method === 'POST')
        .map((c) => c.path),
    ).toEqual(['/api/orders/bulk/blk_1/cancel']);
    // The details read again: the final status, the refunded rows, no Cancel and no waiting notice any more.
    await waitFor(() => expect(screen.getByTestId('bulk-details-status').textContent).toBe('Partial'));
    expect(states()).toEqual(['bought', 'failed', 'failed']);
    expect(screen.getByTestId('bulk-details-total').textContent).toContain('$22.80 refunded');
    expect(screen.getByTestId('bulk-details-stopped').textContent).toMatch(/^Cancelled .+: the labels not bought/);
    expect(screen.queryByTestId('bulk-details-cancel')).toBeNull();
    expect(screen.queryByTestId('bulk-details-waiting')).toBeNull();
  });

  it('a refused cancel keeps the confirmation open with the server message, and nothing changes', async () => {
    stubApi({
      'GET /api/orders/bulk/blk_1': { json: RUNNING },
      'POST /api/orders/bulk/blk_1/cancel': {
        status: 404,
        json: { error: { code: 'not_found', message: 'Bulk order not found', details: [] } },
      },
    });
    const user = setupUser();
    renderWithUi(<BulkDetailsModal bulk={bulkOrder()} onClose={() => {}} />);
    await user.click(await screen.findByTestId('bulk-details-cancel'));
    await user.click(await screen.findByTestId('bulk-details-cancel-yes'));
    expect((await screen.findByTestId('bulk-details-cancel-error')).textContent).toBe('Bulk order not found');
    expect(screen.getByTestId('bulk-details-status').textContent).toBe('Processing');
  });

  it('a bulk order with every row bought offers no Cancel and no waiting notice', async () => {
    const done = bulkOrder({
      status: 'completed',
      processingStatus: { ...bulkOrder().processingStatus, isProcessing: false, labelsRemaining: 0, labelsWaiting: 0 },
    });
    stubApi({
      'GET /api/orders/bulk/blk_1': { json: { bulkOrder: done, orders: [row(0, 'bought')], failedOrders: [] } },
    });
    renderWithUi(<BulkDetailsModal bulk={done} onClose={() => {}} />);
    await waitFor(() => expect(states()).toEqual(['bought']));
    expect(screen.queryByTestId('bulk-details-cancel')).toBeNull();
    expect(screen.queryByTestId('bulk-details-waiting')).toBeNull();
  });
});
