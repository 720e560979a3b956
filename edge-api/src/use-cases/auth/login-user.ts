import { and, eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import {
  ACCOUNT_LOGIN_RESET_MS,
  ACCOUNT_THROTTLED_MESSAGE,
  accountLoginDelayMs,
  authLimits,
  enforceRateLimits,
  rateLimited,
} from '../../lib/throttle';
import { issueSession, type Session } from './issue-session';
import { isTwoFactorEnabled } from './two-factor-codes';
import { startMfaChallenge } from './verify-two-factor-login';

/** The password was right but the account has 2FA on: the second step's token, no session yet. */
export interface MfaPending {
  mfaRequired: true;
  mfaToken: string;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface LoginUserInput {
  email: string;
  password: string;
  clientIp: string;
}

/**
 * Checks the credentials and answers with a session. A wrong email and a wrong password fail the same way, in the same
 * time (an unknown email is checked against a dummy hash). Throttled per IP, per IP+email, and per account from any
 * address (a progressive delay, see `accountLoginDelayMs`).
 */
export async function loginUser(services: Services, input: LoginUserInput): Promise<Session | MfaPending> {
  const { db, clock } = services;
  const email = input.email.trim().toLowerCase();
  await enforceRateLimits(
    services.rateLimiter,
    [authLimits.loginPerIpAndEmail(input.clientIp, email), authLimits.loginPerIp(input.clientIp)],
    clock.now(),
  );

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user) await claimLoginAttempt(services, user);
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash(services.config.passwordParams)),
  );
  if (!user || !ok) throw new ApiError('unauthorized', INVALID_CREDENTIALS_MESSAGE);

  // Logged in: the account's count starts again. Parameters raised since this hash was made: upgrade it now that we
  // know the password.
  const updatedAt = clock.now().toISOString();
  const passwordHash = needsRehash(user.passwordHash, services.config.passwordParams)
    ? await hashPassword(input.password, services.config.passwordParams)
    : user.passwordHash;
  const changes = {
    failedLogins: 0,
    loginRetryAt: null,
    ...(passwordHash !== user.passwordHash && { passwordHash, updatedAt }),
  };
  await db.update(users).set(changes).where(eq(users.id, user.id));
  if (await isTwoFactorEnabled(services, user.id)) {
    return { mfaRequired: true, mfaToken: await startMfaChallenge(services, user.id) };
  }
  return issueSession(services, { ...user, ...changes });
}

/**
 * Counts this attempt against the account before the password is checked (so parallel guesses cannot all slip in
 * before the first failure is recorded), or refuses it (429 + Retry-After) while the account's delay runs. The count
 * is advanced by compare-and-set on `failed_logins`: of concurrent attempts only one claims each step, the others are
 * refused for a second. A refused attempt changes nothing, so hammering does not extend the wait.
 */
async function claimLoginAttempt(services: Services, user: User): Promise<void> {
  const now = services.clock.now();
  const retryAtMs = user.loginRetryAt ? Date.parse(user.loginRetryAt) : Number.NEGATIVE_INFINITY;
  if (retryAtMs > now.getTime()) {
    throw rateLimited(ACCOUNT_THROTTLED_MESSAGE, retryAtMs, now, `account login delay for ${user.id}`);
  }
  // A day without attempts forgets the earlier ones.
  const stale = now.getTime() - retryAtMs > ACCOUNT_LOGIN_RESET_MS;
  const attempts = (stale ? 0 : user.failedLogins) + 1;
  const loginRetryAt = new Date(now.getTime() + accountLoginDelayMs(attempts)).toISOString();
  const claimed = await services.db
    .update(users)
    .set({ failedLogins: attempts, loginRetryAt })
    .where(and(eq(users.id, user.id), eq(users.failedLogins, user.failedLogins)))
    .returning({ id: users.id });
  if (claimed.length === 0) {
    throw rateLimited(ACCOUNT_THROTTLED_MESSAGE, now.getTime() + 1000, now, `concurrent login attempts for ${user.id}`);
  }
}
