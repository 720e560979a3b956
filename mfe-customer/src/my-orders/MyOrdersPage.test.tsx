// @vitest-environment happy-dom
import type { Order, OrderParty } from '@labeldesk/contracts';
import { BrowserRouter } from '@labeldesk/router';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import MyOrdersPage from './MyOrdersPage';

const party = (name: string): OrderParty => ({
  name,
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  country: 'US',
  phone: '555-0100',
  email: '',
});

const order = (id: string, deliveryStatus: Order['deliveryStatus']): Order => ({
  _id: id,
  orderId: id,
  createdAt: '2026-11-20T12:00:00.000Z',
  trackingNumber: `1Z${id}`,
  carrier: 'UPS',
  serviceType: 'ups_ground',
  serviceName: 'UPS Ground',
  price: 11.4,
  deliveryStatus,
  status: 'completed',
  recipient: party(`Recipient ${id}`),
  sender: party('Ada Sender'),
  packageDetails: {
    weight: 2,
    weightUnit: 'lbs',
    dimensions: { length: 10, width: 8, height: 4 },
    description: '',
    value: 0,
    template: null,
  },
  estimatedDelivery: null,
  trackingEvents: [],
  lastChecked: null,
  apiId: 'api_1',
  apiName: 'API 1',
  boughtVia: { apiId: 'api_1', apiName: 'API 1' },
  destination: 'Chicago, IL',
  amazonOrderId: null,
  sku: null,
  bulkOrderId: null,
  hasLabel: true,
  failureReason: null,
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
    const user = setupUser();
    renderWithUi(
      <BrowserRouter>
        <MyOrdersPage />
      </BrowserRouter>,
    );
    await waitFor(() => expect(shownIds()).toEqual(['ord_ref', 'ord_plain']));
    expect(screen.getByRole('columnheader', { name: 'Reference' })).toBeTruthy();
    expect(screen.getAllByTestId('order-reference').map((c) => c.textContent)).toEqual(['PO-1042 shelf B', '']);

    await user.type(
      screen.getByPlaceholderText('Search by order ID, tracking #, recipient, destination or reference'),
      'PO-1042',
    );
    await waitFor(() => expect(shownIds()).toEqual(['ord_ref']));
    expect(apiCalls(api).some((c) => c.path.includes('search=PO-1042'))).toBe(true);
  });
});
