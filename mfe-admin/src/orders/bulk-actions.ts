import { errorMessage } from '@labeldesk/api-client';
import { buildTrackingsCsv } from '@labeldesk/bulk-csv/trackings';
import {
  AdminBulkListQuery,
  BULK_MESSAGES,
  type BulkLabelLinkResponse,
  type BulkOrderDetailResponse,
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

export interface BulkActionDeps {
  /** POST /api/labels/bulk/{id}/link: a signed link to the combined labels PDF. */
  bulkLink: (bulkOrderId: string) => Promise<BulkLabelLinkResponse>;
  /** GET /api/admin/bulk-orders/{id}. */
  detail: (bulkOrderId: string) => Promise<BulkOrderDetailResponse>;
  /** Saves the document behind a URL as a file. */
  download: (url: string) => void;
  /** Saves text made here as a file. */
  save: (content: string, fileName: string, mimeType: string) => void;
  now: () => Date;
}

/** Download All Labels: the combined PDF through a fresh signed link. The message to show on failure, else null. */
export async function downloadAllLabels(bulkOrderId: string, deps: BulkActionDeps): Promise<string | null> {
  try {
    deps.download((await deps.bulkLink(bulkOrderId)).downloadUrl);
    return null;
  } catch (e) {
    return errorMessage(e, BULK_MESSAGES.downloadLabelsFailed);
  }
}

/**
 * Download Trackings CSV (SPEC §9 name and columns), built from the bulk order's orders (`orders` when the details are
 * already loaded, else fetched). The message to show on failure (or when no label has a tracking number yet), else null.
 */
export async function downloadTrackings(
  bulkOrderId: string,
  deps: BulkActionDeps,
  loaded?: BulkOrderDetailResponse,
): Promise<string | null> {
  try {
    const detail = loaded ?? (await deps.detail(bulkOrderId));
    const csv = buildTrackingsCsv(detail.bulkOrder.bulkOrderId, detail.orders, deps.now());
    if (!csv) return BULK_MESSAGES.labelsNotReady;
    deps.save(csv.content, csv.fileName, csv.mimeType);
    return null;
  } catch (e) {
    return errorMessage(e, BULK_MESSAGES.downloadTrackingsFailed);
  }
}
