import {
  AdminBulkListQuery,
  BULK_MESSAGES,
  type CheckedListQuery,
  checkedListQuery,
  type ListFilterInput,
} from '@labeldesk/contracts';

/** SPEC §2 All Orders → Bulk Orders. */
export const BULK_SEARCH_PLACEHOLDER = 'Search by bulk order ID...';
export const BULK_ORDERS_LOAD_FAILED = BULK_MESSAGES.loadFailed;

/** What a bulk row or the details modal is busy with. */
export type BulkAction = 'labels' | 'trackings';

/**
 * The query for GET /api/admin/bulk-orders: page, page size, and the search (bulk order id) and dates that are set; an
 * inverted date range is refused with the contract's text and never sent. No status filter: SPEC §2 keeps it to the
 * orders tab.
 */
export function adminBulkQuery(
  filters: ListFilterInput,
  page: number,
  limit: number,
): CheckedListQuery<AdminBulkListQuery> {
  return checkedListQuery(AdminBulkListQuery, { page, limit }, filters);
}

/** SPEC §2 empty states of the bulk tab. */
export function bulkEmptyState(filtered: boolean): { title: string; message: string } {
  return {
    title: 'No Bulk Orders Found',
    message: filtered
      ? 'No orders match your search criteria. Try adjusting your filters.'
      : 'There are no bulk orders in the system yet.',
  };
}

/** '1 bulk order', '12 bulk orders', or '3 matching bulk orders' while filters are on. */
export function bulkCountText(total: number, filtered: boolean): string {
  const noun = total === 1 ? 'bulk order' : 'bulk orders';
  return filtered ? `${total} matching ${noun}` : `${total} ${noun}`;
}

/** The bulk downloads live with the customer's in @labeldesk/bulk-csv (one rule, one text for both screens). */
export {
  type BulkDownloadDeps as BulkActionDeps,
  downloadAllLabels,
  downloadTrackings,
} from '@labeldesk/bulk-csv/downloads';
