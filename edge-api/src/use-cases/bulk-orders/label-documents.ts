import { ZPL_DPIS } from '@labeldesk/contracts';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import type { LabelPdfSource } from '../orders/get-label-document';

/**
 * Where a bulk order's combined label documents are kept in the blob store, all under `bulk-labels/<bulk order id>-`,
 * and which of them are current: made of the labels that may be printed now (boughtRows).
 */

/**
 * Where the document is kept: the number of labels it holds is part of the key, so a document stored while the bulk
 * order was still buying (fewer labels) is never served for a later, larger set — labels are only ever added.
 */
export const combinedLabelsBlobKey = (bulkOrderId: string, labelCount: number): string =>
  `bulk-labels/${bulkOrderId}-${labelCount}.pdf`;

/**
 * Where a Letter 2-up or ZPL document is kept: named by the exact set of labels it holds (a digest of their order
 * ids, in row order), so a set changed by a purchase or a void is never served from an older document.
 */
export async function derivedBlobKey(bulkOrderId: string, rows: { id: string }[], suffix: string): Promise<string> {
  const ids = new TextEncoder().encode(rows.map((row) => row.id).join(','));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', ids));
  const hex = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
  return `bulk-labels/${bulkOrderId}-${rows.length}-${hex}${suffix}`;
}

/**
 * The bought rows of a bulk order whose labels may be printed (a voided label, or one being voided, is left out), in
 * row order, with only what reading their label needs. The stored combined document is keyed by their count, so a
 * void makes the next read build it again without that label.
 */
export function boughtRows(
  services: Services,
  bulkOrderId: string,
): Promise<(LabelPdfSource & { status: OrderRow['status']; rowIndex: OrderRow['rowIndex'] })[]> {
  return services.db
    .select({
      id: orders.id,
      status: orders.status,
      rowIndex: orders.rowIndex,
      apiId: orders.apiId,
      providerApiId: orders.providerApiId,
      labelBlobKey: orders.labelBlobKey,
      providerLabelId: orders.providerLabelId,
      livemode: orders.livemode,
    })
    .from(orders)
    .where(printable(bulkOrderId))
    .orderBy(asc(orders.rowIndex), asc(orders.id));
}

const printable = (bulkOrderId: string) =>
  and(eq(orders.bulkOrderId, bulkOrderId), eq(orders.status, 'completed'), isNull(orders.voidStatus));

/** How many rows boughtRows would answer (one count: a stored document is found without reading every row). */
export async function boughtRowCount(services: Services, bulkOrderId: string): Promise<number> {
  const [row] = await services.db.select({ n: count() }).from(orders).where(printable(bulkOrderId));
  return row?.n ?? 0;
}

/** The ids of boughtRows alone, in the same order (a third of its CPU at 10,000 rows): what derivedBlobKey names. */
export function boughtRowIds(services: Services, bulkOrderId: string): Promise<{ id: string }[]> {
  return services.db
    .select({ id: orders.id })
    .from(orders)
    .where(printable(bulkOrderId))
    .orderBy(asc(orders.rowIndex), asc(orders.id));
}

/** Every key under which a current document of these rows may be stored: 4x6 PDF, Letter 2-up, ZPL at each dpi. */
export async function currentLabelDocumentKeys(bulkOrderId: string, rows: { id: string }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  return new Set([
    combinedLabelsBlobKey(bulkOrderId, rows.length),
    await derivedBlobKey(bulkOrderId, rows, '-letter.pdf'),
    ...(await Promise.all(ZPL_DPIS.map((dpi) => derivedBlobKey(bulkOrderId, rows, `-${dpi}dpi.zpl`)))),
  ]);
}

/** The prefix every stored document of the bulk order's key starts with. */
export const labelDocumentsPrefix = (bulkOrderId: string): string => `bulk-labels/${bulkOrderId}-`;
