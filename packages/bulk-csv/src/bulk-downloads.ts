import { errorMessage } from '@labeldesk/api-client';
import {
  BULK_MESSAGES,
  type BulkLabelFormat,
  type BulkLabelLinkResponse,
  type BulkOrderDetailResponse,
} from '@labeldesk/contracts';
import { buildTrackingsCsv } from './trackings-csv';

/**
 * The two downloads of a bulk order (SPEC §2), shared by the customer's bulk details and the admin's bulk tab and
 * details, so their rules and texts cannot drift apart. Each returns the message to show on failure, else null. The
 * network and the browser come in as deps (the customer and admin read the bulk order from different routes).
 */
export interface BulkDownloadDeps {
  /** POST /api/labels/bulk/{id}/link: a signed link to the combined labels PDF. */
  bulkLink: (bulkOrderId: string) => Promise<BulkLabelLinkResponse>;
  /** The bulk order with its orders (GET /api/bulk-orders/{id} or /api/admin/bulk-orders/{id}). */
  detail: (bulkOrderId: string) => Promise<BulkOrderDetailResponse>;
  /** Saves the document behind a URL as a file. */
  download: (url: string) => void;
  /** Saves text made here as a file. */
  save: (content: string, fileName: string, mimeType: string) => void;
  now: () => Date;
}

/**
 * Download (All|Combined) Labels: the combined document through a fresh signed link, in `format` when one is chosen
 * (pdf|zpl|letter-2up; the route's default, the 4x6 PDF, otherwise).
 */
export async function downloadAllLabels(
  bulkOrderId: string,
  deps: BulkDownloadDeps,
  format?: BulkLabelFormat,
): Promise<string | null> {
  try {
    const { downloadUrl } = await deps.bulkLink(bulkOrderId);
    deps.download(format ? `${downloadUrl}&format=${format}` : downloadUrl);
    return null;
  } catch (e) {
    return errorMessage(e, BULK_MESSAGES.downloadLabelsFailed);
  }
}

/**
 * Download Trackings CSV (SPEC §9 name and columns), built from the bulk order's orders (`loaded` when the details are
 * already loaded, else fetched). Says so when no label has a tracking number yet.
 */
export async function downloadTrackings(
  bulkOrderId: string,
  deps: BulkDownloadDeps,
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
