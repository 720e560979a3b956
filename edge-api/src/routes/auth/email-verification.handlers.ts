import type { EmailVerificationStatus, MessageResponse, VerifyEmailResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { authenticate } from '../../middleware/auth';
import { resendEmailVerification } from '../../use-cases/auth/resend-email-verification';
import { verifyEmail } from '../../use-cases/auth/verify-email';
import { authValidators } from './auth.routes';

const factory = createFactory<AppEnv>();

/** GET /api/auth/verify-email: the caller's address and whether it is verified (the dashboard's banner). */
export const status = factory.createHandlers(async (c) => {
  const user = await authenticate(c);
  const body: EmailVerificationStatus = {
    email: user.email,
    verified: user.emailVerifiedAt !== null,
    verifiedAt: user.emailVerifiedAt,
  };
  return c.json(body, 200);
});

/** POST /api/auth/verify-email {token}: the link of the verification mail. No session needed. */
export const verify = factory.createHandlers(authValidators.verifyEmail, async (c) => {
  const { token } = c.req.valid('json');
  const { email } = await verifyEmail(c.get('services'), { token, clientIp: c.get('clientIp') });
  const body: VerifyEmailResponse = { message: 'Your email address is verified. Thank you!', email };
  return c.json(body, 200);
});

/** POST /api/auth/verify-email/resend: another verification mail to the caller's address (throttled). */
export const resend = factory.createHandlers(async (c) => {
  const user = await authenticate(c);
  await resendEmailVerification(c.get('services'), user);
  const body: MessageResponse = { message: `We sent a new verification link to ${user.email}.` };
  return c.json(body, 200);
});
