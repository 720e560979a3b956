import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './users.handlers';
import { usersRoutes } from './users.routes';

export const usersRouter = new Hono<AppEnv>()
  .get(usersRoutes.adminList, ...handlers.adminList)
  .patch(usersRoutes.adminBalance, ...handlers.adminBalance);
