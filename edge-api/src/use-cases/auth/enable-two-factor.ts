import { and, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, userTwoFactor } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { hashOpaqueToken } from '../../lib/opaque-token';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { batch } from '../../ports/database';
import { TWO_FACTOR_ALREADY_ON_MESSAGE } from './setup-two-factor';
import {
  acceptTotpCode,
  INVALID_CODE_MESSAGE,
  newRecoveryCodes,
  normalizeRecoveryCode,
  twoFactorOf,
} from './two-factor-codes';

export const SETUP_FIRST_MESSAGE = 'Start the two-factor setup first (scan the QR code), then enter a code.';

/**
 * Turns 2FA on once a first code from the app matches the pending secret. Answers the 10 recovery codes, shown once:
 * only their hashes are stored (any earlier ones are deleted in the same batch).
 */
export async function enableTwoFactor(
  services: Services,
  input: { userId: string; code: string },
): Promise<{ recoveryCodes: string[] }> {
  const { db, clock } = services;
  await enforceRateLimits(services.rateLimiter, [authLimits.twoFactorPerUser(input.userId)], clock.now());
  const row = await twoFactorOf(services, input.userId);
  if (!row) throw new ApiError('invalid_input', SETUP_FIRST_MESSAGE);
  if (row.enabledAt) throw new ApiError('conflict', TWO_FACTOR_ALREADY_ON_MESSAGE);
  if (!(await acceptTotpCode(services, row, input.code))) {
    throw new ApiError('invalid_input', INVALID_CODE_MESSAGE, {
      details: [{ path: 'code', message: INVALID_CODE_MESSAGE }],
    });
  }
  const codes = newRecoveryCodes();
  await batch(db, [
    db
      .update(userTwoFactor)
      .set({ enabledAt: clock.now().toISOString() })
      .where(and(eq(userTwoFactor.userId, input.userId), isNull(userTwoFactor.enabledAt))),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId)),
    db.insert(recoveryCodes).values(
      codes.map((code) => ({
        id: newId('rcv'),
        userId: input.userId,
        codeHash: hashOpaqueToken(normalizeRecoveryCode(code)),
      })),
    ),
  ]);
  return { recoveryCodes: codes };
}
