import type { Services } from '../../env';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { enqueueMail } from '../mail/enqueue-mail';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we sent a link to reset its password. It works for 30 minutes.';

/**
 * Forgot Password. The request does the same work whatever the address: throttle, then queue one `mail.send` job. The
 * job looks the account up and makes the token, so neither the answer nor its timing tells whether an account exists.
 */
export async function requestPasswordReset(
  services: Services,
  input: { email: string; clientIp: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await enforceRateLimits(
    services.rateLimiter,
    [authLimits.forgotPasswordPerEmail(email), authLimits.forgotPasswordPerIp(input.clientIp)],
    services.clock.now(),
  );
  await enqueueMail(services, { template: 'password-reset', email });
}
