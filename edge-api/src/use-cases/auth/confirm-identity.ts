import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { verifyPassword } from '../../lib/password';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { getUserById } from '../users/get-user-by-id';
import { acceptRecoveryCode, acceptTotpCode, INVALID_CODE_MESSAGE, twoFactorOf } from './two-factor-codes';

export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';

/**
 * Asks a signed-in user to prove again that they are the account's owner before a sensitive change (turning
 * two-factor off, signing sessions out: ASVS 5.0 V7.5): a current code from the authenticator app or an unused
 * recovery code (only with two-factor on; a used one is spent), else the account's password. Throttled per account
 * with the two-factor attempts, so neither can be guessed at. A wrong proof is a 400 on its field and changes nothing.
 */
export async function confirmIdentity(
  services: Services,
  input: { userId: string; code?: string | undefined; password?: string | undefined },
): Promise<void> {
  const { userId } = input;
  await enforceRateLimits(services.rateLimiter, [authLimits.twoFactorPerUser(userId)], services.clock.now());
  if (input.code) {
    const row = await twoFactorOf(services, userId);
    const ok =
      row?.enabledAt != null &&
      ((await acceptTotpCode(services, row, input.code)) || (await acceptRecoveryCode(services, userId, input.code)));
    if (!ok) {
      throw new ApiError('invalid_input', INVALID_CODE_MESSAGE, {
        details: [{ path: 'code', message: INVALID_CODE_MESSAGE }],
      });
    }
    return;
  }
  // The session's user carries no password hash: the row it is checked against.
  const user = await getUserById(services, userId);
  if (!user || !(await verifyPassword(input.password ?? '', user.passwordHash))) {
    throw new ApiError('invalid_input', WRONG_PASSWORD_MESSAGE, {
      details: [{ path: 'password', message: WRONG_PASSWORD_MESSAGE }],
    });
  }
}
