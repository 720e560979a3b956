import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './order-history.handlers';
import { orderHistoryRoutes } from './order-history.routes';

export const orderHistoryRouter = new Hono<AppEnv>()
  .get(orderHistoryRoutes.list, ...handlers.list)
  .get(orderHistoryRoutes.counts, ...handlers.counts)
  .get(orderHistoryRoutes.stats, ...handlers.stats)
  .get(orderHistoryRoutes.dateRange, ...handlers.dateRange)
  .get(orderHistoryRoutes.get, ...handlers.get);
