import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './crypto.handlers';
import { cryptoRoutes } from './crypto.routes';

export const cryptoRouter = new Hono<AppEnv>()
  .post(cryptoRoutes.createInvoice, ...handlers.createInvoice)
  .get(cryptoRoutes.pending, ...handlers.pending)
  .post(cryptoRoutes.refresh, ...handlers.refresh)
  .post(cryptoRoutes.webhook, ...handlers.webhook);
