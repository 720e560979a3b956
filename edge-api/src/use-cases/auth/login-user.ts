import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { issueSession, type Session } from './issue-session';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface LoginUserInput {
  email: string;
  password: string;
  clientIp: string;
}

/**
 * Checks the credentials and answers with a session. A wrong email and a wrong password fail the same way, in the same
 * time (an unknown email is checked against a dummy hash). Throttled per IP and per IP+email.
 */
export async function loginUser(services: Services, input: LoginUserInput): Promise<Session> {
  const { db, clock } = services;
  const email = input.email.trim().toLowerCase();
  await enforceRateLimits(
    services.rateLimiter,
    [authLimits.loginPerIpAndEmail(input.clientIp, email), authLimits.loginPerIp(input.clientIp)],
    clock.now(),
  );

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new ApiError('unauthorized', INVALID_CREDENTIALS_MESSAGE);

  if (needsRehash(user.passwordHash)) {
    // Parameters were raised since this hash was made: upgrade it now that we know the password.
    const passwordHash = await hashPassword(input.password);
    const updatedAt = clock.now().toISOString();
    await db.update(users).set({ passwordHash, updatedAt }).where(eq(users.id, user.id));
    return issueSession(services, { ...user, passwordHash, updatedAt });
  }
  return issueSession(services, user);
}
