import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailVerificationTokens, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { hashOpaqueToken } from '../../lib/opaque-token';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { batch } from '../../ports/database';

export const VERIFY_TOKEN_INVALID_MESSAGE = 'This verification link is not valid. Send a new one from your dashboard.';
export const VERIFY_TOKEN_USED_MESSAGE = 'This verification link has already been used.';
export const VERIFY_TOKEN_EXPIRED_MESSAGE = 'This verification link has expired. Send a new one from your dashboard.';
export const VERIFY_TOKEN_OTHER_EMAIL_MESSAGE =
  'This verification link was sent to an address your account no longer uses. Send a new one from your dashboard.';

function tokenError(message: string): ApiError {
  return new ApiError('invalid_input', message, { details: [{ path: 'token', message }] });
}

/**
 * Verifies an account's email with the token of a verification mail (no session needed: the link may be opened in
 * another browser). The token must exist, be unused, younger than 24 hours and sent to the account's current address.
 * One batch marks the account verified and uses up every verification token of that account, both guarded by "this
 * token is still unused", so of two concurrent clicks exactly one wins.
 */
export async function verifyEmail(
  services: Services,
  input: { token: string; clientIp: string },
): Promise<{ email: string }> {
  const { db, clock } = services;
  await enforceRateLimits(services.rateLimiter, [authLimits.verifyEmailPerIp(input.clientIp)], clock.now());
  const [row] = await db
    .select({
      id: emailVerificationTokens.id,
      userId: emailVerificationTokens.userId,
      email: emailVerificationTokens.email,
      expiresAt: emailVerificationTokens.expiresAt,
      usedAt: emailVerificationTokens.usedAt,
      currentEmail: users.email,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.tokenHash, hashOpaqueToken(input.token)))
    .limit(1);
  if (!row) throw tokenError(VERIFY_TOKEN_INVALID_MESSAGE);
  if (row.usedAt) throw tokenError(VERIFY_TOKEN_USED_MESSAGE);
  const at = clock.now().toISOString();
  if (row.expiresAt <= at) throw tokenError(VERIFY_TOKEN_EXPIRED_MESSAGE);
  if (row.email !== row.currentEmail) throw tokenError(VERIFY_TOKEN_OTHER_EMAIL_MESSAGE);

  const stillUnused = sql`exists (select 1 from ${emailVerificationTokens} where ${emailVerificationTokens.id} = ${row.id} and ${emailVerificationTokens.usedAt} is null and ${emailVerificationTokens.expiresAt} > ${at})`;
  const [verified] = await batch(db, [
    db
      .update(users)
      .set({ emailVerifiedAt: at, updatedAt: at })
      // Only while the address is still the one the mail went to; an already verified account keeps its first time.
      .where(and(eq(users.id, row.userId), eq(users.email, row.email), isNull(users.emailVerifiedAt), stillUnused))
      .returning({ id: users.id }),
    db
      .update(emailVerificationTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailVerificationTokens.userId, row.userId),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, at),
          stillUnused,
        ),
      ),
  ]);
  if (verified.length === 0) {
    // A concurrent click used the token first, or the account was already verified by another of its links.
    throw tokenError(VERIFY_TOKEN_USED_MESSAGE);
  }
  return { email: row.email };
}
