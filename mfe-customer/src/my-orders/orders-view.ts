import {
  type CheckedListQuery,
  checkedListQuery,
  type ListFilterInput,
  type Order,
  type OrderCounts,
  OrderListQuery,
  type OrderParty,
  type TrackingEvent,
} from '@labeldesk/contracts';
import { weightUnitLabel } from '@labeldesk/pricing';
import { cityLine } from '../addresses/address-format';

/**
 * SPEC §2 My Orders tabs: all, pending, in_transit, delivered (each with its count from GET /api/orders/counts), then
 * Exceptions and Cancelled, shown only when they hold orders or are chosen (the dashboard's cards link to them), so
 * the tabs after All count every order once.
 */
export type OrderTab = keyof OrderCounts;
export const ORDER_TABS: ReadonlyArray<{ value: OrderTab; label: string; onlyWhenAny?: boolean }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_transit', label: 'In Transit' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'exception', label: 'Exceptions', onlyWhenAny: true },
  { value: 'cancelled', label: 'Cancelled', onlyWhenAny: true },
];
export const isOrderTab = (v: string | null): v is OrderTab => ORDER_TABS.some((t) => t.value === v);

/** The tabs to show: the SPEC's four always; Exceptions and Cancelled when they count orders or are the one chosen. */
export function visibleOrderTabs(counts: OrderCounts | undefined, current: string): typeof ORDER_TABS {
  return ORDER_TABS.filter((t) => !t.onlyWhenAny || t.value === current || (counts?.[t.value] ?? 0) > 0);
}

/** SPEC §9 page sizes; 10 by default. */
export const ORDER_PAGE_SIZES = [10, 25, 50, 100] as const;
export type OrderPageSize = (typeof ORDER_PAGE_SIZES)[number];
export const isOrderPageSize = (n: number): n is OrderPageSize => ORDER_PAGE_SIZES.some((s) => s === n);

/**
 * The query for GET /api/orders: page, page size, the tab unless All, and the filters that are set; an inverted date
 * range is refused with the contract's text and never sent (checkedListQuery).
 */
export function ordersQuery(
  tab: OrderTab,
  page: number,
  limit: OrderPageSize,
  filters: ListFilterInput,
): CheckedListQuery<OrderListQuery> {
  return checkedListQuery(OrderListQuery, tab === 'all' ? { page, limit } : { page, limit, status: tab }, filters);
}

/** Badge colour of a delivery status (SPEC §4; unknown shows as pending/Processing). */
export function deliveryStatusColor(status: string): string {
  switch (status) {
    case 'delivered':
      return 'green';
    case 'in_transit':
      return 'blue';
    case 'cancelled':
      return 'gray';
    case 'exception':
      return 'red';
    default:
      return 'yellow';
  }
}

/**
 * A note about the purchase itself when it is not simply done: the carrier has not confirmed the label yet, or the
 * purchase failed (and was refunded). Null for a completed purchase.
 */
export function purchaseNote(order: Pick<Order, 'status'>): { label: string; color: string } | null {
  switch (order.status) {
    case 'processing':
    case 'pending_reconciliation':
      return { label: 'Awaiting carrier', color: 'orange' };
    case 'failed':
      return { label: 'Failed · refunded', color: 'red' };
    default:
      return null;
  }
}

/** The tracking number, or 'Pending' while the carrier has not issued one (the placeholder PENDING). */
export function trackingText(trackingNumber: string | null): string {
  return !trackingNumber || trackingNumber === 'PENDING' ? 'Pending' : trackingNumber;
}

/** Tracking events newest first (SPEC §2 timeline); events with unreadable dates go last, in their order. */
export function eventsNewestFirst(events: readonly TrackingEvent[]): TrackingEvent[] {
  const time = (e: TrackingEvent) => {
    const t = Date.parse(e.date);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => time(b.event) - time(a.event) || b.index - a.index)
    .map((x) => x.event);
}

/** An order party as address lines: name (company), street 1, street 2, 'city, state zip', country, phone. */
export function partyLines(party: OrderParty): string[] {
  const name = party.company.trim() ? `${party.name} (${party.company.trim()})` : party.name;
  return [name, party.street1, party.street2, cityLine(party), party.country, party.phone]
    .map((line) => line.trim())
    .filter(Boolean);
}

/** '2 lbs · 10 × 8 × 4 in' ('1 lb · …') for the package summary. */
export function packageSummary(pkg: Order['packageDetails']): string {
  const { length, width, height } = pkg.dimensions;
  return `${pkg.weight} ${weightUnitLabel(pkg.weight, pkg.weightUnit)} · ${length} × ${width} × ${height} in`;
}
