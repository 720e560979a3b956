import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './shipping.handlers';
import { shippingRoutes } from './shipping.routes';

export const shippingRouter = new Hono<AppEnv>()
  .get(shippingRoutes.apis, ...handlers.apis)
  .get(shippingRoutes.defaultApi, ...handlers.defaultApi)
  .get(shippingRoutes.allServices, ...handlers.allServices)
  .get(shippingRoutes.reliability, ...handlers.reliability);
