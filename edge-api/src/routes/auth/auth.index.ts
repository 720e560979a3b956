import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './auth.handlers';
import { authRoutes } from './auth.routes';

export const authRouter = new Hono<AppEnv>()
  .post(authRoutes.login, ...handlers.login)
  .post(authRoutes.register, ...handlers.register)
  .get(authRoutes.verify, ...handlers.verify)
  .get(authRoutes.verifyAdmin, ...handlers.verifyAdmin)
  .post(authRoutes.bootstrapAdmin, ...handlers.bootstrapAdmin)
  .post(authRoutes.logout, ...handlers.logout)
  .post(authRoutes.changePassword, ...handlers.changePassword)
  .post(authRoutes.forgotPassword, ...handlers.forgotPassword)
  .post(authRoutes.resetPassword, ...handlers.resetPassword);
