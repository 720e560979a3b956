import { BULK_MESSAGES } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import type { StreamedBlob } from '../../ports/blob-store';
import { produceCombinedLabels } from '../bulk-orders/build-combined-labels';
import { readableBulkOrder } from '../bulk-orders/bulk-order-reads';

/**
 * GET /api/v1/bulk-labels/{id} with a live key: the web app's combined labels document (produceCombinedLabels: every
 * label bought so far, in row order), streamed from the blob store. Another customer's bulk order → 404 as if it did not exist (the key acts as its
 * owner's customer account, whatever their role); no label bought yet (still buying, or every row failed) → 409, as
 * GET /api/v1/labels/{id} answers for a label not bought yet.
 */
export async function getApiBulkLabels(
  services: Services,
  input: { bulkOrderId: string; userId: string },
): Promise<StreamedBlob> {
  await readableBulkOrder(services, { bulkOrderId: input.bulkOrderId, caller: { id: input.userId, isAdmin: false } });
  const combined = await produceCombinedLabels(services, input.bulkOrderId);
  const stored = combined && (await services.blobs.getStream(combined.blobKey));
  if (!stored) throw new ApiError('conflict', BULK_MESSAGES.labelsNotReady);
  return stored;
}
