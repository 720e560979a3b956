import { ADMIN_STATUS_FILTERS, AdminOrderListQuery, adminStatusLabel, PAGE_SIZES } from '@labeldesk/contracts';

export type AdminStatusFilterValue = (typeof ADMIN_STATUS_FILTERS)[number];

/** SPEC §9: admin order page sizes 10, 25, 50, 100 (default 10). */
export const ORDER_PAGE_SIZES = PAGE_SIZES;
export const DEFAULT_ORDER_PAGE_SIZE = 10;
/** The search box waits this long after the last key before asking the server. */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;
export const ORDER_SEARCH_PLACEHOLDER = 'Search by ID, tracking, recipient, or user...';
/** SPEC §8 has no text for a failed admin orders list; this is the screen's fallback. */
export const ORDERS_LOAD_FAILED = 'Failed to load orders';

/** SPEC §2 All Orders status filter, in order: All, Delivered, In Transit, Processing, Cancelled. */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: AdminStatusFilterValue; label: string }> =
  ADMIN_STATUS_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All' : adminStatusLabel(value) }));

export function isStatusFilter(value: string | null): value is AdminStatusFilterValue {
  return (ADMIN_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

export interface AdminOrderFilters {
  /** Matched by the server against order id, tracking number, recipient and user. */
  search: string;
  status: AdminStatusFilterValue;
  /** YYYY-MM-DD or null; the end day is inclusive. */
  from: string | null;
  to: string | null;
}

export const NO_ORDER_FILTERS: AdminOrderFilters = { search: '', status: 'all', from: null, to: null };

export type AdminOrderQuery = { ok: true; query: AdminOrderListQuery } | { ok: false; error: string };

/**
 * The query for GET /api/admin/orders: page, page size and only the filters that are set. Checked with the contract's
 * AdminOrderListQuery, so an inverted date range is refused here with the server's own text
 * ('From date cannot be after To date') and never sent.
 */
export function adminOrderQuery(filters: AdminOrderFilters, page: number, limit: number): AdminOrderQuery {
  const query: AdminOrderListQuery = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.status !== 'all') query.status = filters.status;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  const checked = AdminOrderListQuery.safeParse(query);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? 'Invalid filters' };
  return { ok: true, query };
}

export function hasOrderFilters(filters: AdminOrderFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all' || filters.from !== null || filters.to !== null;
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
