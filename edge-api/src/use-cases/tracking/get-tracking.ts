import type { OrderRow } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { getReadableOrder } from '../order-history/get-order';

/** GET /api/tracking/{orderId}: what was last learned about the parcel (owner or admin; others 404). */
export function getTracking(
  services: Services,
  input: { orderId: string; caller: Pick<AuthUser, 'id' | 'isAdmin'> },
): Promise<OrderRow> {
  return getReadableOrder(services, input);
}
