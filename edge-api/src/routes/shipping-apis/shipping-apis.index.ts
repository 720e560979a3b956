import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './shipping-apis.handlers';
import { shippingApisRoutes } from './shipping-apis.routes';

export const shippingApisRouter = new Hono<AppEnv>()
  .get(shippingApisRoutes.list, ...handlers.list)
  .get(shippingApisRoutes.health, ...handlers.health)
  .patch(shippingApisRoutes.failover, ...handlers.failover)
  .post(shippingApisRoutes.list, ...handlers.create)
  .put(shippingApisRoutes.item, ...handlers.updateKey)
  .delete(shippingApisRoutes.item, ...handlers.remove)
  .patch(shippingApisRoutes.setDefault, ...handlers.setDefault)
  .get(shippingApisRoutes.providerPrices, ...handlers.providerPrices);
