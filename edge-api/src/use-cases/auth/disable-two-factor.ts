import { eq } from 'drizzle-orm';
import { recoveryCodes, userTwoFactor } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { batch } from '../../ports/database';
import { confirmIdentity } from './confirm-identity';
import { twoFactorOf } from './two-factor-codes';

export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor sign-in is not on.';

/** Turns 2FA off with a current code (or a recovery code) or the account's password; deletes the secret and codes. */
export async function disableTwoFactor(
  services: Services,
  input: { userId: string; code?: string | undefined; password?: string | undefined },
): Promise<void> {
  const { db } = services;
  const { userId } = input;
  const row = await twoFactorOf(services, userId);
  if (!row?.enabledAt) throw new ApiError('invalid_input', TWO_FACTOR_OFF_MESSAGE);
  await confirmIdentity(services, input);
  await batch(db, [
    db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
}
