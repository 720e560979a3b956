// @vitest-environment happy-dom

import type { BulkOrder } from '@labeldesk/contracts';
import { RUNNING_BULK } from '@labeldesk/contracts/bulk-fixtures';
import { BrowserRouter } from '@labeldesk/router';
import { renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BulkDetailsModal } from './BulkDetailsModal';
import { useLinkedBulkOrder } from './use-linked-bulk-order';

/** The bulk order page's wiring of the link: the details of the linked bulk order, or of one opened from the list. */
function Harness() {
  const [viewing, setViewing] = useState<BulkOrder | null>(null);
  const linked = useLinkedBulkOrder();
  return (
    <>
      {linked.failed ? <p data-testid="linked-failed">failed</p> : null}
      <button type="button" onClick={() => setViewing(RUNNING_BULK.bulkOrder)}>
        open
      </button>
      <BulkDetailsModal
        bulk={viewing ?? linked.bulk}
        onClose={() => {
          setViewing(null);
          linked.close();
        }}
      />
    </>
  );
}

const page = () =>
  renderWithUi(
    <BrowserRouter>
      <Harness />
    </BrowserRouter>,
  );

describe('the bulk order page opened from a link (/bulk-order?bulkOrder=<id>, the "bulk order finished" mail)', () => {
  it('opens that bulk order’s details; closing them drops the link, so they do not open again', async () => {
    const id = RUNNING_BULK.bulkOrder._id;
    window.history.pushState({}, '', `/bulk-order?bulkOrder=${id}&tab=x`);
    stubApi({ [`GET /api/orders/bulk/${id}`]: { json: RUNNING_BULK } });
    const user = setupUser();
    page();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Bulk Order Details' })).toBeTruthy(), {
      timeout: 5_000,
    });
    await user.click(screen.getByRole('button', { name: 'Close bulk order details' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Order Details' })).toBeNull());
    expect(window.location.search).toBe('?tab=x');
  });

  it('says so when the linked bulk order cannot be loaded, and opens nothing', async () => {
    window.history.pushState({}, '', '/bulk-order?bulkOrder=blk_someone_elses');
    stubApi({});
    page();
    expect(await screen.findByTestId('linked-failed', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Bulk Order Details' })).toBeNull();
  });
});
