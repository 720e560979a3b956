// @vitest-environment happy-dom
import type { OrderStats } from '@labeldesk/contracts';
import { BrowserRouter } from '@labeldesk/router';
import { renderWithUi, screen, setupUser, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { StatCards } from './StatCards';

const stats = (over: Partial<OrderStats> = {}): OrderStats => ({
  totalOrders: 19,
  totalSpent: 216.6,
  pending: 0,
  inTransit: 15,
  delivered: 3,
  exception: 1,
  cancelled: 0,
  dailyOrders: [],
  ...over,
});

const value = (testId: string) => Number(screen.getByTestId(`${testId}-value`).textContent);

describe('Dashboard stat cards', () => {
  it('19 orders with one in exception: an Exceptions card, so the status cards add up to the total', () => {
    renderWithUi(
      <BrowserRouter>
        <StatCards stats={stats()} />
      </BrowserRouter>,
    );
    expect(value('stat-exceptions')).toBe(1);
    expect(screen.queryByTestId('stat-cancelled')).toBeNull();
    const buckets = ['stat-pending', 'stat-in-transit', 'stat-completed', 'stat-exceptions'].map(value);
    expect(buckets.reduce((a, b) => a + b, 0)).toBe(value('stat-total-orders'));
  });

  it('opens My Orders filtered to the exceptions', async () => {
    window.history.pushState({}, '', '/dashboard');
    const user = setupUser();
    renderWithUi(
      <BrowserRouter>
        <StatCards stats={stats({ totalOrders: 21, exception: 2, cancelled: 1, inTransit: 15 })} />
      </BrowserRouter>,
    );
    expect(value('stat-cancelled')).toBe(1);
    expect(screen.getByTestId('stat-cancelled').getAttribute('href')).toBe('/my-orders?status=cancelled');
    await user.click(screen.getByRole('link', { name: /Exceptions/ }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/my-orders?status=exception'));
  });

  it('shows neither card when no order is in exception or cancelled', () => {
    renderWithUi(
      <BrowserRouter>
        <StatCards stats={stats({ totalOrders: 18, exception: 0 })} />
      </BrowserRouter>,
    );
    expect(screen.queryByTestId('stat-exceptions')).toBeNull();
    expect(screen.queryByTestId('stat-cancelled')).toBeNull();
  });
});
