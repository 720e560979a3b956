import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './pricing-margins.handlers';
import { pricingMarginsRoutes } from './pricing-margins.routes';

export const pricingMarginsRouter = new Hono<AppEnv>().get(pricingMarginsRoutes.margins, ...handlers.margins);
