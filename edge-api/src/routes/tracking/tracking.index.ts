import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './tracking.handlers';
import { trackingRoutes } from './tracking.routes';

export const trackingRouter = new Hono<AppEnv>()
  .get(trackingRoutes.get, ...handlers.get)
  .post(trackingRoutes.refresh, ...handlers.refresh)
  .get(trackingRoutes.refreshStats, ...handlers.refreshStats)
  .post(trackingRoutes.refreshUser, ...handlers.refreshUser)
  .get(trackingRoutes.refreshRun, ...handlers.refreshRun);
