import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './notification-settings.handlers';
import { notificationSettingsRoutes } from './notification-settings.routes';

export const notificationSettingsRouter = new Hono<AppEnv>()
  .get(notificationSettingsRoutes.settings, ...handlers.get)
  .put(notificationSettingsRoutes.settings, ...handlers.update);
