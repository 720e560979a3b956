import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './deposits.handlers';
import { depositsRoutes } from './deposits.routes';

export const depositsRouter = new Hono<AppEnv>().get(depositsRoutes.adminList, ...handlers.adminList);
