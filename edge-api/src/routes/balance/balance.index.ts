import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './balance.handlers';
import { balanceRoutes } from './balance.routes';

export const balanceRouter = new Hono<AppEnv>()
  .get(balanceRoutes.balance, ...handlers.balance)
  .get(balanceRoutes.transactions, ...handlers.transactions);
