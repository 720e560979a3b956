import { AMAZON_PREVIEW_LIMIT } from './constants';
import type { AmazonReportRow } from './parse-report';

/** One line of the results preview (SPEC §2). */
export interface PreviewRow {
  orderId: string;
  /** recipient-name, else buyer-name */
  recipient: string;
  /** ship-address-1..3, non-empty parts joined with ', ' */
  address: string;
  city: string;
  state: string;
  zip: string;
  sku: string;
  product: string;
}

/** Preview columns in display order, with suggested headings. */
export const PREVIEW_COLUMNS = [
  { key: 'orderId', label: 'Order ID' },
  { key: 'recipient', label: 'Recipient' },
  { key: 'address', label: 'Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'ZIP' },
  { key: 'sku', label: 'SKU' },
  { key: 'product', label: 'Product' },
] as const satisfies ReadonlyArray<{ key: keyof PreviewRow; label: string }>;

export interface OrderPreview {
  rows: PreviewRow[];
  /** Number of report lines (the N of the caption). */
  total: number;
  /** 'Showing {shown} of {total} orders', e.g. 'Showing 10 of 250 orders' or 'Showing 3 of 3 orders'. */
  text: string;
}

/** The first `limit` (default 10) report lines, shaped for the preview table. */
export function previewOrders(rows: readonly AmazonReportRow[], limit: number = AMAZON_PREVIEW_LIMIT): OrderPreview {
  const shown = rows.slice(0, Math.max(0, limit)).map(
    (row): PreviewRow => ({
      orderId: row.orderId,
      recipient: row.recipientName || row.buyerName,
      address: [row.shipAddress1, row.shipAddress2, row.shipAddress3].filter(Boolean).join(', '),
      city: row.shipCity,
      state: row.shipState,
      zip: row.shipPostalCode,
      sku: row.sku,
      product: row.productName,
    }),
  );
  return { rows: shown, total: rows.length, text: `Showing ${shown.length} of ${rows.length} orders` };
}
