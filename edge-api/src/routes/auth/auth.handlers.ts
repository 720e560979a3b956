import type {
  AuthResponse,
  ChangeEmailResponse,
  MessageResponse,
  MfaRequiredResponse,
  VerifyResponse,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { presentUser } from '../../lib/presenters/user';
import { ADMIN_REQUIRED_MESSAGE, assertAdminTwoFactor, authenticate, requireUser } from '../../middleware/auth';
import { changeEmail as changeEmailUseCase } from '../../use-cases/auth/change-email';
import { changePassword as changePasswordUseCase } from '../../use-cases/auth/change-password';
import { loginUser } from '../../use-cases/auth/login-user';
import { logoutSession } from '../../use-cases/auth/logout-session';
import { registerUser } from '../../use-cases/auth/register-user';
import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset } from '../../use-cases/auth/request-password-reset';
import { resetPassword as resetPasswordUseCase } from '../../use-cases/auth/reset-password';
import { INVALID_TOKEN_MESSAGE } from '../../use-cases/auth/verify-session';
import { bootstrapAdmin as bootstrapFirstAdmin } from '../../use-cases/users/bootstrap-admin';
import { getUserById } from '../../use-cases/users/get-user-by-id';
import { authValidators } from './auth.routes';

const factory = createFactory<AppEnv>();

export const login = factory.createHandlers(authValidators.login, async (c) => {
  const { email, password } = c.req.valid('json');
  const session = await loginUser(c.get('services'), { email, password, clientIp: c.get('clientIp') });
  if ('mfaRequired' in session) {
    const mfa: MfaRequiredResponse = {
      mfaRequired: true,
      mfaToken: session.mfaToken,
      message: 'Enter the code from your authenticator app',
    };
    return c.json(mfa, 200);
  }
  const body: AuthResponse = { token: session.token, user: presentUser(session.user), message: 'Login successful' };
  return c.json(body, 200);
});

export const register = factory.createHandlers(authValidators.register, async (c) => {
  const { name, email, password } = c.req.valid('json');
  const session = await registerUser(c.get('services'), { name, email, password, clientIp: c.get('clientIp') });
  const body: AuthResponse = {
    token: session.token,
    user: presentUser(session.user),
    message: 'Registration successful',
  };
  return c.json(body, 201);
});

export const verify = factory.createHandlers(async (c) => {
  const user = await authenticate(c);
  const body: VerifyResponse = { valid: true, expired: false, user: presentUser(user), message: 'Token is valid' };
  return c.json(body, 200);
});

export const verifyAdmin = factory.createHandlers(async (c) => {
  const user = await authenticate(c);
  if (!user.isAdmin) throw new ApiError('forbidden', ADMIN_REQUIRED_MESSAGE);
  await assertAdminTwoFactor(c, user);
  const body: VerifyResponse = {
    valid: true,
    expired: false,
    user: presentUser(user),
    message: 'Admin access verified',
  };
  return c.json(body, 200);
});

export const bootstrapAdmin = factory.createHandlers(authValidators.bootstrapAdmin, async (c) => {
  const { bootstrapToken, name, email, password } = c.req.valid('json');
  const session = await bootstrapFirstAdmin(c.get('services'), {
    bootstrapToken,
    name,
    email,
    password,
    clientIp: c.get('clientIp'),
  });
  const body: AuthResponse = { token: session.token, user: presentUser(session.user), message: 'Admin created' };
  return c.json(body, 201);
});

export const logout = factory.createHandlers(async (c) => {
  await authenticate(c);
  await logoutSession(c.get('services'), { sessionId: c.get('sessionId') });
  const body: MessageResponse = { message: 'Logged out' };
  return c.json(body, 200);
});

export const changePassword = factory.createHandlers(requireUser, authValidators.changePassword, async (c) => {
  const { currentPassword, newPassword } = c.req.valid('json');
  const services = c.get('services');
  // The middleware's `user` is typed without the password hash: read the row the use-case checks against.
  const user = await getUserById(services, c.get('user').id);
  if (!user) throw new ApiError('unauthorized', INVALID_TOKEN_MESSAGE);
  await changePasswordUseCase(services, { user, sessionId: c.get('sessionId'), currentPassword, newPassword });
  const body: MessageResponse = { message: 'Password changed. Your other sessions were signed out.' };
  return c.json(body, 200);
});

export const changeEmail = factory.createHandlers(requireUser, authValidators.changeEmail, async (c) => {
  const { email, password } = c.req.valid('json');
  const user = await changeEmailUseCase(c.get('services'), { userId: c.get('user').id, email, password });
  const body: ChangeEmailResponse = {
    message: `Email changed to ${user.email}. Open the link we sent there to verify it.`,
    user: presentUser(user),
  };
  return c.json(body, 200);
});

export const forgotPassword = factory.createHandlers(authValidators.forgotPassword, async (c) => {
  const { email } = c.req.valid('json');
  await requestPasswordReset(c.get('services'), { email, clientIp: c.get('clientIp') });
  const body: MessageResponse = { message: FORGOT_PASSWORD_MESSAGE };
  return c.json(body, 200);
});

export const resetPassword = factory.createHandlers(authValidators.resetPassword, async (c) => {
  const { token, password } = c.req.valid('json');
  await resetPasswordUseCase(c.get('services'), { token, password, clientIp: c.get('clientIp') });
  const body: MessageResponse = { message: 'Your password was changed. Please log in with the new password.' };
  return c.json(body, 200);
});
