import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './api-reference.handlers';
import { apiReferenceRoutes } from './api-reference.routes';

/** The interactive API reference under /api/v1 (public). */
export const apiReferenceRouter = new Hono<AppEnv>()
  .get(apiReferenceRoutes.page, ...handlers.page)
  .get(apiReferenceRoutes.file, ...handlers.file);
