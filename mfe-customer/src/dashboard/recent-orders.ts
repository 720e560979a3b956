import { deliveryStatusesFor, type Order, type OrderStats } from '@labeldesk/contracts';

/** SPEC §2 dashboard filter: all / processing / in transit / delivered (processing = pending, SPEC §4). */
export type RecentFilter = 'all' | 'processing' | 'in_transit' | 'delivered';
export const RECENT_FILTERS: ReadonlyArray<{ value: RecentFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'processing', label: 'Processing' },
  { value: 'in_transit', label: 'In Transit' },
  { value: 'delivered', label: 'Delivered' },
];
export const isRecentFilter = (v: string): v is RecentFilter => RECENT_FILTERS.some((f) => f.value === v);

/** SPEC §9: recent orders are paged client-side, 25 per page. */
export const RECENT_PAGE_SIZE = 25;

/**
 * The recent orders a filter keeps, newest first. 'processing' keeps pending and processing parcels (SPEC §4: the
 * filter value processing maps to pending; the customer view counts unknown statuses as pending).
 */
export function filterRecentOrders(orders: readonly Order[], filter: RecentFilter): Order[] {
  const statuses = deliveryStatusesFor(filter);
  const kept = statuses
    ? orders.filter((o) => (statuses as readonly string[]).includes(o.deliveryStatus))
    : [...orders];
  return kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export interface Page<T> {
  items: T[];
  /** The page shown (clamped into 1..totalPages). */
  page: number;
  /** At least 1, so an empty list reads "Page 1 of 1". */
  totalPages: number;
}

/** One page of a list paged in the browser; a page beyond the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, size = RECENT_PAGE_SIZE): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  return { items: items.slice((current - 1) * size, current * size), page: current, totalPages };
}

/** SPEC §2 stat cards, with their exact titles and hints. */
export const STAT_CARDS: ReadonlyArray<{
  key: keyof Omit<OrderStats, 'dailyOrders'>;
  title: string;
  hint: string;
  money: boolean;
  testId: string;
}> = [
  { key: 'totalOrders', title: 'Total Orders', hint: 'Last 30 days', money: false, testId: 'stat-total-orders' },
  { key: 'totalSpent', title: 'Total Spent', hint: 'Last 30 days', money: true, testId: 'stat-total-spent' },
  {
    key: 'pending',
    title: 'Pending / Package Not Dropped off',
    hint: 'Need to be dropped off',
    money: false,
    testId: 'stat-pending',
  },
  { key: 'inTransit', title: 'In Transit', hint: 'Packages on the way', money: false, testId: 'stat-in-transit' },
  { key: 'delivered', title: 'Completed', hint: 'Successfully delivered', money: false, testId: 'stat-completed' },
];

/**
 * The cards shown beside the five when they have something to count, so every order of the window is on exactly one
 * card (Pending + In Transit + Completed + Exceptions + Cancelled = Total Orders); each opens My Orders filtered to it.
 */
export const ATTENTION_CARDS: ReadonlyArray<{
  key: 'exception' | 'cancelled';
  title: string;
  hint: string;
  to: string;
  testId: string;
}> = [
  {
    key: 'exception',
    title: 'Exceptions',
    hint: 'Returned, failed or held up by the carrier',
    to: '/my-orders?status=exception',
    testId: 'stat-exceptions',
  },
  {
    key: 'cancelled',
    title: 'Cancelled',
    hint: 'Labels the carrier cancelled',
    to: '/my-orders?status=cancelled',
    testId: 'stat-cancelled',
  },
];

/** The dashboard's error banner: each message once, in the order they happened. */
export function addBannerError(errors: readonly string[], message: string): string[] {
  return errors.includes(message) ? [...errors] : [...errors, message];
}
