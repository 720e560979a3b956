import { sql } from 'drizzle-orm';
import { userTwoFactor } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { newTotpSecret, otpauthUrl } from '../../lib/totp';
import { isTwoFactorEnabled, sealTotpSecret } from './two-factor-codes';

export const TWO_FACTOR_ALREADY_ON_MESSAGE = 'Two-factor sign-in is already on. Turn it off first to set up a new app.';

/**
 * Starts (or restarts) 2FA setup: a new 160-bit secret, sealed at rest, not yet enabled. The caller shows it as a QR
 * code; POST /api/auth/2fa/enable with a first code turns it on.
 */
export async function setupTwoFactor(
  services: Services,
  user: { id: string; email: string },
): Promise<{ secret: string; otpauthUrl: string }> {
  await enforceRateLimits(services.rateLimiter, [authLimits.twoFactorPerUser(user.id)], services.clock.now());
  if (await isTwoFactorEnabled(services, user.id)) throw new ApiError('conflict', TWO_FACTOR_ALREADY_ON_MESSAGE);
  const secret = newTotpSecret();
  const secretSealed = await sealTotpSecret(services, user.id, secret);
  const now = services.clock.now().toISOString();
  await services.db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretSealed, enabledAt: null, lastUsedStep: 0, createdAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, lastUsedStep: 0, createdAt: now },
      // Never over an enabled secret (a race with enable): the update is a no-op then.
      setWhere: sql`${userTwoFactor.enabledAt} is null`,
    });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}
