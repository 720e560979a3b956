import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { hashOpaqueToken } from '../../lib/opaque-token';
import { hashPassword } from '../../lib/password';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { batch } from '../../ports/database';

export const RESET_TOKEN_INVALID_MESSAGE =
  'This password reset link is not valid. Please ask for a new one on the Forgot Password page.';
export const RESET_TOKEN_USED_MESSAGE =
  'This password reset link has already been used. Please ask for a new one on the Forgot Password page.';
export const RESET_TOKEN_EXPIRED_MESSAGE =
  'This password reset link has expired. Please ask for a new one on the Forgot Password page.';

function tokenError(message: string): ApiError {
  return new ApiError('invalid_input', message, { details: [{ path: 'token', message }] });
}

/**
 * Sets a new password with a token from a reset mail. The token must exist, be unused and younger than 30 minutes;
 * the password must pass the policy (a refused password leaves the token usable). One batch sets the password, revokes
 * every session of the account and marks all its reset tokens used, each statement guarded by "this token is still
 * unused": of two concurrent resets with one token, exactly one changes anything.
 */
export async function resetPassword(
  services: Services,
  input: { token: string; password: string; clientIp: string },
): Promise<void> {
  const { db, clock } = services;
  await enforceRateLimits(services.rateLimiter, [authLimits.resetPasswordPerIp(input.clientIp)], clock.now());
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
      email: users.email,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashOpaqueToken(input.token)))
    .limit(1);
  if (!row) throw tokenError(RESET_TOKEN_INVALID_MESSAGE);
  if (row.usedAt) throw tokenError(RESET_TOKEN_USED_MESSAGE);
  const now = clock.now();
  if (Date.parse(row.expiresAt) <= now.getTime()) throw tokenError(RESET_TOKEN_EXPIRED_MESSAGE);
  await enforceRateLimits(services.rateLimiter, [authLimits.resetPasswordPerUser(row.userId)], now);

  assertNewPasswordAllowed(input.password, row.email, 'password');
  const passwordHash = await hashPassword(input.password, services.config.passwordParams);
  const at = clock.now().toISOString();
  const stillUnused = sql`exists (select 1 from ${passwordResetTokens} where ${passwordResetTokens.id} = ${row.id} and ${passwordResetTokens.usedAt} is null and ${passwordResetTokens.expiresAt} > ${at})`;
  const [, , , claimed] = await batch(db, [
    db
      .update(users)
      // A reset proves the mailbox: the account's login delay starts again too.
      .set({ passwordHash, failedLogins: 0, loginRetryAt: null, updatedAt: at })
      .where(and(eq(users.id, row.userId), stillUnused)),
    db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt), stillUnused)),
    // The account's other reset links stop working too; this token is claimed last, by compare-and-set.
    db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResetTokens.userId, row.userId),
          ne(passwordResetTokens.id, row.id),
          isNull(passwordResetTokens.usedAt),
          stillUnused,
        ),
      ),
    db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResetTokens.id, row.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, at),
        ),
      )
      .returning({ id: passwordResetTokens.id }),
  ]);
  if (claimed.length === 0) throw tokenError(RESET_TOKEN_USED_MESSAGE);
}
