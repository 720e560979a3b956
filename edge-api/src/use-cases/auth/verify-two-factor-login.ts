import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { mfaChallenges, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { issueSession, type Session } from './issue-session';
import { acceptRecoveryCode, acceptTotpCode, twoFactorOf } from './two-factor-codes';

export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
export const MFA_MAX_FAILED_ATTEMPTS = 5;
export const MFA_EXPIRED_MESSAGE = 'Your sign-in has expired. Please log in again.';
export const MFA_INVALID_CODE_MESSAGE = 'Invalid authentication code';

/** The password was right and 2FA is on: a challenge the second step answers (only its hash is stored). */
export async function startMfaChallenge(services: Services, userId: string): Promise<string> {
  const token = newOpaqueToken();
  const now = services.clock.now();
  await services.db.insert(mfaChallenges).values({
    id: newId('mfa'),
    userId,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS).toISOString(),
  });
  return token;
}

/**
 * The login's second step: the mfaToken from POST /api/auth/login and a code from the app (or a recovery code). A
 * challenge allows 5 wrong codes and 5 minutes; the account is throttled like the other 2FA routes. Success spends the
 * challenge (compare-and-set) and opens the session.
 */
export async function verifyTwoFactorLogin(
  services: Services,
  input: { mfaToken: string; code: string; clientIp: string },
): Promise<Session> {
  const { db, clock } = services;
  await enforceRateLimits(services.rateLimiter, [authLimits.twoFactorPerIp(input.clientIp)], clock.now());
  const now = clock.now();
  const [challenge] = await db
    .select()
    .from(mfaChallenges)
    .where(eq(mfaChallenges.tokenHash, hashOpaqueToken(input.mfaToken)))
    .limit(1);
  const expired = new ApiError('unauthorized', MFA_EXPIRED_MESSAGE);
  if (!challenge || challenge.usedAt || Date.parse(challenge.expiresAt) <= now.getTime()) throw expired;
  if (challenge.failedAttempts >= MFA_MAX_FAILED_ATTEMPTS) throw expired;
  await enforceRateLimits(services.rateLimiter, [authLimits.twoFactorPerUser(challenge.userId)], now);

  const row = await twoFactorOf(services, challenge.userId);
  if (!row?.enabledAt) throw expired;
  const code = input.code.trim();
  const ok = /^\d{6}$/.test(code)
    ? await acceptTotpCode(services, row, code)
    : await acceptRecoveryCode(services, challenge.userId, code);
  if (!ok) {
    await db
      .update(mfaChallenges)
      .set({ failedAttempts: sql`${mfaChallenges.failedAttempts} + 1` })
      .where(eq(mfaChallenges.id, challenge.id));
    throw new ApiError('unauthorized', MFA_INVALID_CODE_MESSAGE);
  }
  const spent = await db
    .update(mfaChallenges)
    .set({ usedAt: now.toISOString() })
    .where(
      and(
        eq(mfaChallenges.id, challenge.id),
        isNull(mfaChallenges.usedAt),
        lt(mfaChallenges.failedAttempts, MFA_MAX_FAILED_ATTEMPTS),
      ),
    )
    .returning({ id: mfaChallenges.id });
  if (spent.length === 0) throw expired;
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user) throw expired;
  return issueSession(services, user);
}
