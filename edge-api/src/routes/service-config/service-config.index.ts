import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './service-config.handlers';
import { serviceConfigRoutes } from './service-config.routes';

export const serviceConfigRouter = new Hono<AppEnv>()
  .patch(serviceConfigRoutes.pricing, ...handlers.updatePricing)
  .patch(serviceConfigRoutes.reliability, ...handlers.updateReliability)
  .get(serviceConfigRoutes.dynamicPricing, ...handlers.getDynamicPricing)
  .patch(serviceConfigRoutes.dynamicPricing, ...handlers.updateDynamic);
