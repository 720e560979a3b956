import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './custom-pricing.handlers';
import { customPricingRoutes } from './custom-pricing.routes';

export const customPricingRouter = new Hono<AppEnv>()
  .get(customPricingRoutes.item, ...handlers.get)
  .patch(customPricingRoutes.item, ...handlers.update);
