import { and, asc, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { bulkOrders, type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import type { JobMessage } from '../../ports/job-queue';
import { type LabelPdfSource, type ProviderConnections, readLabelPdf } from '../orders/get-label-document';
import { readBulkOrder } from './bulk-order-reads';

/**
 * The combined labels document of a bulk order (SPEC §7 /api/labels/bulk/{id}): every bought label, in row order, one
 * after the other in one PDF (a 4x6 page per label: each label document's pages are copied as they are).
 *
 * Memory: Workers give an isolate 128 MB. The source PDFs are read, parsed and copied CHUNK_SIZE at a time and then
 * dropped, so at most one chunk of sources is alive beside the growing output (which holds only what the pages
 * need: their content streams and fonts). bench/bulk-labels-pdf.mjs measures it (README: Bulk orders).
 */

/** Source labels read and parsed together (their blob reads run concurrently). */
export const COMBINE_CHUNK_SIZE = 25;

/**
 * Where the document is kept: the number of labels it holds is part of the key, so a document stored while the bulk
 * order was still buying (fewer labels) is never served for a later, larger set — labels are only ever added.
 */
export const combinedLabelsBlobKey = (bulkOrderId: string, labelCount: number): string =>
  `bulk-labels/${bulkOrderId}-${labelCount}.pdf`;

/**
 * The job that builds the document once a bulk order is final. Its id derives from the bulk order, so the Node runner
 * stores it once however often it is sent (and on Workers a duplicate only finds the document already stored).
 */
export function combineLabelsJob(bulkOrderId: string): Extract<JobMessage, { type: 'bulk.combine-labels' }> {
  return { type: 'bulk.combine-labels', jobId: `bulklabels_${bulkOrderId}`, bulkOrderId };
}

/** Merges PDFs, `chunkSize` sources at a time, into one document. `read(i)` gives source i (0 ≤ i < count). */
export async function mergePdfs(
  count: number,
  read: (index: number) => Promise<Uint8Array>,
  chunkSize = COMBINE_CHUNK_SIZE,
): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (let start = 0; start < count; start += chunkSize) {
    const end = Math.min(count, start + chunkSize);
    const sources = await Promise.all(Array.from({ length: end - start }, (_, i) => read(start + i)));
    for (let i = 0; i < sources.length; i++) {
      const source = await PDFDocument.load(sources[i] as Uint8Array, { updateMetadata: false });
      const pages = await out.copyPages(source, source.getPageIndices());
      for (const page of pages) out.addPage(page);
      // Let go of the parsed source and its bytes before the next one.
      sources[i] = new Uint8Array(0);
    }
  }
  out.setTitle('Shipping labels');
  out.setProducer('LabelDesk');
  return out.save();
}

export interface CombinedLabels {
  pdf: Uint8Array;
  /** Labels in the document (one per bought row). */
  labelCount: number;
  blobKey: string;
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
    })
    .from(orders)
    .where(and(eq(orders.bulkOrderId, bulkOrderId), eq(orders.status, 'completed'), isNull(orders.voidStatus)))
    .orderBy(asc(orders.rowIndex), asc(orders.id));
}

/**
 * The combined labels document of a bulk order: the stored one when it holds every label bought so far, else built
 * now (sources from the blob store, or from the provider when a label was never stored, as for a single label),
 * stored under {@link combinedLabelsBlobKey} and recorded in bulk_orders.labels_blob_key (the one it replaces is
 * deleted). Null when the bulk order does not exist or no label was bought (yet). Run by the `bulk.combine-labels`
 * job once a bulk order is final, and on demand by GET /api/labels/bulk/{id}; two runs at once write the same bytes
 * under the same key.
 */
export async function produceCombinedLabels(
  services: Services,
  bulkOrderId: string,
  opts: { chunkSize?: number } = {},
): Promise<CombinedLabels | null> {
  const bulk = await readBulkOrder(services, bulkOrderId);
  if (!bulk) return null;
  const rows = await boughtRows(services, bulkOrderId);
  if (rows.length === 0) return null;
  const blobKey = combinedLabelsBlobKey(bulkOrderId, rows.length);
  if (bulk.labelsBlobKey === blobKey) {
    const stored = await services.blobs.get(blobKey).catch(() => null);
    if (stored) return { pdf: stored.body, labelCount: rows.length, blobKey };
  }

  const connections: ProviderConnections = new Map();
  const pdf = await mergePdfs(
    rows.length,
    (i) => readLabelPdf(services, rows[i] as LabelPdfSource, connections),
    opts.chunkSize,
  );
  try {
    await services.blobs.put(blobKey, pdf, 'application/pdf');
    // Compare-and-set on the key read above: of two runs at once only one records its document (a smaller one is
    // rebuilt by the next read, its key no longer matching the labels bought); the loser removes its own blob.
    const recorded = await services.db
      .update(bulkOrders)
      .set({ labelsBlobKey: blobKey, updatedAt: services.clock.now().toISOString() })
      .where(
        and(
          eq(bulkOrders.id, bulkOrderId),
          bulk.labelsBlobKey === null
            ? isNull(bulkOrders.labelsBlobKey)
            : eq(bulkOrders.labelsBlobKey, bulk.labelsBlobKey),
        ),
      )
      .returning({ id: bulkOrders.id });
    const replaced = recorded.length > 0 ? bulk.labelsBlobKey : null;
    if (replaced && replaced !== blobKey) await services.blobs.delete(replaced);
    if (recorded.length === 0) {
      const now = await readBulkOrder(services, bulkOrderId);
      if (now?.labelsBlobKey !== blobKey) await services.blobs.delete(blobKey);
    }
  } catch (err) {
    // The document was built: answer it anyway; the next request builds it again.
    services.log.warn('bulk.combined_labels_not_stored', { bulkOrderId, err });
  }
  return { pdf, labelCount: rows.length, blobKey };
}
