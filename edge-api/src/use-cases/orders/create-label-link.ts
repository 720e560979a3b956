import { type LabelLinkResponse, ORDER_MESSAGES } from '@labeldesk/contracts';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { labelLinks } from '../../lib/label-links';
import { labelOrder } from './get-label-document';

/**
 * POST /api/labels/{id}/link: links to the label of one order, signed for LABEL_LINK_TTL_SECONDS, for its owner or an
 * admin (others: 404 'Order not found'); 409 while the label is not bought.
 */
export async function createLabelLink(
  services: Services,
  input: { orderId: string; user: AuthUser },
): Promise<LabelLinkResponse> {
  try {
    await labelOrder(services, { orderId: input.orderId, access: { kind: 'user', user: input.user } });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found')
      throw new ApiError('not_found', ORDER_MESSAGES.orderNotFound);
    throw err;
  }
  return labelLinks(services.config.jwtSecret, input.orderId, services.clock.now());
}
