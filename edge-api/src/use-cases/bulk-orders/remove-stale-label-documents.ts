import type { Services } from '../../env';
import { readBulkOrder } from './bulk-order-reads';
import { boughtRows, currentLabelDocumentKeys, labelDocumentsPrefix } from './label-documents';

/**
 * Deletes the stored combined documents of a bulk order (4x6 PDF, Letter 2-up, ZPL) that are no longer current: made
 * for a set of labels that a void has since changed (each is keyed by the set it holds, so a read after the void builds
 * new ones and nothing else would ever remove the old). Run after a void of one of its labels and after every build.
 *
 * Not while the bulk order is still buying: labels are then only added, and a read building the document of the
 * labels bought so far must not have it removed by a read that saw one label more. Best effort: a failure is logged,
 * and the next run removes what this one left. Answers how many it deleted.
 */
export async function removeStaleLabelDocuments(
  services: Services,
  bulkOrderId: string,
  rows?: { id: string }[],
): Promise<number> {
  try {
    const bulk = await readBulkOrder(services, bulkOrderId);
    if (!bulk || bulk.status === 'processing') return 0;
    const current = await currentLabelDocumentKeys(bulkOrderId, rows ?? (await boughtRows(services, bulkOrderId)));
    const stale = (await services.blobs.list(labelDocumentsPrefix(bulkOrderId))).filter((key) => !current.has(key));
    for (const key of stale) await services.blobs.delete(key);
    if (stale.length > 0) services.log.info('bulk.stale_label_documents_removed', { bulkOrderId, count: stale.length });
    return stale.length;
  } catch (err) {
    services.log.warn('bulk.stale_label_documents_not_removed', { bulkOrderId, err });
    return 0;
  }
}
