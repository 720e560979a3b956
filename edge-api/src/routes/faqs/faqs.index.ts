import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './faqs.handlers';
import { faqsRoutes } from './faqs.routes';

export const faqsRouter = new Hono<AppEnv>()
  .get(faqsRoutes.list, ...handlers.list)
  .get(faqsRoutes.adminList, ...handlers.adminList)
  .post(faqsRoutes.adminList, ...handlers.create)
  .put(faqsRoutes.adminItem, ...handlers.update)
  .delete(faqsRoutes.adminItem, ...handlers.remove);
