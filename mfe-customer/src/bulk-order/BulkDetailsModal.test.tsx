// @vitest-environment happy-dom

import {
  bulkOrderFixture as bulkOrder,
  CANCELLED_MESSAGE,
  RETRY_REASON,
  RUNNING_BULK as RUNNING,
  bulkRow as row,
  STOPPED_BULK as STOPPED,
} from '@labeldesk/contracts/bulk-fixtures';
import {
  apiCalls,
  clickedLinks,
  renderWithUi,
  screen,
  setupUser,
  stubApi,
  waitFor,
  within,
} from '@labeldesk/ui/testing';
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

describe('Bulk Order Details: the combined labels in each format its services print (issue 24)', () => {
  const done = () =>
    bulkOrder({
      status: 'completed',
      processingStatus: { ...bulkOrder().processingStatus, isProcessing: false, labelsRemaining: 0, labelsWaiting: 0 },
    });
  const link = {
    url: '/api/labels/bulk/blk_1?exp=9&sig=s',
    downloadUrl: '/api/labels/bulk/blk_1?download=1&exp=9&sig=s',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('starts at the customer’s default format when offered and downloads the one chosen', async () => {
    const api = stubApi({
      'GET /api/orders/bulk/blk_1': {
        json: {
          bulkOrder: done(),
          orders: [row(0, 'bought')],
          failedOrders: [],
          labelFormats: ['pdf', 'zpl', 'letter-2up'],
        },
      },
      'GET /api/label-settings': { json: { labelFormat: 'zpl', zplDpi: 203 } },
      'POST /api/labels/bulk/blk_1/link': { json: link },
    });
    const links = clickedLinks();
    try {
      const user = setupUser();
      renderWithUi(<BulkDetailsModal bulk={done()} onClose={() => {}} />);
      const choice = await screen.findByTestId('bulk-details-label-format');
      expect(
        within(choice)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['pdf', 'zpl', 'letter-2up']);
      await waitFor(() => expect(within(choice).getByRole('radio', { name: 'ZPL' })).toHaveProperty('checked', true));
      await user.click(screen.getByTestId('bulk-details-download-labels'));
      await waitFor(() => expect(links.hrefs).toHaveLength(1));
      expect(links.hrefs[0]).toMatch(/\/api\/labels\/bulk\/blk_1\?download=1&exp=9&sig=s&format=zpl$/);

      await user.click(within(choice).getByText('Letter, 2 per page'));
      await user.click(screen.getByTestId('bulk-details-download-labels'));
      await waitFor(() => expect(links.hrefs).toHaveLength(2));
      expect(links.hrefs[1]).toMatch(/&format=letter-2up$/);
      expect(
        apiCalls(api)
          .filter((c) => c.method === 'POST')
          .map((c) => c.path),
      ).toEqual(['/api/labels/bulk/blk_1/link', '/api/labels/bulk/blk_1/link']);
    } finally {
      links.restore();
    }
  });

  it('offers no ZPL when a label’s service cannot print it, and the PDF when ZPL is the default', async () => {
    stubApi({
      'GET /api/orders/bulk/blk_1': {
        json: { bulkOrder: done(), orders: [row(0, 'bought')], failedOrders: [], labelFormats: ['pdf', 'letter-2up'] },
      },
      'GET /api/label-settings': { json: { labelFormat: 'zpl', zplDpi: 203 } },
      'POST /api/labels/bulk/blk_1/link': { json: link },
    });
    const links = clickedLinks();
    try {
      const user = setupUser();
      renderWithUi(<BulkDetailsModal bulk={done()} onClose={() => {}} />);
      const choice = await screen.findByTestId('bulk-details-label-format');
      expect(
        within(choice)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['pdf', 'letter-2up']);
      expect(within(choice).getByRole('radio', { name: 'PDF (4x6)' })).toHaveProperty('checked', true);
      await user.click(screen.getByTestId('bulk-details-download-labels'));
      await waitFor(() => expect(links.hrefs).toHaveLength(1));
      expect(links.hrefs[0]).toMatch(/&format=pdf$/);
    } finally {
      links.restore();
    }
  });
});
