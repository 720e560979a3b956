import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './amazon.handlers';
import { amazonRoutes } from './amazon.routes';

export const amazonRouter = new Hono<AppEnv>()
  .post(amazonRoutes.confirm, ...handlers.confirm)
  .get(amazonRoutes.savedCredentials, ...handlers.savedCredentials)
  .delete(amazonRoutes.savedCredentials, ...handlers.forgetSavedCredentials)
  .get(amazonRoutes.confirmations, ...handlers.confirmations);
