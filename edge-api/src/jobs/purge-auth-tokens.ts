import { lt } from 'drizzle-orm';
import { emailVerificationTokens, mfaChallenges, passwordResetTokens } from '../db/schema';
import type { Services } from '../env';

/**
 * Deletes password reset tokens, email verification tokens and login 2FA challenges that expired more than `olderThanMs` ago (used or not:
 * neither works any more).
 */
export async function purgeAuthTokens(services: Services, olderThanMs: number): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - olderThanMs).toISOString();
  const resets = await services.db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, cutoff))
    .returning({ id: passwordResetTokens.id });
  const challenges = await services.db
    .delete(mfaChallenges)
    .where(lt(mfaChallenges.expiresAt, cutoff))
    .returning({ id: mfaChallenges.id });
  const verifications = await services.db
    .delete(emailVerificationTokens)
    .where(lt(emailVerificationTokens.expiresAt, cutoff))
    .returning({ id: emailVerificationTokens.id });
  return resets.length + challenges.length + verifications.length;
}
