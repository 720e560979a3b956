import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './orders.handlers';
import { ordersRoutes } from './orders.routes';

export const ordersRouter = new Hono<AppEnv>()
  .post(ordersRoutes.calculatePrice, ...handlers.calculatePrice)
  .post(ordersRoutes.create, ...handlers.create);
