import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './health.handlers';
import { healthRoutes } from './health.routes';

export const healthRouter = new Hono<AppEnv>()
  .get(healthRoutes.health, ...handlers.health)
  .get(healthRoutes.live, ...handlers.live);
