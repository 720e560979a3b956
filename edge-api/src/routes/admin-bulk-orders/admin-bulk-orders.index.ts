import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './admin-bulk-orders.handlers';
import { adminBulkOrdersRoutes } from './admin-bulk-orders.routes';

export const adminBulkOrdersRouter = new Hono<AppEnv>()
  .get(adminBulkOrdersRoutes.list, ...handlers.list)
  .get(adminBulkOrdersRoutes.get, ...handlers.get);
