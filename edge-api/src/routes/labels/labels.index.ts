import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './labels.handlers';
import { labelsRoutes } from './labels.routes';

export const labelsRouter = new Hono<AppEnv>()
  .get(labelsRoutes.settings, ...handlers.getSettings)
  .put(labelsRoutes.settings, ...handlers.updateSettings)
  .post(labelsRoutes.link, ...handlers.link)
  .get(labelsRoutes.inline, ...handlers.inline)
  .get(labelsRoutes.download, ...handlers.download)
  .get(labelsRoutes.print, ...handlers.print);
