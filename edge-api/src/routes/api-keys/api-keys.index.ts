import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './api-keys.handlers';
import { apiKeysRoutes } from './api-keys.routes';

export const apiKeysRouter = new Hono<AppEnv>()
  .get(apiKeysRoutes.get, ...handlers.get)
  .post(apiKeysRoutes.regenerate, ...handlers.regenerate);
