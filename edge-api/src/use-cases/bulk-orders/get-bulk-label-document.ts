import {
  BULK_LABEL_FORMATS,
  BULK_MESSAGES,
  type BulkLabelFormat,
  LABEL_MESSAGES,
  type ZplDpi,
} from '@labeldesk/contracts';
import type { OrderRow } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import type { ByteSink } from '../../lib/pdf-stream-writer';
import type { StreamedBlob } from '../../ports/blob-store';
import { labelFormatsOf } from '../label-settings/label-formats-of';
import { getLabelSettings } from '../label-settings/label-settings';
import { type LabelAccess, type ProviderConnections, readLabelPdf } from '../orders/get-label-document';
import { type ApiConfigs, readLabelFile } from '../orders/read-label-file';
import { forEachInOrder, produceCombinedLabels, writeBlobStream } from './build-combined-labels';
import { readBulkOrder } from './bulk-order-reads';
import { checkAccess } from './get-combined-labels';
import { boughtRowIds, boughtRows, derivedBlobKey } from './label-documents';
import { writeLetterTwoUp } from './letter-two-up';
import { removeStaleLabelDocuments } from './remove-stale-label-documents';

export interface BulkLabelDocument {
  /** The stored document, streamed from the blob store (never held whole: it can be hundreds of MB). */
  body: ReadableStream<Uint8Array>;
  /** Bytes in body. */
  size: number;
  format: BulkLabelFormat;
  contentType: string;
  /** The SPEC's bulk-labels-<id>.pdf, other formats alike (.zpl; letter-2up: bulk-labels-<id>-letter.pdf). */
  fileName: string;
}

const safeId = (bulkOrderId: string) => bulkOrderId.replace(/[^A-Za-z0-9_-]/g, '_');

export function bulkLabelFileName(bulkOrderId: string, format: BulkLabelFormat): string {
  if (format === 'zpl') return `bulk-labels-${safeId(bulkOrderId)}.zpl`;
  if (format === 'letter-2up') return `bulk-labels-${safeId(bulkOrderId)}-letter.pdf`;
  return `bulk-labels-${safeId(bulkOrderId)}.pdf`;
}

const NEWLINE = Uint8Array.of(0x0a);
const isSpace = (b: number | undefined) => b === 0x20 || (b !== undefined && b >= 0x09 && b <= 0x0d);

/**
 * A label's ZPL without the white space (and byte order mark) around it, as bytes: nothing is decoded, so a label in
 * another code page (^CI) is copied as it is.
 */
export function trimmed(bytes: Uint8Array): Uint8Array {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let end = bytes.length;
  while (start < end && isSpace(bytes[start])) start++;
  while (end > start && isSpace(bytes[end - 1])) end--;
  return bytes.subarray(start, end);
}

/**
 * The stored document under `key`, written first (`write`) when there is none; a build then removes the bulk order's
 * documents that a void made stale.
 */
async function storedOrBuilt(
  services: Services,
  bulkOrderId: string,
  key: string,
  contentType: string,
  write: (sink: ByteSink) => Promise<void>,
): Promise<StreamedBlob> {
  const stored = await services.blobs.getStream(key);
  if (stored) return stored;
  await writeBlobStream(services, key, contentType, write);
  const built = await services.blobs.getStream(key);
  if (!built) throw new Error(`blob ${key} missing right after it was written`);
  await removeStaleLabelDocuments(services, bulkOrderId);
  return built;
}

/**
 * The formats a bulk order's combined labels can be had in, from its printable rows (bought, not voided; boughtRows):
 * none without a label; else the 4x6 PDF and Letter 2-up (made from the PDFs every service gives), and ZPL when every
 * label's service prints it (what GET /api/labels/bulk/{id}?format=zpl requires).
 */
export async function bulkLabelFormatsOf(
  services: Services,
  rows: Pick<OrderRow, 'id' | 'apiId' | 'providerApiId' | 'status'>[],
): Promise<BulkLabelFormat[]> {
  if (rows.length === 0) return [];
  const offered = await labelFormatsOf(services, rows);
  const zpl = rows.every((row) => offered.get(row.id)?.includes('zpl'));
  return BULK_LABEL_FORMATS.filter((format) => format !== 'zpl' || zpl);
}

