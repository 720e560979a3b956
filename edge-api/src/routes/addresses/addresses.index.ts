import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './addresses.handlers';
import { addressesRoutes } from './addresses.routes';

export const addressesRouter = new Hono<AppEnv>()
  .get(addressesRoutes.list, ...handlers.list)
  .get(addressesRoutes.senders, ...handlers.senders)
  .post(addressesRoutes.list, ...handlers.create)
  .put(addressesRoutes.item, ...handlers.update)
  .delete(addressesRoutes.item, ...handlers.remove);
