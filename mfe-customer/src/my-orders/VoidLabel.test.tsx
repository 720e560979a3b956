// @vitest-environment happy-dom
import { type Order, VOID_MESSAGES } from '@labeldesk/contracts';
import { orderFixture } from '@labeldesk/contracts/order-fixtures';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { OrderDetailsModal } from './OrderDetailsModal';

/** An order bought an hour ago (well inside the void window). */
const order = (overrides: Partial<Order> = {}): Order =>
  orderFixture({ createdAt: new Date(Date.now() - 3600_000).toISOString(), trackingNumber: '1ZVOID', ...overrides });

const tracking = {
  orderId: 'ord_1',
  deliveryStatus: 'pending',
  events: [],
  lastChecked: null,
  trackingNumber: '1ZVOID',
};

describe('Order Details: Void label', () => {
  it('asks first; confirmed, it voids once with an Idempotency-Key and shows the refund and the balance', async () => {
    let current = order();
    const api = stubApi({
      'GET /api/orders/ord_1': () => ({ json: { order: current } }),
      'GET /api/tracking/ord_1': { json: { ...tracking, carrier: 'UPS', estimatedDelivery: null } },
      'POST /api/orders/ord_1/void': () => {
        current = order({ voidStatus: 'refunded', deliveryStatus: 'cancelled', hasLabel: false });
        return { json: { order: current, message: VOID_MESSAGES.refunded, refunded: 11.4, newBalance: 61.4 } };
      },
    });
    const user = setupUser();
    renderWithUi(<OrderDetailsModal orderId="ord_1" onClose={() => {}} />);

    await user.click(await screen.findByTestId('void-label-button'));
    expect((await screen.findByTestId('void-label-confirm-text')).textContent).toContain('$11.40 is refunded');
    await user.click(screen.getByTestId('void-label-cancel'));
    await waitFor(() => expect(screen.queryByTestId('void-label-confirm-text')).toBeNull());
    expect(apiCalls(api).filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByTestId('void-label-button'));
    await user.click(await screen.findByTestId('void-label-confirm'));
    const result = await screen.findByTestId('void-label-result');
    expect(result.textContent).toContain(VOID_MESSAGES.refunded);
    expect(result.textContent).toContain('Your balance: $61.40');
    const posts = api.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The order refetched: voided, no second void offered, the label no longer printable.
    expect((await screen.findByTestId('void-status')).textContent).toBe(VOID_MESSAGES.voidedBadge);
    expect(screen.queryByTestId('void-label-button')).toBeNull();
    await waitFor(() => expect((screen.getByTestId('label-view') as HTMLButtonElement).disabled).toBe(true));
  });

  it('shows the server refusal (too late) and offers nothing for a label that cannot be voided', async () => {
    stubApi({
      'GET /api/orders/ord_1': { json: { order: order() } },
      'GET /api/tracking/ord_1': { json: { ...tracking, carrier: 'UPS', estimatedDelivery: null } },
      'POST /api/orders/ord_1/void': {
        status: 409,
        json: { error: { code: 'conflict', message: VOID_MESSAGES.scanned, details: [] } },
      },
    });
    const user = setupUser();
    const { unmount } = renderWithUi(<OrderDetailsModal orderId="ord_1" onClose={() => {}} />);
    await user.click(await screen.findByTestId('void-label-button'));
    await user.click(await screen.findByTestId('void-label-confirm'));
    expect((await screen.findByTestId('void-label-error')).textContent).toBe(VOID_MESSAGES.scanned);
    unmount();

    for (const cannot of [
      order({ deliveryStatus: 'in_transit' }),
      order({ voidStatus: 'pending', hasLabel: false }),
      order({ createdAt: new Date(Date.now() - 91 * 86_400_000).toISOString() }),
    ]) {
      stubApi({
        'GET /api/orders/ord_1': { json: { order: cannot } },
        'GET /api/tracking/ord_1': { json: { ...tracking, carrier: 'UPS', estimatedDelivery: null } },
      });
      const view = renderWithUi(<OrderDetailsModal orderId="ord_1" onClose={() => {}} />);
      await screen.findByTestId('order-details-id');
      expect(screen.queryByTestId('void-label-button')).toBeNull();
      view.unmount();
    }
  });
});
