import { BULK_MESSAGES, type BulkLabelLinkResponse } from '@labeldesk/contracts';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { bulkLabelLinks } from '../../lib/label-links';
import type { LabelAccess } from '../orders/get-label-document';
import { readableBulkOrder, readBulkOrder } from './bulk-order-reads';

/** 404 unless the caller may open this bulk order's labels: a session of its owner or an admin, or a signed link. */
export async function checkAccess(services: Services, bulkOrderId: string, access: LabelAccess): Promise<void> {
  if (access.kind === 'user') {
    // A v1 key reads bulk orders of its own mode; a session, live ones.
    await readableBulkOrder(services, { bulkOrderId, caller: { ...access.user, livemode: access.livemode } });
    return;
  }
  if (!(await readBulkOrder(services, bulkOrderId))) throw new ApiError('not_found', BULK_MESSAGES.bulkOrderNotFound);
}

/** POST /api/labels/bulk/{id}/link: signed URLs of the combined labels, for the owner or an admin (others: 404). */
export async function createBulkLabelLink(
  services: Services,
  input: { bulkOrderId: string; user: AuthUser },
): Promise<BulkLabelLinkResponse> {
  await readableBulkOrder(services, { bulkOrderId: input.bulkOrderId, caller: input.user });
  return bulkLabelLinks(services.config.jwtSecret, input.bulkOrderId, services.clock.now());
}
