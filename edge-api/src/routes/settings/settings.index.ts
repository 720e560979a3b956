import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './settings.handlers';
import { settingsRoutes } from './settings.routes';

export const settingsRouter = new Hono<AppEnv>()
  .get(settingsRoutes.publicSettings, ...handlers.publicSettings)
  .get(settingsRoutes.appSettings, ...handlers.getSettings)
  .put(settingsRoutes.appSettings, ...handlers.updateSettings);
