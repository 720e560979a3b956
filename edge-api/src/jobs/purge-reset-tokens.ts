import { lt } from 'drizzle-orm';
import { passwordResetTokens } from '../db/schema';
import type { Services } from '../env';

/** Deletes password reset tokens that expired more than `olderThanMs` ago (used or not: neither works any more). */
export async function purgeResetTokens(services: Services, olderThanMs: number): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - olderThanMs).toISOString();
  const deleted = await services.db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, cutoff))
    .returning({ id: passwordResetTokens.id });
  return deleted.length;
}
