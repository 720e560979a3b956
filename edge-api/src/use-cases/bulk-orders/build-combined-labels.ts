import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { bulkOrders } from '../../db/schema';
import type { Services } from '../../env';
import { RawPdf, UnsupportedPdf } from '../../lib/pdf-raw-reader';
import { type ByteSink, memorySink, StreamingPdfWriter } from '../../lib/pdf-stream-writer';
import { ReadBuffer, type StreamedBlob } from '../../ports/blob-store';
import type { JobMessage } from '../../ports/job-queue';
import { type LabelPdfSource, type ProviderConnections, readLabelPdf } from '../orders/get-label-document';
import { readBulkOrder } from './bulk-order-reads';
import { boughtRowCount, boughtRows, combinedLabelsBlobKey } from './label-documents';
import { removeStaleLabelDocuments } from './remove-stale-label-documents';

/**
 * The combined labels document of a bulk order (SPEC §7 /api/labels/bulk/{id}): every bought label, in row order, one
 * after the other in one PDF (a 4x6 page per label: each label document's pages are copied as they are).
 *
 * Memory: Workers give an isolate 128 MB, and a bulk order has up to 10,000 labels. The document is written as a
 * stream (StreamingPdfWriter) into the blob store (a file on Node, an R2 multipart upload on Workers): each label is
 * read, parsed, its page written out and dropped before the next is read, so memory stays flat however many labels
 * there are. bench/bulk-labels-pdf.mjs measures it (README: Bulk orders).
 */

/** Labels read ahead of the one being written (their blob reads overlap the parsing of the one before). */
export const COMBINE_READ_AHEAD = 4;

/**
 * The job that builds the document once a bulk order is final. Its id derives from the bulk order, so the Node runner
 * stores it once however often it is sent (and on Workers a duplicate only finds the document already stored).
 */
export function combineLabelsJob(bulkOrderId: string): Extract<JobMessage, { type: 'bulk.combine-labels' }> {
  return { type: 'bulk.combine-labels', jobId: `bulklabels_${bulkOrderId}`, bulkOrderId };
}

/** Reads source `index` (into `into` when it can: what it answers may be a view of that buffer). */
export type ReadSource = (index: number, into: ReadBuffer) => Promise<Uint8Array>;

/**
 * Reads sources 0..count-1 in order, at most `readAhead` at once beyond the one being used, and hands each to `use`
 * in order: what is read is dropped once used. Each read is made into a buffer of a small pool (readAhead + 1 + held
 * buffers), reused for a later source once `use` is done with this one, so a run of 10,000 labels allocates a handful of
 * buffers, not one a label. `use` must be done with the bytes it is given when it resolves, or, with `held` = k, when
 * it resolves for the k-th source after them (letter 2-up keeps a sheet's first label until its second is read).
 */
export async function forEachInOrder(
  count: number,
  read: ReadSource,
  use: (bytes: Uint8Array, index: number) => Promise<void>,
  readAhead = COMBINE_READ_AHEAD,
  held = 0,
): Promise<void> {
  // Sources i - held … i + readAhead are in use at once while source i is used: that many buffers, taken in turn.
  const buffers = Array.from({ length: readAhead + 1 + held }, () => new ReadBuffer());
  const pending: Promise<Uint8Array>[] = [];
  let next = 0;
  const fill = () => {
    while (next < count && pending.length <= readAhead) {
      const p = read(next, buffers[next % buffers.length] as ReadBuffer);
      next++;
      p.catch(() => {}); // awaited in turn below; an early failure must not be reported as unhandled
      pending.push(p);
    }
  };
  for (let i = 0; i < count; i++) {
    fill();
    const bytes = await (pending.shift() as Promise<Uint8Array>);
    await use(bytes, i);
  }
}

/**
 * The source's structure as RawPdf reads it, or null when RawPdf does not read this file (an object stream, a
 * cross-reference stream, a broken offset...): the label is then copied with pdf-lib.
 */
export function rawPdfOrNull(bytes: Uint8Array): RawPdf | null {
  try {
    return new RawPdf(bytes);
  } catch (err) {
    if (err instanceof UnsupportedPdf) return null;
    throw err;
  }
}

/**
 * Adds every page of one label PDF: copied as it is written (StreamingPdfWriter.addRawPages), or, for a file the raw
 * reader does not read, parsed by pdf-lib and copied from its objects (addPages). Both give the same pages.
 */
