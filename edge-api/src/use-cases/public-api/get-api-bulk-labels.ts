import type { BulkLabelFormat, ZplDpi } from '@labeldesk/contracts';
import type { AuthUser, Services } from '../../env';
import { type BulkLabelDocument, getBulkLabelDocument } from '../bulk-orders/get-bulk-label-document';

/**
 * GET /api/v1/bulk-labels/{id}?format=pdf|zpl|letter-2up&dpi=, with a key of either mode (a test key reads its own
 * test bulk orders, a live key live ones: `livemode`): the web app's combined labels document
 * (getBulkLabelDocument: every label bought so far, in row order, streamed from the blob store), in the same formats.
 * Another customer's bulk order → 404 as if it did not exist (the key acts as its owner's customer account, whatever
 * their role); no label bought yet (still buying, or every row failed) → 409, as GET /api/v1/labels/{id} answers for a
 * label not bought yet; ZPL when a label's service cannot print it → 400 naming the row.
 */
export function getApiBulkLabels(
  services: Services,
  input: { bulkOrderId: string; user: AuthUser; livemode: boolean; format: BulkLabelFormat; dpi: ZplDpi },
): Promise<BulkLabelDocument> {
  return getBulkLabelDocument(services, {
    bulkOrderId: input.bulkOrderId,
    access: { kind: 'user', user: { ...input.user, isAdmin: false }, livemode: input.livemode },
    format: input.format,
    dpi: input.dpi,
    notReady: 'conflict',
  });
}
