import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { type OrderRow, PENDING_TRACKING_NUMBER, providerApiOf } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { enforceRateLimits, trackingLimits } from '../../lib/throttle';
import { getReadableOrder } from '../order-history/get-order';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { callProvider } from '../shipping-apis/provider-errors';
import { storeProviderTracking } from './store-provider-tracking';

export const TRACKING_UPDATED_MESSAGE = 'Tracking updated';
export const TRACKING_API_GONE_MESSAGE =
  'The shipping API this label was bought through has been removed, so its tracking cannot be refreshed.';

/**
 * POST /api/tracking/{orderId}/refresh: asks the order's provider for the parcel's tracking now and stores status,
 * events, last-checked time, delivery time and tracking number (SPEC §4). Owner or admin; others 404. An order
 * without a bought label (still PENDING) answers 409; a provider that cannot be reached answers 503 and nothing
 * changes; an API config deleted since the purchase answers 409 with a text saying so. At most
 * TRACKING_REFRESHES_PER_MINUTE per caller (429 with Retry-After beyond).
 */
export async function refreshTracking(
  services: Services,
  input: { orderId: string; caller: Pick<AuthUser, 'id' | 'isAdmin'> },
): Promise<OrderRow> {
  const row = await getReadableOrder(services, input);
  await enforceRateLimits(services.rateLimiter, [trackingLimits.refreshPerUser(input.caller.id)], services.clock.now());
  if (row.status !== 'completed' || row.trackingNumber === PENDING_TRACKING_NUMBER) {
    throw new ApiError('conflict', ORDER_MESSAGES.trackingUnavailable);
  }
  const via = providerApiOf(row);
  const api = await findApiConfig(services, via.id);
  if (!api) {
    throw new ApiError('conflict', TRACKING_API_GONE_MESSAGE, { logMessage: `order ${row.id}: api ${via.id} gone` });
  }
  const provider = await connectProvider(services, api, { livemode: row.livemode });
  const tracking = await callProvider(() => provider.getTracking(row.trackingNumber));
  const updated = await storeProviderTracking(services, row, tracking);
  // Null: another refresh stored a newer answer meanwhile; show that one.
  return updated ?? (await getReadableOrder(services, input));
}
