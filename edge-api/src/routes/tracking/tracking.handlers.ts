import type { TrackingInfo, TrackingRefreshResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { presentTracking } from '../../lib/presenters/order';
import { requireUser } from '../../middleware/auth';
import { getTracking } from '../../use-cases/tracking/get-tracking';
import { refreshTracking, TRACKING_UPDATED_MESSAGE } from '../../use-cases/tracking/refresh-tracking';
import { trackingValidators } from './tracking.routes';

const factory = createFactory<AppEnv>();

export const get = factory.createHandlers(requireUser, trackingValidators.orderId, async (c) => {
  const row = await getTracking(c.get('services'), { orderId: c.req.valid('param').orderId, caller: c.get('user') });
  const body: TrackingInfo = presentTracking(row);
  return c.json(body, 200);
});

export const refresh = factory.createHandlers(requireUser, trackingValidators.orderId, async (c) => {
  const row = await refreshTracking(c.get('services'), {
    orderId: c.req.valid('param').orderId,
    caller: c.get('user'),
  });
  const body: TrackingRefreshResponse = { ...presentTracking(row), message: TRACKING_UPDATED_MESSAGE };
  return c.json(body, 200);
});
