import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './bulk-orders.handlers';
import { bulkOrdersRoutes } from './bulk-orders.routes';

export const bulkOrdersRouter = new Hono<AppEnv>()
  .post(bulkOrdersRoutes.validate, ...handlers.validate)
  .post(bulkOrdersRoutes.process, ...handlers.processBulk)
  .get(bulkOrdersRoutes.history, ...handlers.history)
  .get(bulkOrdersRoutes.get, ...handlers.get)
  .get(bulkOrdersRoutes.failedCsv, ...handlers.failedCsv)
  .post(bulkOrdersRoutes.cancel, ...handlers.cancel);
