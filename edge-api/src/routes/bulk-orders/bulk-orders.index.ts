import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './bulk-orders.handlers';
import { bulkOrdersRoutes } from './bulk-orders.routes';

export const bulkOrdersRouter = new Hono<AppEnv>()
  .post(bulkOrdersRoutes.validate, ...handlers.validate)
  .post(bulkOrdersRoutes.process, ...handlers.processBulk);
