import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './admin-orders.handlers';
import { adminOrdersRoutes } from './admin-orders.routes';

export const adminOrdersRouter = new Hono<AppEnv>()
  .get(adminOrdersRoutes.list, ...handlers.list)
  .get(adminOrdersRoutes.labelStats, ...handlers.labelStats);
