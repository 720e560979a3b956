import {
  ADMIN_STATUS_FILTERS,
  AdminOrderListQuery,
  adminStatusLabel,
  type CheckedListQuery,
  checkedListQuery,
  type ListFilterInput,
} from '@labeldesk/contracts';

export type AdminStatusFilterValue = (typeof ADMIN_STATUS_FILTERS)[number];

export const ORDER_SEARCH_PLACEHOLDER = 'Search by ID, tracking, recipient, or user...';
/** SPEC §8 has no text for a failed admin orders list; this is the screen's fallback. */
export const ORDERS_LOAD_FAILED = 'Failed to load orders';

/** SPEC §2 All Orders status filter, in order: All, Delivered, In Transit, Processing, Cancelled. */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: AdminStatusFilterValue; label: string }> =
  ADMIN_STATUS_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All' : adminStatusLabel(value) }));

export function isStatusFilter(value: string | null): value is AdminStatusFilterValue {
  return (ADMIN_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/**
 * The query for GET /api/admin/orders: page, page size, the status unless All, and the search and dates that are set;
 * an inverted date range is refused with the contract's text and never sent (checkedListQuery).
 */
export function adminOrderQuery(
  status: AdminStatusFilterValue,
  filters: ListFilterInput,
  page: number,
  limit: number,
): CheckedListQuery<AdminOrderListQuery> {
  return checkedListQuery(AdminOrderListQuery, status === 'all' ? { page, limit } : { page, limit, status }, filters);
}

/** SPEC §2 empty states: a search that matched nothing, or a system without orders. */
export function ordersEmptyState(filtered: boolean): { title: string; message: string } {
  return {
    title: 'No Orders Found',
    message: filtered
      ? 'No orders match your search criteria. Try adjusting your filters.'
      : 'There are no orders in the system yet.',
  };
}

/** '1 order', '25 orders', or '3 matching orders' while filters are on. */
export function orderCountText(total: number, filtered: boolean): string {
  const noun = total === 1 ? 'order' : 'orders';
  return filtered ? `${total} matching ${noun}` : `${total} ${noun}`;
}
