// @vitest-environment happy-dom
import type { Order } from '@labeldesk/contracts';
import { orderFixture, orderParty } from '@labeldesk/contracts/order-fixtures';
import { BrowserRouter } from '@labeldesk/router';
import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import MyOrdersPage from './MyOrdersPage';

const order = (id: string, deliveryStatus: Order['deliveryStatus']): Order =>
  orderFixture({
    _id: id,
    orderId: id,
    trackingNumber: `1Z${id}`,
    deliveryStatus,
    recipient: orderParty(`Recipient ${id}`),
  });

const all = [order('ord_held', 'exception'), order('ord_new', 'pending')];

function serve() {
  return stubApi({
    'GET /api/orders': (call) => {
      const status = new URL(call.path, 'http://localhost').searchParams.get('status');
      const orders = status ? all.filter((o) => o.deliveryStatus === status) : all;
      return { json: { orders, totalOrders: orders.length, page: 1, limit: 10, totalPages: 1 } };
    },
    'GET /api/orders/counts': {
      json: { all: 2, pending: 1, in_transit: 0, delivered: 0, exception: 1, cancelled: 0 },
    },
  });
}

const shownIds = () => screen.queryAllByTestId('order-row').map((r) => r.getAttribute('data-order-id'));

describe('My Orders: the exceptions the dashboard links to', () => {
  it('opened with ?status=exception: the Exceptions tab, its orders only; All goes back to every order', async () => {
    window.history.pushState({}, '', '/my-orders?status=exception');
    const api = serve();
    const user = setupUser();
    renderWithUi(
      <BrowserRouter>
        <MyOrdersPage />
      </BrowserRouter>,
    );
    await waitFor(() => expect(shownIds()).toEqual(['ord_held']));
    expect(apiCalls(api).some((c) => c.path.startsWith('/api/orders?') && c.path.includes('status=exception'))).toBe(
      true,
    );
    expect(screen.getByTestId('orders-tab-exception').getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('orders-tab-exception-count')).textContent).toBe('1');
    // No cancelled order: no Cancelled tab.
    expect(screen.queryByTestId('orders-tab-cancelled')).toBeNull();

    await user.click(screen.getByTestId('orders-tab-all'));
    await waitFor(() => expect(shownIds()).toEqual(['ord_held', 'ord_new']));
    expect(window.location.search).toBe('');
  });

  it('without exceptions or a link to them, the SPEC tabs only', async () => {
    window.history.pushState({}, '', '/my-orders');
    stubApi({
      'GET /api/orders': { json: { orders: [], totalOrders: 0, page: 1, limit: 10, totalPages: 1 } },
      'GET /api/orders/counts': {
        json: { all: 0, pending: 0, in_transit: 0, delivered: 0, exception: 0, cancelled: 0 },
      },
    });
    renderWithUi(
      <BrowserRouter>
        <MyOrdersPage />
      </BrowserRouter>,
    );
    await screen.findByTestId('orders-tab-all-count');
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+$/, ''))).toEqual([
      'All',
      'Pending',
      'In Transit',
      'Delivered',
    ]);
  });
});

describe('My Orders: the reference column', () => {
  it('shows each order reference (blank without one) and sends the search that finds it', async () => {
    window.history.pushState({}, '', '/my-orders');
    const withRef = { ...order('ord_ref', 'pending'), reference: 'PO-1042 shelf B' };
    const api = stubApi({
      'GET /api/orders': (call) => {
        const search = new URL(call.path, 'http://localhost').searchParams.get('search');
        const orders = search ? [withRef] : [withRef, order('ord_plain', 'pending')];
        return { json: { orders, totalOrders: orders.length, page: 1, limit: 10, totalPages: 1 } };
      },
      'GET /api/orders/counts': {
        json: { all: 2, pending: 2, in_transit: 0, delivered: 0, exception: 0, cancelled: 0 },
      },
    });
    renderWithUi(
      <BrowserRouter>
        <MyOrdersPage />
      </BrowserRouter>,
    );
    await waitFor(() => expect(shownIds()).toEqual(['ord_ref', 'ord_plain']));
    expect(screen.getByRole('columnheader', { name: 'Reference' })).toBeTruthy();
    expect(screen.getAllByTestId('order-reference').map((c) => c.textContent)).toEqual(['PO-1042 shelf B', '']);

    // Pasted as one change, as fill() does (typed key by key it re-renders the table once per key).
    fill(screen.getByPlaceholderText('Search by order ID, tracking #, recipient, destination or reference'), 'PO-1042');
    // Sent once the search has rested for the list's debounce (300 ms).
    await waitFor(() => expect(shownIds()).toEqual(['ord_ref']), { timeout: 5_000 });
    expect(apiCalls(api).some((c) => c.path.includes('search=PO-1042'))).toBe(true);
  });
});