export async function addLabelPages(writer: StreamingPdfWriter, bytes: Uint8Array): Promise<void> {
  const raw = rawPdfOrNull(bytes);
  if (raw) {
    try {
      await writer.addRawPages(raw);
      return;
    } catch (err) {
      if (!(err instanceof UnsupportedPdf)) throw err;
    }
  }
  await writer.addPages(await PDFDocument.load(bytes, { updateMetadata: false }));
}

/** Writes the pages of `count` label PDFs, in order, to `sink` as one PDF. `read(i)` gives label i. */
export async function writeMergedPdf(
  count: number,
  read: ReadSource,
  sink: ByteSink,
  readAhead?: number,
): Promise<void> {
  const writer = new StreamingPdfWriter(sink);
  await forEachInOrder(count, read, (bytes) => addLabelPages(writer, bytes), readAhead);
  await writer.end({ title: 'Shipping labels', producer: 'LabelDesk' });
}

/** The same document in memory, for small sets (a test bulk order's specimens). */
export async function mergePdfs(count: number, read: ReadSource): Promise<Uint8Array> {
  const mem = memorySink();
  await writeMergedPdf(count, read, mem.sink);
  return mem.bytes();
}

/**
 * Writes a document into the blob store as a stream under `key`: on any failure the partial blob is dropped (nothing
 * appears under the key) and the error is thrown.
 */
export async function writeBlobStream(
  services: Services,
  key: string,
  contentType: string,
  write: (sink: ByteSink) => Promise<void>,
): Promise<void> {
  const blob = await services.blobs.createWriter(key, contentType);
  try {
    await write((chunk) => blob.write(chunk));
  } catch (err) {
    await blob.abort().catch(() => {});
    throw err;
  }
  await blob.close();
}

export interface CombinedLabels {
  /** Labels in the document (one per bought row). */
  labelCount: number;
  /** Where it is stored (read it with services.blobs.getStream). */
  blobKey: string;
}

/**
 * The combined labels document of a bulk order: the stored one when it holds every label bought so far, else built
 * now as a stream (sources from the blob store, or from the provider when a label was never stored, as for a single
 * label), stored under {@link combinedLabelsBlobKey} and recorded in bulk_orders.labels_blob_key (the one it replaces is
 * deleted). Null when the bulk order does not exist or no label was bought (yet). Run by the `bulk.combine-labels`
 * job once a bulk order is final, and on demand by GET /api/labels/bulk/{id} when that has not run (yet); two runs at
 * once write the same bytes under the same key. The caller streams the stored document (services.blobs.getStream).
 */
export async function produceCombinedLabels(
  services: Services,
  bulkOrderId: string,
  opts: { readAhead?: number } = {},
): Promise<CombinedLabels | null> {
  const bulk = await readBulkOrder(services, bulkOrderId);
  if (!bulk) return null;
  // The stored document is found by the count alone: a download of 10,000 labels does not read 10,000 rows first.
  const counted = await boughtRowCount(services, bulkOrderId);
  if (counted === 0) return null;
  const storedKey = combinedLabelsBlobKey(bulkOrderId, counted);
  if (bulk.labelsBlobKey === storedKey && (await services.blobs.getStream(storedKey).then(release, () => false))) {
    return { labelCount: counted, blobKey: storedKey };
  }
  const rows = await boughtRows(services, bulkOrderId);
  if (rows.length === 0) return null;
  const blobKey = combinedLabelsBlobKey(bulkOrderId, rows.length);

  const connections: ProviderConnections = new Map();
  await writeBlobStream(services, blobKey, 'application/pdf', (sink) =>
    writeMergedPdf(
      rows.length,
      (i, into) => readLabelPdf(services, rows[i] as LabelPdfSource, connections, into),
      sink,
      opts.readAhead,
    ),
  );
  try {
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
    // The document is stored but not recorded: answer it anyway; the next request builds it again.
    services.log.warn('bulk.combined_labels_not_recorded', { bulkOrderId, err });
  }
  await removeStaleLabelDocuments(services, bulkOrderId);
  return { labelCount: rows.length, blobKey };
}

/** Whether a stream was opened (and lets go of it unread). */
async function release(stream: StreamedBlob | null): Promise<boolean> {
  if (!stream) return false;
  await stream.body.cancel();
  return true;
}
