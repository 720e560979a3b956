import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './order-void.handlers';
import { orderVoidRoutes } from './order-void.routes';

/** The web app's void (session); the public API's is mounted by routes/v1/v1.index.ts. */
export const orderVoidRouter = new Hono<AppEnv>().post(orderVoidRoutes.void, ...handlers.voidOrderForSession);
