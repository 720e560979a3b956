import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './bulk-history.handlers';
import { bulkHistoryRoutes } from './bulk-history.routes';

export const bulkHistoryRouter = new Hono<AppEnv>()
  .get(bulkHistoryRoutes.history, ...handlers.history)
  .get(bulkHistoryRoutes.get, ...handlers.get)
  .get(bulkHistoryRoutes.failedCsv, ...handlers.failedCsv);
