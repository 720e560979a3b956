import { z } from 'zod';
import { queryParams } from '../../middleware/validate';

/** Customers: the shipping APIs and services they can buy from (SPEC §7). Keys and base URLs never appear. */
export const shippingRoutes = {
  apis: '/shipping/apis',
  defaultApi: '/shipping/default-api',
  allServices: '/shipping/all-services',
  reliability: '/shipping/services/reliability',
} as const;

export const AllServicesQuery = z.object({ apiId: z.string().trim().min(1).max(100).optional() });

export const shippingValidators = {
  allServices: queryParams(AllServicesQuery),
};
