import type {
  AuthResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { presentUser } from '../../lib/presenters/user';
import { requireUser } from '../../middleware/auth';
import { disableTwoFactor } from '../../use-cases/auth/disable-two-factor';
import { enableTwoFactor } from '../../use-cases/auth/enable-two-factor';
import { getTwoFactorStatus } from '../../use-cases/auth/get-two-factor-status';
import { setupTwoFactor } from '../../use-cases/auth/setup-two-factor';
import { verifyTwoFactorLogin } from '../../use-cases/auth/verify-two-factor-login';
import { authValidators } from './auth.routes';

const factory = createFactory<AppEnv>();

export const status = factory.createHandlers(requireUser, async (c) => {
  const body: TwoFactorStatus = await getTwoFactorStatus(c.get('services'), c.get('user').id);
  return c.json(body, 200);
});

export const setup = factory.createHandlers(requireUser, async (c) => {
  const body: TwoFactorSetupResponse = await setupTwoFactor(c.get('services'), c.get('user'));
  return c.json(body, 200);
});

export const enable = factory.createHandlers(requireUser, authValidators.twoFactorEnable, async (c) => {
  const { code } = c.req.valid('json');
  const { recoveryCodes } = await enableTwoFactor(c.get('services'), { userId: c.get('user').id, code });
  const body: TwoFactorEnableResponse = {
    message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.',
    recoveryCodes,
  };
  return c.json(body, 200);
});

export const disable = factory.createHandlers(requireUser, authValidators.twoFactorDisable, async (c) => {
  const { code, password } = c.req.valid('json');
  await disableTwoFactor(c.get('services'), { userId: c.get('user').id, code, password });
  return c.json({ message: 'Two-factor sign-in is off.' }, 200);
});

export const verify = factory.createHandlers(authValidators.twoFactorVerify, async (c) => {
  const { mfaToken, code } = c.req.valid('json');
  const session = await verifyTwoFactorLogin(c.get('services'), { mfaToken, code, clientIp: c.get('clientIp') });
  const body: AuthResponse = { token: session.token, user: presentUser(session.user), message: 'Login successful' };
  return c.json(body, 200);
});
