import { eq } from 'drizzle-orm';
import { emailVerificationTokens, users } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token';

/** How long a verification link works. A day: long enough to find the mail, short enough not to linger. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/**
 * Makes an email verification token for the account (run by the `mail.send` job, so the token never travels through
 * the queue). Only its hash is stored, with the address the mail goes to. Null when there is nothing to verify: the
 * account is gone or its address is already verified.
 */
export async function issueEmailVerification(
  services: Services,
  userId: string,
): Promise<{ token: string; name: string; email: string } | null> {
  const { db, clock } = services;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.verifiedAt) return null;
  const token = newOpaqueToken();
  const now = clock.now();
  await db.insert(emailVerificationTokens).values({
    id: newId('evt'),
    userId: user.id,
    email: user.email,
    tokenHash: hashOpaqueToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000).toISOString(),
  });
  return { token, name: user.name, email: user.email };
}
