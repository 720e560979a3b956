import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions, type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { batch } from '../../ports/database';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

export interface ChangePasswordInput {
  user: User;
  /** The session asking: it stays signed in, every other session of the user is revoked. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the caller's password: the current one must be right (throttled per user, so a stolen session cannot guess
 * it quickly), the new one must pass the password policy. The new hash and the revocation of the user's other
 * sessions are one batch: after it, only the session that made the change is signed in.
 */
export async function changePassword(services: Services, input: ChangePasswordInput): Promise<void> {
  const { db, clock } = services;
  await enforceRateLimits(services.rateLimiter, [authLimits.changePasswordPerUser(input.user.id)], clock.now());
  if (!(await verifyPassword(input.currentPassword, input.user.passwordHash))) {
    throw new ApiError('invalid_input', WRONG_CURRENT_PASSWORD_MESSAGE, {
      details: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }],
    });
  }
  assertNewPasswordAllowed(input.newPassword, input.user.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword, services.config.passwordParams);
  const now = clock.now().toISOString();
  await batch(db, [
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, input.user.id)),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, input.user.id), ne(sessions.id, input.sessionId), isNull(sessions.revokedAt))),
  ]);
}