/**
 * GET /api/labels/bulk/{id}?format=pdf|zpl|letter-2up (and the public API's /bulk-labels/{id}): every bought label of
 * the bulk order in row order, as
 * - pdf: the stored combined PDF (produceCombinedLabels);
 * - zpl: one ^XA…^XZ block per label, each the label's own ZPL from the API that bought it (kept after the first
 *   read, as for a single label), at `dpi` or the owner's; refused (400, naming the first row) unless every label's
 *   service prints ZPL — nothing is converted;
 * - letter-2up: Letter sheets, two 4x6 labels each with crop marks, made from the label PDFs (placed, not converted).
 * Each is written as a stream into the blob store the first time it is asked for (labels read one after the other,
 * nothing held beyond the one being written) and then streamed from there. 404 as for the PDF when the caller may not
 * open it or no label is bought yet.
 */
export async function getBulkLabelDocument(
  services: Services,
  input: {
    bulkOrderId: string;
    access: LabelAccess;
    format: BulkLabelFormat;
    dpi?: ZplDpi | undefined;
    /** No label bought yet: 404 (the web route, SPEC) or 409 (the public API, as for a label not bought yet). */
    notReady?: 'not_found' | 'conflict';
  },
): Promise<BulkLabelDocument> {
  const { bulkOrderId, format } = input;
  const fileName = bulkLabelFileName(bulkOrderId, format);
  const answer = (blob: StreamedBlob, contentType: string): BulkLabelDocument => ({
    body: blob.body,
    size: blob.size,
    format,
    contentType,
    fileName,
  });
  if (format === 'pdf') {
    await checkAccess(services, bulkOrderId, input.access);
    const combined = await produceCombinedLabels(services, bulkOrderId);
    const stored = combined && (await services.blobs.getStream(combined.blobKey));
    if (!stored) throw new ApiError(input.notReady ?? 'not_found', BULK_MESSAGES.labelsNotReady);
    return answer(stored, 'application/pdf');
  }
  await checkAccess(services, bulkOrderId, input.access);
  const notReady = () => new ApiError(input.notReady ?? 'not_found', BULK_MESSAGES.labelsNotReady);

  if (format === 'letter-2up') {
    // Named by the labels' ids (a stored sheet set is found without reading every row); built from the rows then,
    // those of the named set only (a label voided in between is left out; one bought in between waits for the next).
    const ids = await boughtRowIds(services, bulkOrderId);
    if (ids.length === 0) throw notReady();
    const key = await derivedBlobKey(bulkOrderId, ids, '-letter.pdf');
    const blob = await storedOrBuilt(services, bulkOrderId, key, 'application/pdf', async (sink) => {
      const named = new Set(ids.map((row) => row.id));
      const rows = (await boughtRows(services, bulkOrderId)).filter((row) => named.has(row.id));
      const connections: ProviderConnections = new Map();
      await writeLetterTwoUp(
        rows.length,
        (i, into) => readLabelPdf(services, rows[i] as (typeof rows)[number], connections, into),
        sink,
      );
    });
    return answer(blob, 'application/pdf');
  }

  const rows = await boughtRows(services, bulkOrderId);
  if (rows.length === 0) throw notReady();

  const offered = await labelFormatsOf(services, rows);
  const missing = rows.find((row) => !offered.get(row.id)?.includes('zpl'));
  if (missing) throw new ApiError('invalid_input', LABEL_MESSAGES.bulkZplNotOffered((missing.rowIndex ?? 0) + 1));
  let dpi = input.dpi;
  if (dpi === undefined) {
    const bulk = await readBulkOrder(services, bulkOrderId);
    dpi = bulk ? (await getLabelSettings(services, bulk.userId)).zplDpi : 203;
  }
  const zplDpi = dpi;
  const key = await derivedBlobKey(bulkOrderId, rows, `-${zplDpi}dpi.zpl`);
  // ZPL is text: the labels' blocks one after the other, each on lines of its own.
  const apis: ApiConfigs = new Map();
  const blob = await storedOrBuilt(services, bulkOrderId, key, 'application/zpl', (sink) =>
    forEachInOrder(
      rows.length,
      (i, into) => readLabelFile(services, rows[i] as (typeof rows)[number], 'zpl', zplDpi, apis, into),
      async (bytes) => {
        await sink(trimmed(bytes));
        await sink(NEWLINE);
      },
    ),
  );
  return answer(blob, 'application/zpl');
}
