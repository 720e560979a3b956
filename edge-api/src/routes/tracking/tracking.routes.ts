import { z } from 'zod';
import { pathParams } from '../../middleware/validate';
import { ORDER_ID_PATTERN } from '../order-history/order-history.routes';

/** Tracking of one order (SPEC §7 tracking calls): owner or admin. */
export const trackingRoutes = {
  get: `/tracking/:orderId{${ORDER_ID_PATTERN}}`,
  refresh: `/tracking/:orderId{${ORDER_ID_PATTERN}}/refresh`,
} as const;

export const TrackingOrderParam = z.object({ orderId: z.string().min(1).max(100) });

export const trackingValidators = {
  orderId: pathParams(TrackingOrderParam),
};
