// @vitest-environment happy-dom

import { type Order, type OrderAttempt, VOID_MESSAGES } from '@labeldesk/contracts';
import { orderFixture } from '@labeldesk/contracts/order-fixtures';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { OrderDetailsModal } from './OrderDetailsModal';

const order = (over: Partial<Order> = {}): Order => orderFixture({ createdAt: '2026-11-28T12:00:00.000Z', ...over });

const tracking = {
  orderId: 'ord_1',
  deliveryStatus: 'pending',
  events: [],
  lastChecked: null,
  trackingNumber: '1Z999',
  carrier: 'UPS',
  estimatedDelivery: null,
};

function serve(listed: Order, attempts: OrderAttempt[] | { status: number }) {
  return stubApi({
    'GET /api/orders/ord_1': Array.isArray(attempts)
      ? { json: { order: { ...listed, attempts } } }
      : { status: attempts.status, json: { error: { code: 'internal', message: 'Boom', details: [] } } },
    'GET /api/tracking/ord_1': { json: tracking },
  });
}

describe('Order Details: the provider that bought the label and every attempt', () => {
  it('a failed-over order says "Bought via API 2", names the chosen API, and lists both attempts in order', async () => {
    const failedOver = order({ boughtVia: { apiId: 'api_2', apiName: 'API 2' } });
    serve(failedOver, [
      {
        apiId: 'api_1',
        apiName: 'API 1',
        outcome: 'failed_over',
        error: 'connection refused',
        at: '2026-11-28T12:00:01.000Z',
      },
      { apiId: 'api_2', apiName: 'API 2', outcome: 'bought', error: null, at: '2026-11-28T12:00:02.000Z' },
    ]);
    renderWithUi(<OrderDetailsModal order={failedOver} onClose={() => {}} />);
    const via = await screen.findByTestId('admin-order-details-bought-via');
    expect(via.textContent).toContain('Bought via API 2');
    expect(via.textContent).toContain('Failed over from API 1');

    const rows = await screen.findAllByTestId('admin-order-attempt');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['API 1', 'API 2']);
    expect(rows[0]?.textContent).toContain('Failed over');
    expect(rows[0]?.textContent).toContain('connection refused');
    expect(rows[1]?.textContent).toContain('Bought');
    expect(rows[1]?.textContent).toContain('—');
  });

  it('an order bought on the chosen API says so without a failover line', async () => {
    const direct = order();
    serve(direct, [{ apiId: 'api_1', apiName: 'API 1', outcome: 'bought', error: null, at: '2026-11-28T12:00:02Z' }]);
    renderWithUi(<OrderDetailsModal order={direct} onClose={() => {}} />);
    const via = await screen.findByTestId('admin-order-details-bought-via');
    expect(via.textContent).toContain('Bought via API 1');
    expect(via.textContent).not.toContain('Failed over');
    expect(await screen.findAllByTestId('admin-order-attempt')).toHaveLength(1);
  });

  it('an order with no label yet says so; a skipped API shows why', async () => {
    const waiting = order({ status: 'pending_reconciliation', boughtVia: null, hasLabel: false });
    serve(waiting, [
      { apiId: 'api_1', apiName: 'API 1', outcome: 'skipped', error: 'breaker open', at: '2026-11-28T12:00:01Z' },
      { apiId: 'api_2', apiName: 'API 2', outcome: 'unknown', error: 'timed out', at: '2026-11-28T12:00:02Z' },
    ]);
    renderWithUi(<OrderDetailsModal order={waiting} onClose={() => {}} />);
    expect((await screen.findByTestId('admin-order-details-bought-via')).textContent).toContain('No label bought yet');
    const rows = await screen.findAllByTestId('admin-order-attempt');
    expect(rows[0]?.textContent).toContain('Skipped (breaker open)');
    expect(rows[1]?.textContent).toContain('Unknown outcome');
  });

  it('attempts that cannot be loaded say so; the rest of the order still shows', async () => {
    const direct = order();
    serve(direct, { status: 500 });
    renderWithUi(<OrderDetailsModal order={direct} onClose={() => {}} />);
    expect((await screen.findByTestId('admin-order-attempts-error')).textContent).toContain(
      'Unable to load purchase attempts',
    );
    expect(screen.getByTestId('admin-order-details-bought-via').textContent).toContain('Bought via API 1');
  });
});

describe('Order Details: the admin voids a label for its customer', () => {
  const customer = {
    _id: 'usr_ann',
    name: 'Ann Archer',
    email: 'ann@example.com',
    createdAt: '2026-01-01T00:00:00Z',
    isAdmin: false,
  };

  it("behind the confirm, voids it and shows the customer's balance after the refund", async () => {
    const fresh = order({ createdAt: new Date(Date.now() - 3600_000).toISOString(), userDetails: customer });
    const api = stubApi({
      'GET /api/orders/ord_1': { json: { order: { ...fresh, attempts: [] } } },
      'GET /api/tracking/ord_1': { json: tracking },
      'POST /api/orders/ord_1/void': {
        json: {
          order: { ...fresh, voidStatus: 'refunded', deliveryStatus: 'cancelled', hasLabel: false },
          message: VOID_MESSAGES.refunded,
          refunded: 11.4,
          newBalance: 20,
        },
      },
    });
    const user = setupUser();
    renderWithUi(<OrderDetailsModal order={fresh} onClose={() => {}} />);
    await user.click(await screen.findByTestId('admin-void-label-button'));
    expect((await screen.findByTestId('admin-void-label-confirm-text')).textContent).toContain(
      'The refund goes to Ann Archer.',
    );
    await user.click(screen.getByTestId('admin-void-label-confirm'));
    const result = await screen.findByTestId('admin-void-label-result');
    expect(result.textContent).toContain("Ann Archer's balance: $20.00");
    expect(screen.getByTestId('admin-void-status').textContent).toBe(VOID_MESSAGES.voidedBadge);
    expect(screen.queryByTestId('admin-void-label-button')).toBeNull();
    expect(
      apiCalls(api)
        .filter((c) => c.method === 'POST')
        .map((c) => c.path),
    ).toEqual(['/api/orders/ord_1/void']);
  });

  it('is not offered for a parcel on its way or a voided label', async () => {
    for (const cannot of [
      order({ deliveryStatus: 'in_transit', userDetails: customer }),
      order({ voidStatus: 'refunded', deliveryStatus: 'cancelled', userDetails: customer }),
    ]) {
      serve(cannot, []);
      const view = renderWithUi(<OrderDetailsModal order={cannot} onClose={() => {}} />);
      await screen.findByTestId('admin-order-details-id');
      expect(screen.queryByTestId('admin-void-label-button')).toBeNull();
      view.unmount();
    }
  });
});
