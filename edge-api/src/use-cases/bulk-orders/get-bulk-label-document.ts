import { BULK_MESSAGES, type BulkLabelFormat, LABEL_MESSAGES, type ZplDpi } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { labelFormatsOf } from '../label-settings/label-formats-of';
import { getLabelSettings } from '../label-settings/label-settings';
import { type LabelAccess, type ProviderConnections, readLabelPdf } from '../orders/get-label-document';
import { readLabelFile } from '../orders/read-label-file';
import { boughtRows } from './build-combined-labels';
import { readBulkOrder } from './bulk-order-reads';
import { checkAccess, getCombinedLabels } from './get-combined-labels';
import { letterTwoUpPdf } from './letter-two-up';

export interface BulkLabelDocument {
  body: Uint8Array;
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

/**
 * GET /api/labels/bulk/{id}?format=pdf|zpl|letter-2up (and the public API's /bulk-labels/{id}): every bought label of
 * the bulk order in row order, as
 * - pdf: the stored combined PDF (getCombinedLabels);
 * - zpl: one ^XA…^XZ block per label, each the label's own ZPL from the API that bought it (kept after the first
 *   read, as for a single label), at `dpi` or the owner's; refused (400, naming the first row) unless every label's
 *   service prints ZPL — nothing is converted;
 * - letter-2up: Letter sheets, two 4x6 labels each with crop marks, made from the label PDFs (placed, not converted).
 * Labels are read one at a time. 404 as for the PDF when the caller may not open it or no label is bought yet.
 */
export async function getBulkLabelDocument(
  services: Services,
  input: { bulkOrderId: string; access: LabelAccess; format: BulkLabelFormat; dpi?: ZplDpi | undefined },
): Promise<BulkLabelDocument> {
  const { bulkOrderId, format } = input;
  const fileName = bulkLabelFileName(bulkOrderId, format);
  if (format === 'pdf') {
    const { pdf } = await getCombinedLabels(services, input);
    return { body: pdf, format, contentType: 'application/pdf', fileName };
  }
  await checkAccess(services, bulkOrderId, input.access);
  const rows = await boughtRows(services, bulkOrderId);
  if (rows.length === 0) throw new ApiError('not_found', BULK_MESSAGES.labelsNotReady);

  if (format === 'letter-2up') {
    const connections: ProviderConnections = new Map();
    const body = await letterTwoUpPdf(rows.length, (i) =>
      readLabelPdf(services, rows[i] as (typeof rows)[number], connections),
    );
    return { body, format, contentType: 'application/pdf', fileName };
  }

  const offered = await labelFormatsOf(services, rows);
  const missing = rows.find((row) => !offered.get(row.id)?.includes('zpl'));
  if (missing) throw new ApiError('invalid_input', LABEL_MESSAGES.bulkZplNotOffered((missing.rowIndex ?? 0) + 1));
  let dpi = input.dpi;
  if (dpi === undefined) {
    const bulk = await readBulkOrder(services, bulkOrderId);
    dpi = bulk ? (await getLabelSettings(services, bulk.userId)).zplDpi : 203;
  }
  const decoder = new TextDecoder();
  const blocks: string[] = [];
  for (const row of rows) blocks.push(decoder.decode(await readLabelFile(services, row, 'zpl', dpi)).trim());
  const body = new TextEncoder().encode(`${blocks.join('\n')}\n`);
  return { body, format, contentType: 'application/zpl', fileName };
}
