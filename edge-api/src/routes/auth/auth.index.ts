import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './auth.handlers';
import { authRoutes } from './auth.routes';
import * as emailVerification from './email-verification.handlers';
import * as sessions from './sessions.handlers';
import * as twoFactor from './two-factor.handlers';

export const authRouter = new Hono<AppEnv>()
  .post(authRoutes.login, ...handlers.login)
  .post(authRoutes.register, ...handlers.register)
  .get(authRoutes.verify, ...handlers.verify)
  .get(authRoutes.verifyAdmin, ...handlers.verifyAdmin)
  .post(authRoutes.bootstrapAdmin, ...handlers.bootstrapAdmin)
  .post(authRoutes.logout, ...handlers.logout)
  .post(authRoutes.changePassword, ...handlers.changePassword)
  .post(authRoutes.changeEmail, ...handlers.changeEmail)
  .post(authRoutes.forgotPassword, ...handlers.forgotPassword)
  .post(authRoutes.resetPassword, ...handlers.resetPassword)
  .get(authRoutes.twoFactorStatus, ...twoFactor.status)
  .post(authRoutes.twoFactorSetup, ...twoFactor.setup)
  .post(authRoutes.twoFactorEnable, ...twoFactor.enable)
  .post(authRoutes.twoFactorDisable, ...twoFactor.disable)
  .post(authRoutes.twoFactorVerify, ...twoFactor.verify)
  .get(authRoutes.sessions, ...sessions.list)
  .post(authRoutes.revokeOtherSessions, ...sessions.revokeOthers)
  .delete(authRoutes.session, ...sessions.revoke)
  .get(authRoutes.verifyEmail, ...emailVerification.status)
  .post(authRoutes.verifyEmail, ...emailVerification.verify)
  .post(authRoutes.resendVerifyEmail, ...emailVerification.resend);
