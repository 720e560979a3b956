import { describe, expect, it } from 'vitest';
import {
  adminOrderQuery,
  isStatusFilter,
  orderCountText,
  ordersEmptyState,
  STATUS_FILTER_OPTIONS,
} from './order-query';

const noFilters = { search: '', from: null, to: null };

describe('adminOrderQuery', () => {
  it('sends page and page size only when nothing is filtered', () => {
    expect(adminOrderQuery('all', noFilters, 1, 10)).toEqual({ ok: true, query: { page: 1, limit: 10 } });
  });

  it('sends the trimmed search, the status unless All, and the dates that are set', () => {
    expect(adminOrderQuery('in_transit', { search: '  1Z999 ', from: '2026-03-01', to: '2026-03-31' }, 3, 50)).toEqual({
      ok: true,
      query: { page: 3, limit: 50, search: '1Z999', status: 'in_transit', from: '2026-03-01', to: '2026-03-31' },
    });
    expect(adminOrderQuery('processing', { ...noFilters, to: '2026-03-31' }, 1, 25)).toEqual({
      ok: true,
      query: { page: 1, limit: 25, status: 'processing', to: '2026-03-31' },
    });
  });
});

describe('status filter', () => {
  it('offers All, Delivered, In Transit, Processing, Cancelled', () => {
    expect(STATUS_FILTER_OPTIONS).toEqual([
      { value: 'all', label: 'All' },
      { value: 'delivered', label: 'Delivered' },
      { value: 'in_transit', label: 'In Transit' },
      { value: 'processing', label: 'Processing' },
      { value: 'cancelled', label: 'Cancelled' },
    ]);
    expect(isStatusFilter('cancelled')).toBe(true);
    expect(isStatusFilter('exception')).toBe(false);
    expect(isStatusFilter(null)).toBe(false);
  });
});

describe('ordersEmptyState', () => {
  it('uses the SPEC texts for a filtered and an empty system', () => {
    expect(ordersEmptyState(true)).toEqual({
      title: 'No Orders Found',
      message: 'No orders match your search criteria. Try adjusting your filters.',
    });
    expect(ordersEmptyState(false)).toEqual({
      title: 'No Orders Found',
      message: 'There are no orders in the system yet.',
    });
  });
});

describe('orderCountText', () => {
  it('counts orders, saying "matching" while filters are on', () => {
    expect(orderCountText(0, false)).toBe('0 orders');
    expect(orderCountText(1, false)).toBe('1 order');
    expect(orderCountText(25, false)).toBe('25 orders');
    expect(orderCountText(1, true)).toBe('1 matching order');
    expect(orderCountText(3, true)).toBe('3 matching orders');
  });
});
