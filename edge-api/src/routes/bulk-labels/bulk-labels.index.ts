import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './bulk-labels.handlers';
import { bulkLabelsRoutes } from './bulk-labels.routes';

export const bulkLabelsRouter = new Hono<AppEnv>()
  .post(bulkLabelsRoutes.link, ...handlers.link)
  .get(bulkLabelsRoutes.get, ...handlers.get);
