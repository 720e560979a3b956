import type { User } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { enqueueMail } from '../mail/enqueue-mail';

export const ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';

/**
 * "Resend" on the dashboard's banner: queues another verification mail for the caller's address (the job makes the
 * token). Throttled per account: one a minute, five an hour. An address already verified is 409 and sends nothing.
 */
export async function resendEmailVerification(
  services: Services,
  user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>,
): Promise<void> {
  if (user.emailVerifiedAt) throw new ApiError('conflict', ALREADY_VERIFIED_MESSAGE);
  await enforceRateLimits(
    services.rateLimiter,
    [authLimits.verifyEmailResendPerMinute(user.id), authLimits.verifyEmailResendPerHour(user.id)],
    services.clock.now(),
  );
  await enqueueMail(services, { template: 'email-verification', userId: user.id });
}
