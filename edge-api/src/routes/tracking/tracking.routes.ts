import { RefreshUserTrackingRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';
import { ORDER_ID_PATTERN } from '../order-history/order-history.routes';

/** Tracking of one order (SPEC §7 tracking calls): owner or admin. Refresh of one customer's labels: admin. */
export const trackingRoutes = {
  get: `/tracking/:orderId{${ORDER_ID_PATTERN}}`,
  refresh: `/tracking/:orderId{${ORDER_ID_PATTERN}}/refresh`,
  refreshStats: '/tracking/refresh-stats/:userId',
  refreshUser: '/tracking/refresh-user/:userId',
  refreshRun: '/tracking/refresh-runs/:runId',
} as const;

export const TrackingOrderParam = z.object({ orderId: z.string().min(1).max(100) });
export const TrackingUserParam = z.object({ userId: z.string().min(1).max(100) });
export const TrackingRunParam = z.object({ runId: z.string().min(1).max(100) });

export const trackingValidators = {
  orderId: pathParams(TrackingOrderParam),
  userId: pathParams(TrackingUserParam),
  runId: pathParams(TrackingRunParam),
  refreshUser: jsonBody(RefreshUserTrackingRequest),
};
