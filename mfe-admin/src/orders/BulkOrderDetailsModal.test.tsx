// @vitest-environment happy-dom

import { bulkOrderFixture, CANCELLED_MESSAGE, RUNNING_BULK, STOPPED_BULK } from '@labeldesk/contracts/bulk-fixtures';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { BulkOrderDetailsModal } from './BulkOrderDetailsModal';

const states = () =>
  screen.getAllByTestId('admin-bulk-details-order-state').map((s) => s.getAttribute('data-row-state'));

describe('admin Bulk Order Details: rows that cannot finish (issue 19)', () => {
  it("shows each row's state and the waiting notice, cancels any customer's open rows after confirming", async () => {
    let cancelled = false;
    const stoppedByAdmin = { ...STOPPED_BULK, bulkOrder: { ...STOPPED_BULK.bulkOrder, stopReason: 'admin' as const } };
    const api = stubApi({
      'GET /api/admin/bulk-orders/blk_1': () => ({ json: cancelled ? stoppedByAdmin : RUNNING_BULK }),
      'POST /api/orders/bulk/blk_1/cancel': () => {
        cancelled = true;
        return { json: { ...stoppedByAdmin, cancelledRows: 2, cancelledAmount: 22.8, message: CANCELLED_MESSAGE } };
      },
    });
    const user = setupUser();
    renderWithUi(<BulkOrderDetailsModal bulk={bulkOrderFixture()} onClose={() => {}} />);
    await waitFor(() => expect(states()).toEqual(['bought', 'retrying', 'queued']));
    expect(screen.getByTestId('admin-bulk-details-waiting').textContent).toMatch(
      /^1 label is waiting on the shipping provider; next attempt /,
    );
    await user.click(screen.getByTestId('admin-bulk-details-cancel'));
    await user.click(await screen.findByTestId('admin-bulk-details-cancel-yes'));
    expect((await screen.findByTestId('admin-bulk-details-cancelled')).textContent).toBe(CANCELLED_MESSAGE);
    expect(apiCalls(api).filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('admin-bulk-details-status').textContent).toBe('Partial'));
    expect(states()).toEqual(['bought', 'failed', 'failed']);
    expect(screen.getByTestId('admin-bulk-details-stopped').textContent).toMatch(/^Cancelled by an administrator /);
    expect(screen.queryByTestId('admin-bulk-details-cancel')).toBeNull();
  });
});
