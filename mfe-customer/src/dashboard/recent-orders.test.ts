import type { Order } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { addBannerError, filterRecentOrders, pageOf, RECENT_PAGE_SIZE, STAT_CARDS } from './recent-orders';

const order = (id: string, deliveryStatus: Order['deliveryStatus'], createdAt: string) =>
  ({ _id: id, deliveryStatus, createdAt }) as Pick<Order, '_id' | 'deliveryStatus' | 'createdAt'> as Order;

const orders = [
  order('a', 'pending', '2025-06-10T10:00:00.000Z'),
  order('b', 'in_transit', '2025-06-12T10:00:00.000Z'),
  order('c', 'processing', '2025-06-11T10:00:00.000Z'),
  order('d', 'delivered', '2025-06-13T10:00:00.000Z'),
  order('e', 'cancelled', '2025-06-09T10:00:00.000Z'),
];

describe('filterRecentOrders', () => {
  it('keeps everything for all, newest first', () => {
    expect(filterRecentOrders(orders, 'all').map((o) => o._id)).toEqual(['d', 'b', 'c', 'a', 'e']);
  });

  it('maps processing to pending and processing parcels', () => {
    expect(filterRecentOrders(orders, 'processing').map((o) => o._id)).toEqual(['c', 'a']);
  });

  it('keeps only in-transit or delivered parcels for those filters', () => {
    expect(filterRecentOrders(orders, 'in_transit').map((o) => o._id)).toEqual(['b']);
    expect(filterRecentOrders(orders, 'delivered').map((o) => o._id)).toEqual(['d']);
  });

  it('does not reorder the list it was given', () => {
    filterRecentOrders(orders, 'all');
    expect(orders.map((o) => o._id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 60 }, (_, i) => i + 1);

  it('pages 25 at a time', () => {
    expect(RECENT_PAGE_SIZE).toBe(25);
    expect(pageOf(items, 1)).toMatchObject({ page: 1, totalPages: 3 });
    expect(pageOf(items, 1).items).toHaveLength(25);
    expect(pageOf(items, 3).items).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
  });

  it('clamps a page beyond the end (e.g. after a filter shrank the list) and before the start', () => {
    expect(pageOf(items.slice(0, 30), 3)).toMatchObject({ page: 2, totalPages: 2 });
    expect(pageOf(items, 0).page).toBe(1);
  });

  it('reads an empty list as page 1 of 1', () => {
    expect(pageOf([], 4)).toEqual({ items: [], page: 1, totalPages: 1 });
  });
});

describe('STAT_CARDS', () => {
  it('uses the SPEC titles and hints in order', () => {
    expect(STAT_CARDS.map((c) => `${c.title} (${c.hint})`)).toEqual([
      'Total Orders (Last 30 days)',
      'Total Spent (Last 30 days)',
      'Pending / Package Not Dropped off (Need to be dropped off)',
      'In Transit (Packages on the way)',
      'Completed (Successfully delivered)',
    ]);
  });
});

describe('addBannerError', () => {
  it('adds a message once', () => {
    const one = addBannerError([], 'Failed to load balance data');
    expect(addBannerError(one, 'Failed to load balance data')).toEqual(['Failed to load balance data']);
    expect(addBannerError(one, 'Failed to load recent orders')).toEqual([
      'Failed to load balance data',
      'Failed to load recent orders',
    ]);
  });
});
