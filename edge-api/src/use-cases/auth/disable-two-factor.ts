import { eq } from 'drizzle-orm';
import { recoveryCodes, type User, userTwoFactor } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { verifyPassword } from '../../lib/password';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { batch } from '../../ports/database';
import { acceptRecoveryCode, acceptTotpCode, INVALID_CODE_MESSAGE, twoFactorOf } from './two-factor-codes';

export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor sign-in is not on.';
export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';

/** Turns 2FA off with a current code (or a recovery code) or the account's password; deletes the secret and codes. */
export async function disableTwoFactor(
  services: Services,
  input: { user: User; code?: string | undefined; password?: string | undefined },
): Promise<void> {
  const { db, clock } = services;
  const userId = input.user.id;
  await enforceRateLimits(services.rateLimiter, [authLimits.twoFactorPerUser(userId)], clock.now());
  const row = await twoFactorOf(services, userId);
  if (!row?.enabledAt) throw new ApiError('invalid_input', TWO_FACTOR_OFF_MESSAGE);
  if (input.code) {
    const ok =
      (await acceptTotpCode(services, row, input.code)) || (await acceptRecoveryCode(services, userId, input.code));
    if (!ok)
      throw new ApiError('invalid_input', INVALID_CODE_MESSAGE, {
        details: [{ path: 'code', message: INVALID_CODE_MESSAGE }],
      });
  } else if (!(await verifyPassword(input.password ?? '', input.user.passwordHash))) {
    throw new ApiError('invalid_input', WRONG_PASSWORD_MESSAGE, {
      details: [{ path: 'password', message: WRONG_PASSWORD_MESSAGE }],
    });
  }
  await batch(db, [
    db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
}
